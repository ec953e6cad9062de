// What other features and pages use of invoicing, kept light: the receipts list imports this file
// (who may invoice a receipt), so everything with a form, a catalog or a query loads on first use.
// Pages compose the screen and the client's section from their own files.
import { lazyDialog } from '../../lib/lazy-dialog';

export { mayInvoiceReceipt } from './may-invoice';
// 'Facturar' from a receipt's menu or page.
export const InvoiceReceiptDialog = lazyDialog(() =>
  import('./components/InvoiceReceiptDialog').then((m) => m.InvoiceReceiptDialog),
);
// The dashboard's and the cut's unbilled-sales warning: it shows nothing until its answer anyway.
export const UnbilledWarning = lazyDialog(() => import('./components/UnbilledWarning').then((m) => m.UnbilledWarning));
// The client's estado de cuenta: its complementos de pago with their PDFs.
export const StatementComplements = lazyDialog(() =>
  import('./components/StatementComplements').then((m) => m.StatementComplements),
);
// The dashboard's warning: abonos whose complemento de pago is still not stamped.
export const ComplementsDueWarning = lazyDialog(() =>
  import('./components/ComplementsDueWarning').then((m) => m.ComplementsDueWarning),
);
