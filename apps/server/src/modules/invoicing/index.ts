// The invoicing module's public entry: the service other modules call (the PDF, the share link and
// the autofactura build on `create(body, { autofactura: true })`, `receiptInvoiceState`,
// `detailsById` and `row`), its messages, and the configured PAC.
export { createInvoicingService, type InvoicingService } from './invoicing.service.js';
export { INVOICE_ERRORS, type InvoicingDeps } from './invoicing.context.js';
export type { InvoiceIssuer, IssueResult } from './invoicing.issue.js';
export { pacFromConfig } from './pac/index.js';
