// What other features use of clients: the list (the receipt form's select), creating one from
// the receipt form, and the query keys (a sale adds to a client's receipts).
export { useClients } from './api/clients';
export { clientKeys } from './api/keys';
export { CreateClientModal } from './components/CreateClientModal';
