import type { AccessRow } from './types.js';

// Every role lists products (sellers need them to sell); only Admin and Manager
// change the catalogue or the stock.
export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/product/list', roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'POST', route: '/api/product/create', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/product/edit', payload: {}, roles: ['Admin', 'Manager'] },
  // The banner's count of products whose taxes nobody has reviewed: for who edits products.
  { method: 'GET', route: '/api/product/taxReview', roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/product/addInventory', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/product/removeInventory', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/product/adjustInventory', payload: {}, roles: ['Admin', 'Manager'] },
  // Every role sells at the counter; allowed roles get past the check to a 400 (no code).
  { method: 'GET', route: '/api/product/lookup', roles: ['Admin', 'Manager', 'Seller'] },
];
