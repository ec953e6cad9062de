// The receipts feature's public pieces, for pages and other features (client detail, assistant).
export { ReceiptCard } from './components/ReceiptCard';
export { CreateReceiptModal, type CreateReceiptModalProps } from './components/CreateReceiptModal';
export { useCreateReceiptModal } from './components/useCreateReceiptModal';
export { RECEIPT_ACTIONS, type ReceiptAction, type ReceiptActionDialogProps } from './components/receipt-actions';
export { CLIENT_CREATE_NEW, CLIENT_UNSPECIFIED, type ReceiptPrefill } from './receipt-form';
