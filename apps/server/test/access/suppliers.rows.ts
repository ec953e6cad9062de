import type { AccessRow } from './types.js';

const managers: AccessRow['roles'] = ['Admin', 'Manager'];

export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/supplier/list', roles: managers },
  { method: 'POST', route: '/api/supplier/register', payload: {}, roles: managers },
  { method: 'POST', route: '/api/supplier/edit/:id', url: '/api/supplier/edit/1', payload: {}, roles: managers },
  { method: 'POST', route: '/api/supplier/disable/:id', url: '/api/supplier/disable/999', roles: managers },
];
