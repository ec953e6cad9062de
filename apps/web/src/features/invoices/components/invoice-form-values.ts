import type { ReceiverValues } from '../invoice-forms';

/** The 'Facturar' form: the receiver (used only when typed on the spot) and the two overrides. */
export interface InvoiceFormValues extends ReceiverValues {
  cfdiUse: string | null;
  paymentForm: string | null;
}
