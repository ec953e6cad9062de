import type { AccessRow } from './types.js';

const everyone: AccessRow['roles'] = ['Admin', 'Manager', 'Seller'];

export const rows: AccessRow[] = [
  { method: 'POST', route: '/api/client/register', payload: {}, roles: everyone },
  { method: 'GET', route: '/api/client/list', roles: everyone },
  { method: 'GET', route: '/api/client/details/:id', url: '/api/client/details/1', roles: everyone },
  { method: 'POST', route: '/api/client/edit', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/client/disable', payload: {}, roles: ['Admin', 'Manager'] },
];
