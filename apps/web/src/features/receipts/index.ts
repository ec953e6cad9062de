// What other features use of receipts: the assistant's prefill of the receipt form. Its query keys,
// which a client's change refreshes, are in lib/query-keys.ts. Pages import the feature's parts
// directly.
export { initialReceiptFormValues, type ReceiptPrefill } from './receipt-form';
