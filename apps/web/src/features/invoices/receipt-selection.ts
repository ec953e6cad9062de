import type { InvoiceStatus, InvoiceSummary, Receipt } from '@mostrador/shared';

// Which of a client's receipts may still be invoiced ('Facturar' on the client detail), apart
// from React (unit-tested). The server refuses the others anyway; the screen only offers these.

/** An invoice in these states holds its receipts; a refused or cancelled one frees them. */
const HOLDING: readonly InvoiceStatus[] = ['pending', 'stamped', 'cancelling'];

/** The receipts the client's invoices still hold. */
export function invoicedReceiptIds(invoices: readonly Pick<InvoiceSummary, 'status' | 'receiptIds'>[]): Set<number> {
  const ids = new Set<number>();
  for (const invoice of invoices) {
    if (HOLDING.includes(invoice.status)) for (const id of invoice.receiptIds) ids.add(id);
  }
  return ids;
}

/** The receipts offered with a checkbox: not cancelled and not held by an invoice. */
export function selectableReceipts<R extends Pick<Receipt, 'id' | 'state'>>(
  receipts: readonly R[],
  invoiced: ReadonlySet<number>,
): R[] {
  return receipts.filter((receipt) => receipt.state !== 'Cancelled' && !invoiced.has(receipt.id));
}
