import {
  DEFAULT_PAYMENT_METHOD,
  formatDateTime,
  formatPayment,
  formatQuantity,
  formatShortDate,
  IVA_RATES,
  ivaLabel,
  type IvaRate,
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
  subtotal: 'Subtotal',
  ieps: 'IEPS',
  iva: 'IVA',
  /** One IVA line per rate when the receipt has several: 'IVA 16 %', 'IVA 8 %'. */
  ivaAt: (rate: IvaRate) => ivaLabel(rate),
  total: 'Total',
  /** A return (devolución) by line, and the total left after the returns. */
  returnLine: (id: number, date: string) => `Devolución #${id} ${date}`,
  netTotal: 'Total neto',
  paid: 'Pagado',
  balance: 'Saldo',
  payments: 'Pagos',
  noPayments: 'Sin pagos registrados.',
  paymentCancelled: '(cancelado)',
  copy: 'COPIA',
  /** A cash sale's method, in capitals: 'EFECTIVO', 'TARJETA', 'TRANSFERENCIA'. */
  method: (method: string) => method.toUpperCase(),
  received: 'Recibido',
  change: 'Cambio',
  dueDay: 'Vence',
  /** The promissory line of a credit ticket, signed by the client. */
  promise: (business: string, total: string, dueDay: string | null) =>
    dueDay
      ? `Debo y pagaré a ${business} la cantidad de ${total} a más tardar el ${dueDay}.`
      : `Debo y pagaré a ${business} la cantidad de ${total}.`,
  signature: (client: string | null) => (client ? `Firma: ${client}` : 'Firma'),
  /** Over the autofactura link and its QR, at the bottom. */
  invoiceHere: 'Factura tu compra en:',
} as const;

const T = TICKET_TEXTS;

/** The business as the shop's settings say (name, address, phone, RFC, footer, logo). */
export interface BusinessInfo {
  name: string;
  /** Address, phone, RFC… one entry per printed line. */
  details: string[];
  /** Printed at the end; empty lines are left out. */
  footer: string[];
  /** Drawn at the top of the PDFs; the thermal ticket leaves it out. */
  logo?: { data: Buffer; type: string } | null;
}

/** The shop's identity as printed: the address's lines, 'Tel.' and 'RFC' each on a line of their own. */
export function businessInfoOf(identity: {
  businessName: string;
  address: string;
  phone: string;
  rfc: string;
  ticketFooter: string;
  logo?: { data: Buffer; type: string } | null;
}): BusinessInfo {
  return {
    name: identity.businessName,
    details: [
      ...splitLines(identity.address),
      ...(identity.phone ? [`Tel. ${identity.phone}`] : []),
      ...(identity.rfc ? [`RFC ${identity.rfc}`] : []),
    ],
    footer: splitLines(identity.ticketFooter),
    logo: identity.logo ?? null,
  };
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
  /** Which of the totals the PDF prints a size larger (the amount to pay); default the first. */
  largeTotal?: number;
  /** Credit receipts only; null for cash. */
  payments: TicketPayment[] | null;
  /** A credit ticket's 'Debo y pagaré' and who signs it, printed with room for the signature. */
  promissory?: { text: string; signer: string } | null;
  /** The receipt's autofactura link, printed at the bottom with its QR; null when the shop can't invoice it. */
  invoiceLink?: string | null;
}

/**
 * What a receipt's ticket needs beyond the receipt: a credit sale's due day (DD/MM/YYYY), and its
 * autofactura link when the shop can invoice it.
 */
export interface TicketExtras {
  dueDay?: string | null;
  invoiceLink?: string | null;
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
 * The taxes the receipt's total includes, as each line was split at the time of sale: the
 * Subtotal (Σ bases), the IEPS when there is any, and the IVA, one line per rate when the lines
 * have several (exento lines carry no IVA, so they add no line); all exento or 0 %: 'IVA $0.00'.
 */
export function taxRows(receipt: Pick<Receipt, 'items' | 'subtotal' | 'ieps' | 'iva'>): TicketRow[] {
  const rows: TicketRow[] = [{ label: T.subtotal, value: money(receipt.subtotal) }];
  if (receipt.ieps !== 0) rows.push({ label: T.ieps, value: money(receipt.ieps) });
  const ivaCentsByRate = new Map<IvaRate, number>();
  for (const item of receipt.items) {
    if (item.ivaRate === 'exento') continue;
    ivaCentsByRate.set(item.ivaRate, (ivaCentsByRate.get(item.ivaRate) ?? 0) + pesosToCents(item.iva));
  }
  if (ivaCentsByRate.size <= 1) return [...rows, { label: T.iva, value: money(receipt.iva) }];
  // IVA_RATES' order: 16 %, 8 %, 0 %.
  for (const rate of IVA_RATES) {
    const cents = ivaCentsByRate.get(rate);
    if (cents !== undefined) rows.push({ label: T.ivaAt(rate), value: formatPayment(cents) });
  }
  return rows;
}

/**
 * The ticket of a receipt as the database holds it. Every amount is shown to the centavo (a
 * printed receipt is a record of money; the screen's rounded totals are for reading at a glance).
 */
export function buildTicket(receipt: Receipt, business: BusinessInfo, extras: TicketExtras = {}): Ticket {
  const credit = receipt.paymentMode === 'Credit';
  // A cash sale's own payment (the first ADD): its method, and in Efectivo what was handed over.
  const cashPayment = credit ? undefined : receipt.payments.find((p) => p.reason === 'ADD');
  const method = cashPayment?.method ?? DEFAULT_PAYMENT_METHOD;
  const rows: TicketRow[] = [
    { label: T.date, value: plainSpaces(formatDateTime(receipt.date)) },
    { label: T.client, value: receipt.client?.name || T.noClient },
    { label: T.seller, value: receipt.user.name },
    {
      label: T.paymentMode,
      value: credit ? PAYMENT_MODE_LABELS[receipt.paymentMode] : T.method(method),
      bold: !credit,
    },
    { label: T.state, value: RECEIPT_STATE_LABELS[receipt.state], bold: receipt.state === 'Cancelled' },
  ];
  const items = receipt.items.map((item) => ({
    name: item.product.name,
    detail: T.quantityTimesPrice(formatQuantity(item.quantity), item.product.units, money(item.price)),
    total: money(item.total),
  }));
  // The taxes the total includes, above it: what the total is made of, as on an invoice.
  const taxes = taxRows(receipt);
  const totals: TicketRow[] = [...taxes, { label: T.total, value: money(receipt.total), bold: true }];
  for (const r of receipt.returns) {
    totals.push({ label: T.returnLine(r.id, plainSpaces(formatShortDate(r.createdAt))), value: money(-r.amount) });
  }
  if (receipt.returns.length > 0) totals.push({ label: T.netTotal, value: money(receipt.netTotal), bold: true });
  totals.push({ label: T.paid, value: money(receipt.paid) });
  if (method === 'Efectivo' && cashPayment?.received !== undefined) {
    const receivedCents = pesosToCents(cashPayment.received);
    totals.push(
      { label: T.received, value: formatPayment(receivedCents) },
      { label: T.change, value: formatPayment(receivedCents - pesosToCents(receipt.total)), bold: true },
    );
  }
  if (credit) totals.push({ label: T.balance, value: money(receipt.balance), bold: true });
  const dueDay = credit ? (extras.dueDay ?? null) : null;
  if (dueDay) totals.push({ label: T.dueDay, value: dueDay, bold: true });
  const payments = credit
    ? receipt.payments.map((p) => ({
        date: plainSpaces(formatShortDate(p.createdAt)),
        note: p.note ?? '',
        amount: money(p.reason === 'REMOVE' ? -p.amount : p.amount),
        cancelled: !p.isEnabled,
      }))
    : null;
  const promissory =
    credit && receipt.state !== 'Cancelled'
      ? {
          text: T.promise(business.name, money(receipt.total), dueDay),
          signer: T.signature(receipt.client?.name || null),
        }
      : null;
  return {
    business,
    folio: T.folio(receipt.id),
    rows,
    items,
    totals,
    largeTotal: taxes.length,
    payments,
    promissory,
    invoiceLink: extras.invoiceLink ?? null,
  };
}
