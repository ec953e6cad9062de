// The autofactura module's public entry: the service (printing asks it for a ticket's link) and
// the seam invoicing is wired through.
export { createAutofacturaService, type AutofacturaService } from './autofactura.service.js';
export { type AutofacturaInvoicing, autofacturaInvoicingOf } from './autofactura.invoicing.js';
