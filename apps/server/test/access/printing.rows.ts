import type { AccessRow } from './types.js';

// Every role prints. Allowed roles get past the permission check to a 400 (empty body)
// or a 404 (no such receipt).
export const rows: AccessRow[] = [
  { method: 'POST', route: '/api/printReceipt', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
  {
    method: 'GET',
    route: '/api/receipt/pdf/:id',
    url: '/api/receipt/pdf/1',
    roles: ['Admin', 'Manager', 'Seller'],
  },
  { method: 'GET', route: '/api/printing/settings', roles: ['Admin', 'Manager', 'Seller'] },
  // An abono's ticket: every role takes abonos (the till's), so every role prints them.
  { method: 'POST', route: '/api/client/printAbono', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
  {
    method: 'GET',
    route: '/api/client/abonoPdf',
    url: '/api/client/abonoPdf?payments=999999',
    roles: ['Admin', 'Manager', 'Seller'],
  },
];
