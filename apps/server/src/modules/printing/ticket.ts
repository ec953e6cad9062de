import {
  formatDateTime,
  formatPayment,
  formatQuantity,
  formatShortDate,
  PAYMENT_MODE_LABELS,
  pesosToCents,
  type Receipt,
  RECEIPT_STATE_LABELS,
} from '@mostrador/shared';
import { plainSpaces } from '../../lib/fold-text.js';

// What a printed receipt says, independent of where it is printed: the PDF (receipt.pdf.ts)
// and the thermal printer (escpos.ts) lay out this same ticket.

export const TICKET_TEXTS = {
  folio: (id: number) => `Remisión #${id}`,
  date: 'Fecha',
  client: 'Cliente',
  noClient: 'Público en general',
  seller: 'Vendedor',
  paymentMode: 'Forma de pago',
  state: 'Estado',
  product: 'Producto',
  amount: 'Importe',
  /** "2 kg × $25.00" */
  quantityTimesPrice: (quantity: string, units: string, price: string) => `${quantity} ${units} × ${price}`.trim(),
  total: 'Total',
  paid: 'Pagado',
  balance: 'Saldo',
  payments: 'Pagos',
  noPayments: 'Sin pagos registrados.',
  paymentCancelled: '(cancelado)',
  copy: 'COPIA',
} as const;

const T = TICKET_TEXTS;

/** The business as configured (BUSINESS_NAME, BUSINESS_DETAILS, RECEIPT_FOOTER). */
export interface BusinessInfo {
  name: string;
  /** Address, phone, RFC… one entry per printed line. */
  details: string[];
  /** Printed at the end; empty lines are left out. */
  footer: string[];
}

export interface TicketRow {
  label: string;
  value: string;
  bold?: boolean;
}

export interface TicketItem {
  name: string;
  /** "2 kg × $25.00" */
  detail: string;
  total: string;
}

export interface TicketPayment {
  date: string;
  note: string;
  amount: string;
  cancelled: boolean;
}

export interface Ticket {
  business: BusinessInfo;
  folio: string;
  rows: TicketRow[];
  items: TicketItem[];
  /** The heading over the items; default 'Producto' / 'Importe'; null leaves the items block out. */
  itemsHeading?: TicketRow | null;
  totals: TicketRow[];
  /** Credit receipts only; null for cash. */
  payments: TicketPayment[] | null;
}

/** '|' or new lines (real ones, or a literal "\n" as typed in a .env file) separate the lines. */
export function splitLines(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\||\r?\n|\\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const money = (pesos: number) => formatPayment(pesosToCents(pesos));

/**
 * The ticket of a receipt as the database holds it. Every amount is shown to the centavo (a
 * printed receipt is a record of money; the screen's rounded totals are for reading at a glance).
 */
export function buildTicket(receipt: Receipt, business: BusinessInfo): Ticket {
  const rows: TicketRow[] = [
    { label: T.date, value: plainSpaces(formatDateTime(receipt.date)) },
    { label: T.client, value: receipt.client?.name || T.noClient },
    { label: T.seller, value: receipt.user.name },
    { label: T.paymentMode, value: PAYMENT_MODE_LABELS[receipt.paymentMode] },
    { label: T.state, value: RECEIPT_STATE_LABELS[receipt.state], bold: receipt.state === 'Cancelled' },
  ];
  const items = receipt.items.map((item) => ({
    name: item.product.name,
    detail: T.quantityTimesPrice(formatQuantity(item.quantity), item.product.units, money(item.price)),
    total: money(item.total),
  }));
  const credit = receipt.paymentMode === 'Credit';
  const totals: TicketRow[] = [
    { label: T.total, value: money(receipt.total), bold: true },
    { label: T.paid, value: money(receipt.paid) },
  ];
  if (credit) totals.push({ label: T.balance, value: money(receipt.balance), bold: true });
  const payments = credit
    ? receipt.payments.map((p) => ({
        date: plainSpaces(formatShortDate(p.createdAt)),
        note: p.note ?? '',
        amount: money(p.reason === 'REMOVE' ? -p.amount : p.amount),
        cancelled: !p.isEnabled,
      }))
    : null;
  return { business, folio: T.folio(receipt.id), rows, items, totals, payments };
}
