import type { AccessRow } from './types.js';

export const rows: AccessRow[] = [
  { method: 'POST', route: '/api/user/edit', payload: {}, roles: ['Admin'] },
  { method: 'POST', route: '/api/user/resetPassword', payload: {}, roles: ['Admin'] },
  { method: 'POST', route: '/api/auth/changePassword', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
];
