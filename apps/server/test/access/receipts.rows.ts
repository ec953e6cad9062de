import type { AccessRow } from './types.js';

// Bodies are empty on purpose: allowed roles get past the permission check to a 400 or 404.
export const rows: AccessRow[] = [
  { method: 'POST', route: '/api/receipt/create', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'GET', route: '/api/receipt/list', roles: ['Admin', 'Manager', 'Seller'] },
  {
    method: 'GET',
    route: '/api/receipt/details/:id',
    url: '/api/receipt/details/1',
    roles: ['Admin', 'Manager', 'Seller'],
  },
  // A Seller gets past the permission check: a cancellation with a supervisor's authorisation is theirs.
  { method: 'POST', route: '/api/receipt/changeState', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'POST', route: '/api/receipt/addPayment', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/receipt/cancelPayment', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/receipt/return', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
];
