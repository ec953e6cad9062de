import { PROTECTED_ACTIONS, type Receipt, type Requirement } from '@mostrador/shared';
import { IconCashRegister, IconCircleX, IconPrinter } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { es } from '../../../i18n/es';
import { lazyDialog } from '../../../lib/lazy-dialog';

// Each dialog's code (forms, schemas, number inputs) loads when it is first opened, not with the list.
const RegisterPaymentModal = lazyDialog(() => import('./RegisterPaymentModal').then((m) => m.RegisterPaymentModal));
const ChangeStateModal = lazyDialog(() => import('./ChangeStateModal').then((m) => m.ChangeStateModal));
const PrintCopiesModal = lazyDialog(() => import('../../printing').then((m) => m.PrintCopiesModal));

export interface ReceiptActionDialogProps {
  receipt: Receipt;
  opened: boolean;
  onClose: () => void;
}

/** One entry of the receipt action menu, and the dialog it opens. */
export interface ReceiptAction {
  key: string;
  label: string;
  icon: ComponentType<{ size?: number | string }>;
  color?: string;
  /** Who is offered the entry. */
  requires: Requirement;
  /** Whether the entry is offered for this receipt. */
  isAvailable: (receipt: Receipt) => boolean;
  Dialog: ComponentType<ReceiptActionDialogProps>;
}

function CancelReceiptDialog(props: ReceiptActionDialogProps) {
  return <ChangeStateModal {...props} initialTarget="Cancelled" />;
}

/**
 * The action menu, in order. Payments and cancelling are for Protected-level roles (Admin,
 * Manager); the last entry, print (offered in every state and to every role, so a seller can
 * reprint a ticket), is the printing feature's copies modal.
 */
export const RECEIPT_ACTIONS: ReceiptAction[] = [
  {
    key: 'addPayment',
    label: es.receipts.actions.addPayment,
    icon: IconCashRegister,
    requires: PROTECTED_ACTIONS,
    // A cash receipt whose payment was cancelled is Pending again, and is paid like a credit one.
    isAvailable: (r) => r.state === 'Pending',
    Dialog: RegisterPaymentModal,
  },
  {
    key: 'cancel',
    label: es.receipts.actions.cancel,
    icon: IconCircleX,
    color: 'red',
    requires: PROTECTED_ACTIONS,
    isAvailable: (r) => r.state !== 'Cancelled',
    Dialog: CancelReceiptDialog,
  },
  {
    key: 'print',
    label: es.printing.print,
    icon: IconPrinter,
    requires: {},
    isAvailable: () => true,
    Dialog: PrintCopiesModal,
  },
];
