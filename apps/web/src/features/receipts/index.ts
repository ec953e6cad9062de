// What other features use of receipts: the assistant's prefill of the receipt form, and the query
// keys (a client's new name shows on their receipts). Pages import the feature's parts directly.
export { receiptKeys } from './api/keys';
export { initialReceiptFormValues, type ReceiptPrefill } from './receipt-form';
