// What other features use of printing: the copies modal (receipt action menu), the handling of
// receipt/create's printResult, and whether a sale prints its ticket (the counter).
export { PrintCopiesModal } from './components/PrintCopiesModal';
export { handleCreatedPrintResult } from './api/print-result';
export { printsOnSale, usePrintingSettings } from './api/settings';
export { openPrintDialog } from './api/print-dialog';
