import { PROTECTED_ACTIONS, type Receipt, type Requirement, type Role } from '@mostrador/shared';
import { IconArrowBackUp, IconCashRegister, IconCircleX, IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { es } from '../../../i18n/es';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { InvoiceReceiptDialog, mayInvoiceReceipt } from '../../invoices';

// Each dialog's code (forms, schemas, number inputs) loads when it is first opened, not with the list.
const RegisterPaymentModal = lazyDialog(() => import('./RegisterPaymentModal').then((m) => m.RegisterPaymentModal));
const ChangeStateModal = lazyDialog(() => import('./ChangeStateModal').then((m) => m.ChangeStateModal));
const PrintCopiesModal = lazyDialog(() => import('../../printing').then((m) => m.PrintCopiesModal));
const ReturnModal = lazyDialog(() => import('../../returns').then((m) => m.ReturnModal));

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
  /** Whether the entry is offered for this receipt to this user (null: unknown yet). */
  isAvailable: (receipt: Receipt, actor: { id: number; role: Role } | null) => boolean;
  Dialog: ComponentType<ReceiptActionDialogProps>;
}

function CancelReceiptDialog(props: ReceiptActionDialogProps) {
  return <ChangeStateModal {...props} initialTarget="Cancelled" />;
}

/**
 * The action menu, in order. Payments are for Protected-level roles (Admin, Manager); cancelling
 * too, or for a Seller with a supervisor's authorisation (the dialog asks for it); the last entry, print (offered in every state and to every role, so a seller can
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
    // Every role: a Seller's return beyond the shop's limit is refused by the server (a supervisor).
    key: 'return',
    label: es.returns.action,
    icon: IconArrowBackUp,
    requires: {},
    isAvailable: (r) => r.state !== 'Cancelled' && r.items.some((item) => item.returnedQuantity < item.quantity),
    Dialog: ReturnModal,
  },
  {
    key: 'cancel',
    label: es.receipts.actions.cancel,
    icon: IconCircleX,
    color: 'red',
    requires: {},
    isAvailable: (r) => r.state !== 'Cancelled',
    Dialog: CancelReceiptDialog,
  },
  {
    // Admin and Manager; a Seller on the receipt they just sold (the server holds to the same rule).
    key: 'invoice',
    label: es.invoices.receiptAction,
    icon: IconFileInvoice,
    requires: {},
    isAvailable: (r, actor) => mayInvoiceReceipt(actor, r, Date.now()),
    Dialog: InvoiceReceiptDialog,
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
