import type { AccessRow } from './types.js';

// Export and import are for Admin and Manager: allowed roles get past the permission check to a
// 400 (no dataset, no file).
export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/export', roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/import/preview', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/import/commit', payload: {}, roles: ['Admin', 'Manager'] },
];
