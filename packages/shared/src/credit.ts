// Fiado rules, in integer centavos: a client's balance and overdue part, the credit limit, how
// one abono is spread over the client's receipts, the receivables aging and the account
// statement. The server computes with these; the web app shows what they give.
import { businessDayOf, ymdDaysBetween } from './dates.js';
import type { PaymentMethod } from './enums.js';

/** Plazo a new client gets: a credit sale is overdue this many days after its day. */
export const DEFAULT_CREDIT_DAYS = 30;
export const MAX_CREDIT_DAYS = 365;
/** How long a shared statement link works. */
export const STATEMENT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A Pending credit receipt and what is still owed on it. */
export interface OpenReceipt {
  id: number;
  /** The sale's instant. */
  date: number;
  balanceCents: number;
}

export interface CreditTerms {
  /** Null: the client has no limit. */
  creditLimitCents: number | null;
  creditDays: number;
}

export interface CreditSummaryCents {
  balanceCents: number;
  overdueCents: number;
  /** What the client may still take on credit; null without a limit (never below 0). */
  availableCents: number | null;
}

/** Whole Monterrey calendar days from the day of `from` to the day of `to`. */
export function businessDaysBetween(from: number, to: number): number {
  return ymdDaysBetween(businessDayOf(from), businessDayOf(to));
}

/** A sale is overdue once more days than its plazo have passed since the day it was made. */
export function isOverdue(saleDate: number, creditDays: number, now: number): boolean {
  return businessDaysBetween(saleDate, now) > creditDays;
}

/** The last day a credit sale is not yet overdue (its day plus the plazo), DD/MM/YYYY as printed. */
export function creditDueDay(saleDate: number, creditDays: number): string {
  const due = new Date(Date.parse(`${businessDayOf(saleDate)}T00:00:00Z`) + creditDays * 86_400_000);
  return due.toISOString().slice(0, 10).split('-').reverse().join('/');
}

export function creditSummary(open: readonly OpenReceipt[], terms: CreditTerms, now: number): CreditSummaryCents {
  let balanceCents = 0;
  let overdueCents = 0;
  for (const receipt of open) {
    balanceCents += receipt.balanceCents;
    if (isOverdue(receipt.date, terms.creditDays, now)) overdueCents += receipt.balanceCents;
  }
  const availableCents = terms.creditLimitCents === null ? null : Math.max(0, terms.creditLimitCents - balanceCents);
  return { balanceCents, overdueCents, availableCents };
}

/** The 409 of a credit sale over the limit starts so; the receipt form offers to authorise it. */
export const OVER_CREDIT_LIMIT = 'El cliente excede su límite de crédito';
export const overCreditLimitMessage = (limit: string, balance: string) =>
  `${OVER_CREDIT_LIMIT} (límite ${limit}, saldo ${balance}).`;

/** True when a credit sale of `saleCents` would take the balance over the limit. */
export function exceedsCreditLimit(creditLimitCents: number | null, balanceCents: number, saleCents: number): boolean {
  return creditLimitCents !== null && balanceCents + saleCents > creditLimitCents;
}

export interface Allocation {
  receiptId: number;
  amountCents: number;
  /** The payment brings this receipt to 0. */
  settles: boolean;
}

/** Oldest first: by sale date, then by folio. */
export const oldestFirst = (a: OpenReceipt, b: OpenReceipt) => a.date - b.date || a.id - b.id;

/**
 * One abono spread over the open receipts, oldest first: each takes what it owes until the
 * money runs out. The caller refuses an amount above the total owed; whatever is left over is
 * simply not allocated.
 */
export function allocatePayment(open: readonly OpenReceipt[], amountCents: number): Allocation[] {
  const allocations: Allocation[] = [];
  let left = amountCents;
  for (const receipt of [...open].sort(oldestFirst)) {
    if (left <= 0) break;
    if (receipt.balanceCents <= 0) continue;
    const amount = Math.min(left, receipt.balanceCents);
    allocations.push({ receiptId: receipt.id, amountCents: amount, settles: amount === receipt.balanceCents });
    left -= amount;
  }
  return allocations;
}

export const AGING_BUCKETS = ['days0to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export type Aging = Record<AgingBucket, number>;

/** The bucket of a sale by its age in Monterrey days: 0–30, 31–60, 61–90, over 90. */
export function agingBucketOf(saleDate: number, now: number): AgingBucket {
  const days = businessDaysBetween(saleDate, now);
  if (days <= 30) return 'days0to30';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'over90';
}

export function agingOf(open: readonly OpenReceipt[], now: number): Aging {
  const aging: Aging = { days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  for (const receipt of open) aging[agingBucketOf(receipt.date, now)] += receipt.balanceCents;
  return aging;
}

/**
 * What happened on a client's account: a credit sale, a payment, the cancellation of a payment
 * (the money is owed again), the cancellation of a sale (nothing is owed on it any more) and
 * the refund of what had been paid on a cancelled sale.
 */
export const ACCOUNT_EVENT_KINDS = ['sale', 'payment', 'paymentCancelled', 'cancellation', 'refund', 'return'] as const;
export type AccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];

export interface AccountEvent {
  at: number;
  receiptId: number;
  kind: AccountEventKind;
  /** Always positive; the kind gives the direction. */
  amountCents: number;
  note: string | null;
  /** How a payment line's money moved; absent for a sale or a cancellation. */
  method?: PaymentMethod | null;
}

const OWES_MORE: Record<AccountEventKind, 1 | -1> = {
  sale: 1,
  payment: -1,
  paymentCancelled: 1,
  cancellation: -1,
  refund: 1,
  /** Goods brought back (a devolución by line): what is owed goes down. */
  return: -1,
};
const KIND_ORDER: Record<AccountEventKind, number> = {
  sale: 0,
  payment: 1,
  paymentCancelled: 2,
  cancellation: 3,
  // The goods come back before the money that goes with them (a return's refund, same instant).
  return: 4,
  refund: 5,
};

export interface StatementLine extends AccountEvent {
  /** Signed: positive raises what the client owes. */
  changeCents: number;
  balanceCents: number;
}

export interface StatementCents {
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
  /** Of the closing balance, what is past its plazo at the end of the period. */
  overdueCents: number;
}

const byTime = (a: AccountEvent, b: AccountEvent) =>
  a.at - b.at || a.receiptId - b.receiptId || KIND_ORDER[a.kind] - KIND_ORDER[b.kind];

/** The statement of [from, to] (epoch ms, inclusive) from every event of the account. */
export function buildStatement(
  events: readonly AccountEvent[],
  { from, to, creditDays }: { from: number; to: number; creditDays: number },
): StatementCents {
  const sorted = [...events].filter((e) => e.at <= to).sort(byTime);
  let openingCents = 0;
  let balanceCents = 0;
  const lines: StatementLine[] = [];
  const owedByReceipt = new Map<number, number>();
  const saleDates = new Map<number, number>();
  for (const event of sorted) {
    const changeCents = OWES_MORE[event.kind] * event.amountCents;
    balanceCents += changeCents;
    owedByReceipt.set(event.receiptId, (owedByReceipt.get(event.receiptId) ?? 0) + changeCents);
    if (event.kind === 'sale') saleDates.set(event.receiptId, event.at);
    if (event.at < from) openingCents = balanceCents;
    else lines.push({ ...event, changeCents, balanceCents });
  }
  let overdueCents = 0;
  for (const [receiptId, owed] of owedByReceipt) {
    const saleDate = saleDates.get(receiptId);
    if (owed > 0 && saleDate !== undefined && isOverdue(saleDate, creditDays, to)) overdueCents += owed;
  }
  return { openingCents, lines, closingCents: balanceCents, overdueCents };
}

/**
 * wa.me link to a Mexican phone (+52 and its last 10 digits) with the text; null when the phone
 * has fewer than 10 digits.
 */
export function whatsappUrl(phone: string | null, text: string): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 10) return null;
  return `https://wa.me/52${digits.slice(-10)}?text=${encodeURIComponent(text)}`;
}

/** How a statement line reads: "Remisión #12", "Abono a remisión #12"… */
export function statementConcept(kind: AccountEventKind, receiptId: number): string {
  const folio = `remisión #${receiptId}`;
  switch (kind) {
    case 'sale':
      return `Remisión #${receiptId}`;
    case 'payment':
      return `Abono a ${folio}`;
    case 'paymentCancelled':
      return `Abono cancelado de ${folio}`;
    case 'cancellation':
      return `Cancelación de ${folio}`;
    case 'refund':
      return `Devolución de ${folio}`;
    case 'return':
      return `Mercancía devuelta de ${folio}`;
  }
}

/**
 * A statement line's whole concept: "Abono a remisión #12 · Tarjeta · Pago manual" (the payment's
 * method, when it has one, then its note; a shared statement's lines have none).
 */
export function statementLineConcept(line: {
  kind: AccountEventKind;
  receiptId: number;
  method?: PaymentMethod | null;
  note?: string | null;
}): string {
  return [statementConcept(line.kind, line.receiptId), line.method, line.note].filter(Boolean).join(' · ');
}
