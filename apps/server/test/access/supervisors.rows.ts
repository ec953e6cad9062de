import type { AccessRow } from './types.js';

// The supervisor's PIN: a Manager or Admin sets their own; an Admin clears anyone's.
export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/supervisor/pin', roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/supervisor/setPin', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/supervisor/clearPin', payload: {}, roles: ['Admin'] },
];
