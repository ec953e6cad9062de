import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@mostrador/shared';
import { INVOICE_STATUS_COLORS } from '../invoice-view';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={INVOICE_STATUS_COLORS[status]} variant="light" data-testid="invoice-status">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
