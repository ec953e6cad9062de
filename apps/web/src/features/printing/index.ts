// What other features use of printing: the copies modal (receipt action menu) and the handling of
// receipt/create's printResult.
export { PrintCopiesModal } from './components/PrintCopiesModal';
export { handleCreatedPrintResult } from './api/print-result';
