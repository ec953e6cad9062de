// What other features use of printing: the copies modal (receipt action menu), the handling of
// receipt/create's printResult, whether a sale prints its ticket (the counter), and an abono's ticket.
import { lazyDialog } from '../../lib/lazy-dialog';

// Loaded when first shown: its form's schema (zod) stays out of the counter's first screen.
export const PrintCopiesModal = lazyDialog(() =>
  import('./components/PrintCopiesModal').then((m) => m.PrintCopiesModal),
);
export { handleCreatedPrintResult } from './api/print-result';
export { printingSettingsQuery, printsOnSale, usePrintingSettings } from './api/settings';
export { openPrintDialog } from './api/print-dialog';
export { notifyPrintFailure } from './api/print-result';
export { printAbonoTicket } from './api/print-abono';
