import type { AccessRow } from './types.js';

// The cash drawer: every role works its own shift (here they get a 400, a 409 or a 200); the
// list of everyone's shifts is Admin and Manager's. A shift's PDF and print answer 404 (no such
// shift) to any role; another user's shift is 403 for a Seller (see cash.test.ts).
export const rows: AccessRow[] = [
  { method: 'POST', route: '/api/cash/open', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'POST', route: '/api/cash/movement', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'POST', route: '/api/cash/close', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'GET', route: '/api/cash/current', roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'GET', route: '/api/cash/openDrawers', roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'GET', route: '/api/cash/list', roles: ['Admin', 'Manager'] },
  { method: 'GET', route: '/api/cash/pdf/:id', url: '/api/cash/pdf/999', roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'POST', route: '/api/cash/print/:id', url: '/api/cash/print/999', roles: ['Admin', 'Manager', 'Seller'] },
];
