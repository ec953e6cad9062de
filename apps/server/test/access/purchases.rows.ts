import type { AccessRow } from './types.js';

const managers: AccessRow['roles'] = ['Admin', 'Manager'];

export const rows: AccessRow[] = [
  { method: 'POST', route: '/api/purchase/create', payload: {}, roles: managers },
  { method: 'GET', route: '/api/purchase/list', roles: managers },
  { method: 'GET', route: '/api/purchase/details/:id', url: '/api/purchase/details/999', roles: managers },
  { method: 'POST', route: '/api/purchase/cancel/:id', url: '/api/purchase/cancel/999', roles: managers },
];
