// What other features use of clients: the list (the receipt form's select), creating one from
// the receipt form, and the client's credit summary shown when a sale picks a client. Its query
// keys, which a sale refreshes, are in lib/query-keys.ts.
import { lazyDialog } from '../../lib/lazy-dialog';

// Invoicing: the client's saved fiscal data ('Facturar') and the choices of its fields (the
// autofactura page's form too).
export { useClientDetails, useClients } from './api/clients';
export { fiscalOptions } from './fiscal';
// Loaded when first shown: its form and schemas (zod) would otherwise come with anything that
// imports this file, the counter's first screen among them.
export const CreateClientModal = lazyDialog(() =>
  import('./components/CreateClientModal').then((m) => m.CreateClientModal),
);
export { ClientCreditSummary } from './components/ClientCreditSummary';
// The counter's abono (F9): the client's saldo and the abono itself.
export { useAddClientPayment, useClientCredit } from './api/credit';
