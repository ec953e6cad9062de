// Receipt money rules, in integer centavos. The server computes each
// receipt's total/paid/balance with totalsFromCents; the web app with receiptTotals. Same code.
import type { PaymentReason } from './enums.js';
import { pesosToCents } from './money.js';
import { lineTotalCents, lineTotalFromPesos } from './pricing.js';
import { toMilli } from './quantities.js';

/**
 * Optional request header of receipt/create (and a client's payment): a retry with the same key
 * returns the first answer. Here, not with the schemas, so the counter sends it without loading zod.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

// The message when a credit sale names no client (the schema's rule, the counter's warning).
export const CREDIT_NEEDS_CLIENT_TITLE = 'Cliente requerido';
export const CREDIT_NEEDS_CLIENT = 'Para usar la forma de pago Crédito, debes seleccionar un cliente.';

export interface ReceiptTotalsCents {
  totalCents: number;
  /** What its returns took off the total. */
  returnedCents: number;
  /** totalCents − returnedCents. */
  netTotalCents: number;
  paidCents: number;
  /** netTotalCents − paidCents. */
  balanceCents: number;
}

export function totalsFromCents(
  /** quantity: decimal, at most 3 decimals; each line rounds to the centavo (lineTotalCents). */
  items: ReadonlyArray<{ quantity: number; priceCents: number }>,
  payments: ReadonlyArray<{ amountCents: number; reason: PaymentReason; isEnabled: boolean }>,
  /** Σ of the receipt's returns (returns.ts returnLineCents). */
  returnedCents = 0,
): ReceiptTotalsCents {
  const totalCents = items.reduce((sum, item) => sum + lineTotalCents(item.priceCents, toMilli(item.quantity)), 0);
  const paidCents = payments.reduce(
    (sum, p) => (p.isEnabled ? sum + (p.reason === 'REMOVE' ? -p.amountCents : p.amountCents) : sum),
    0,
  );
  const netTotalCents = totalCents - returnedCents;
  return { totalCents, returnedCents, netTotalCents, paidCents, balanceCents: netTotalCents - paidCents };
}

/**
 * Σ price × quantity of the typed prices of a create-receipt payload, in centavos (lines without
 * a price take the product's, which only the server knows, and count 0 here).
 */
export function receiptInputTotalCents(items: ReadonlyArray<{ quantity: number; price?: number | null }>): number {
  return items.reduce((sum, item) => sum + (item.price == null ? 0 : lineTotalFromPesos(item.price, item.quantity)), 0);
}

/** The same rule over a receipt as the API sends it (pesos). */
export function receiptTotals(receipt: {
  items: ReadonlyArray<{ quantity: number; price: number }>;
  payments: ReadonlyArray<{ amount: number; reason: PaymentReason; isEnabled: boolean }>;
  /** Σ of its returns, pesos (none when absent). */
  returned?: number;
}): ReceiptTotalsCents {
  return totalsFromCents(
    receipt.items.map((item) => ({ quantity: item.quantity, priceCents: pesosToCents(item.price) })),
    receipt.payments.map((p) => ({ amountCents: pesosToCents(p.amount), reason: p.reason, isEnabled: p.isEnabled })),
    pesosToCents(receipt.returned ?? 0),
  );
}

/** What went back to the client (enabled REMOVE payments: the refund of a cancelled receipt), in centavos. */
export function refundedCents(receipt: {
  payments: ReadonlyArray<{ amount: number; reason: PaymentReason; isEnabled: boolean }>;
}): number {
  return receipt.payments.reduce(
    (sum, p) => (p.isEnabled && p.reason === 'REMOVE' ? sum + pesosToCents(p.amount) : sum),
    0,
  );
}

/** "Nombre Apellido" of a receipt's client, or null when the receipt has none. */
export function clientFullName(
  client: { firstName: string; lastName: string | null } | null | undefined,
): string | null {
  if (!client) return null;
  return [client.firstName, client.lastName].filter(Boolean).join(' ').trim() || null;
}

export const PAYMENT_MINIMUM_CENTS = 100;
export const PAYMENT_MINIMUM_MESSAGE = 'El monto debe ser al menos 1.';

/**
 * A payment is at least $1, except the one that settles a smaller balance exactly (else a
 * balance of $0.50 could never be paid). Over the balance is for the caller to refuse.
 */
export function isBelowPaymentMinimum(amountCents: number, balanceCents: number): boolean {
  return amountCents <= 0 || (amountCents < PAYMENT_MINIMUM_CENTS && amountCents !== balanceCents);
}
