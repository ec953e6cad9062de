import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type Receipt } from '@mostrador/shared';

type ReceiptInvoice = NonNullable<Receipt['invoice']>;
type ReceiptCreditNote = NonNullable<Receipt['creditNotes']>[number];

/** The invoice the receipt is in: 'Factura A-12', or 'Global A-30' for a factura global. */
export function ReceiptInvoiceBadge({ invoice }: { invoice: ReceiptInvoice }) {
  const label = `${invoice.kind === 'global' ? 'Global' : 'Factura'} ${invoice.number}`;
  return (
    <Badge
      color={invoice.status === 'stamped' ? 'indigo' : 'yellow'}
      variant="outline"
      title={INVOICE_STATUS_LABELS[invoice.status]}
      data-testid="receipt-invoice"
    >
      {invoice.status === 'stamped' ? label : `${label} · ${INVOICE_STATUS_LABELS[invoice.status]}`}
    </Badge>
  );
}

/** A nota de crédito of the receipt (a return, or its cancellation): 'Nota de crédito NC-2'. */
export function ReceiptCreditNoteBadge({ creditNote }: { creditNote: ReceiptCreditNote }) {
  const label = `Nota de crédito ${creditNote.number}`;
  return (
    <Badge
      color={creditNote.status === 'stamped' ? 'indigo' : 'yellow'}
      variant="outline"
      title={INVOICE_STATUS_LABELS[creditNote.status]}
      data-testid="receipt-credit-note"
    >
      {creditNote.status === 'stamped' ? label : `${label} · ${INVOICE_STATUS_LABELS[creditNote.status]}`}
    </Badge>
  );
}
