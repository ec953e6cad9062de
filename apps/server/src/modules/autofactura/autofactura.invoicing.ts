import type { AutofacturaReceiver, InvoiceKind, InvoiceStatus, InvoiceSummary } from '@mostrador/shared';
import { conflict, notFound } from '../../lib/errors.js';
import { INVOICE_ERRORS, type InvoicingService } from '../invoicing/index.js';

// The seam between the autofactura and the invoicing service: the one file that calls it. The
// rest of the module (token, states, page, tickets) depends on this interface only.

/** The receipt's live invoice (its own, or a factura global that covers it). */
export interface ReceiptInvoice {
  invoiceId: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
}

export interface AutofacturaInvoicing {
  /** The invoice that holds the receipt now, if any. */
  receiptInvoiceState(receiptId: number): Promise<ReceiptInvoice | null>;
  /** Issues (seals and stamps) the receipt's invoice to the customer's receiver. */
  issue(receiptId: number, receiver: AutofacturaReceiver): Promise<InvoiceSummary>;
  summary(invoiceId: number): Promise<InvoiceSummary>;
  /** The stamped CFDI exactly as the PAC returned it, and its file name. */
  xml(invoiceId: number): Promise<{ name: string; xml: string }>;
  /** The invoice's printed representation (letter), and its file name. */
  pdf(invoiceId: number): Promise<{ name: string; pdf: Buffer }>;
}

/**
 * The invoicing service as the customer uses it: an invoice of that one receipt issued as the
 * autofactura (no permission check, nothing saved to a client), and its documents read without a
 * session's permission (the signed link is it).
 */
export function autofacturaInvoicingOf(invoicing: InvoicingService): AutofacturaInvoicing {
  return {
    receiptInvoiceState: (receiptId) => invoicing.receiptInvoiceState(receiptId),
    async issue(receiptId, receiver) {
      const { invoice } = await invoicing.create(
        { receiptIds: [receiptId], receiver, cfdiUse: receiver.cfdiUse },
        { autofactura: true },
      );
      return invoice;
    },
    summary: (invoiceId) => invoicing.detailsById(invoiceId),
    async xml(invoiceId) {
      const row = await invoicing.row(invoiceId);
      if (!row) throw notFound(INVOICE_ERRORS.invoiceMissing);
      if (!row.stampedXml) throw conflict(INVOICE_ERRORS.notStamped);
      return { name: `${row.series}-${row.folio}-${row.uuid}.xml`, xml: row.stampedXml };
    },
    pdf: (invoiceId) => invoicing.pdf(invoiceId, 'letter', null),
  };
}
