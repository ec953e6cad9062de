// The public autofactura page's parts (app/routes/AutofacturaPage composes them).
export { useAutofactura } from './api';
export { AutofacturaForm } from './components/AutofacturaForm';
export { InvoiceReady } from './components/InvoiceReady';
export { ShopContact, ShopHeading } from './components/ShopContact';
export { TicketSummary } from './components/TicketSummary';
