import type { AccessRow } from './types.js';

// Invoicing is Admin's and Manager's; a Seller may invoice the receipt they just sold and read
// what they invoiced (the service checks which ones). Payloads are left invalid (400) so no call
// needs a PAC: this app has none configured.
export const rows: AccessRow[] = [
  { method: 'POST', route: '/api/invoice/create', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'POST', route: '/api/invoice/global', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/invoice/cancel', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/invoice/retry/:id', url: '/api/invoice/retry/x', roles: ['Admin', 'Manager'] },
  { method: 'GET', route: '/api/invoice/list', roles: ['Admin', 'Manager'] },
  {
    method: 'GET',
    route: '/api/invoice/details/:id',
    url: '/api/invoice/details/1',
    roles: ['Admin', 'Manager', 'Seller'],
  },
  { method: 'GET', route: '/api/invoice/xml/:id', url: '/api/invoice/xml/1', roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'GET', route: '/api/invoice/pdf/:id', url: '/api/invoice/pdf/1', roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'GET', route: '/api/invoice/zip', roles: ['Admin', 'Manager'] },
  { method: 'GET', route: '/api/invoice/pendingGlobal', roles: ['Admin', 'Manager'] },
  { method: 'GET', route: '/api/invoice/pendingComplements', roles: ['Admin', 'Manager'] },
];
