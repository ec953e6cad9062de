import type { AccessRow } from './types.js';

// The lista de compras by supplier is for whoever buys stock: Admin and Manager.
export const rows: AccessRow[] = [{ method: 'GET', route: '/api/purchase/reorder', roles: ['Admin', 'Manager'] }];
