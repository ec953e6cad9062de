// What other features use of clients: the list (the receipt form's select), creating one from
// the receipt form, the query keys (a sale adds to a client's receipts), and the client's credit
// summary shown when a sale picks a client.
export { useClients } from './api/clients';
export { clientKeys } from './api/keys';
export { CreateClientModal } from './components/CreateClientModal';
export { ClientCreditSummary } from './components/ClientCreditSummary';
