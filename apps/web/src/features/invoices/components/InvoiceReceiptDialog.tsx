import type { Receipt } from '@mostrador/shared';
import { InvoiceDialog } from './InvoiceDialog';

/** 'Facturar' from a receipt's menu: the dialog for that one receipt and its client. */
export function InvoiceReceiptDialog({
  receipt,
  opened,
  onClose,
}: {
  receipt: Receipt;
  opened: boolean;
  onClose: () => void;
}) {
  return <InvoiceDialog receipts={[receipt]} clientId={receipt.clientId} opened={opened} onClose={onClose} />;
}
