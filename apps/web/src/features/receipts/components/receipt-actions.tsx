import type { Receipt } from '@mostrador/shared';
import { IconCashRegister, IconCircleX } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { es } from '../../../i18n/es';
import { ChangeStateModal } from './ChangeStateModal';
import { RegisterPaymentModal } from './RegisterPaymentModal';

export interface ReceiptActionDialogProps {
  receipt: Receipt;
  opened: boolean;
  onClose: () => void;
}

/** One entry of the receipt action menu (SPEC 2), and the dialog it opens. */
export interface ReceiptAction {
  key: string;
  label: string;
  icon: ComponentType<{ size?: number | string }>;
  color?: string;
  /** Whether the entry is offered for this receipt. */
  isAvailable: (receipt: Receipt) => boolean;
  Dialog: ComponentType<ReceiptActionDialogProps>;
}

function CancelReceiptDialog(props: ReceiptActionDialogProps) {
  return <ChangeStateModal {...props} initialTarget="Cancelled" />;
}

/**
 * The action menu, in order. The menu shows only to Protected-level roles (Admin, Manager).
 * Printing (its own issue) adds one entry here, e.g.
 * `{ key: 'print', label: es.printing.print, icon: IconPrinter, isAvailable: () => true, Dialog: PrintCopiesModal }`.
 */
export const RECEIPT_ACTIONS: ReceiptAction[] = [
  {
    key: 'addPayment',
    label: es.receipts.actions.addPayment,
    icon: IconCashRegister,
    isAvailable: (r) => r.paymentMode === 'Credit' && r.state === 'Pending',
    Dialog: RegisterPaymentModal,
  },
  {
    key: 'cancel',
    label: es.receipts.actions.cancel,
    icon: IconCircleX,
    color: 'red',
    isAvailable: (r) => r.state !== 'Cancelled',
    Dialog: CancelReceiptDialog,
  },
];
