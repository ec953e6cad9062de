import { type InvoiceStatus, type InvoiceSummary } from '@mostrador/shared';
import { es } from '../../i18n/es';

// How an invoice reads on screen and what may be done with it, apart from React (unit-tested).

/** The status badge's colour: Vigente green, Por timbrar yellow, Rechazada red, en proceso orange, Cancelada gray. */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  stamped: 'green',
  pending: 'yellow',
  refused: 'red',
  cancelling: 'orange',
  cancelled: 'gray',
};

/** "A-12": the serie and folio as the shop and its customer name the invoice. */
export function invoiceNumber(invoice: Pick<InvoiceSummary, 'series' | 'folio'>): string {
  return invoice.series ? `${invoice.series}-${invoice.folio}` : String(invoice.folio);
}

/**
 * How a card titles it: "A-12", "Nota de crédito NC-2" for an egreso, "Complemento de pago P-3"
 * for a CFDI tipo P.
 */
export function invoiceTitle(invoice: Pick<InvoiceSummary, 'kind' | 'series' | 'folio'>): string {
  const number = invoiceNumber(invoice);
  if (invoice.kind === 'credit') return es.invoices.creditNote(number);
  return invoice.kind === 'payment' ? es.invoices.paymentComplement(number) : number;
}

/** "1A2B3C4D…9F0E": the UUID's first and last characters, enough to tell invoices apart in a list. */
export function shortUuid(uuid: string | null): string {
  if (!uuid) return '—';
  return uuid.length <= 13 ? uuid : `${uuid.slice(0, 8)}…${uuid.slice(-4)}`;
}

export type InvoiceAction = 'pdf' | 'ticket' | 'xml' | 'share' | 'retry' | 'cancel';

/**
 * What a row offers. The documents (PDF, ticket, XML, WhatsApp) exist once the PAC stamped it,
 * and stay for a cancelled one (its acuse matters to the customer too); 'Reintentar' is for an
 * invoice still 'Por timbrar'; 'Cancelar' for a Vigente one.
 */
export function invoiceActions(status: InvoiceStatus): InvoiceAction[] {
  const stamped = status === 'stamped' || status === 'cancelling' || status === 'cancelled';
  const actions: InvoiceAction[] = stamped ? ['pdf', 'ticket', 'xml', 'share'] : [];
  if (status === 'pending') actions.push('retry');
  if (status === 'stamped') actions.push('cancel');
  return actions;
}

/** The PAC's words are worth showing while the invoice is not stamped (why it was refused or is waiting). */
export function showsPacMessage(invoice: Pick<InvoiceSummary, 'status' | 'pacMessage'>): boolean {
  return (invoice.status === 'refused' || invoice.status === 'pending') && Boolean(invoice.pacMessage);
}
