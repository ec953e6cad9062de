import type { AccessRow } from './types.js';

// The dashboard and its 'Lista de compras' are for Admin and Manager.
export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/dashboard', roles: ['Admin', 'Manager'] },
  { method: 'GET', route: '/api/dashboard/shopping-list', roles: ['Admin', 'Manager'] },
];
