import type { AccessRow } from './types.js';

// The shop's fiscal identity and its CSD are the Admin's alone: an Admin gets past the permission
// check (the upload without files to a 400).
export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/business/fiscal', roles: ['Admin'] },
  { method: 'PUT', route: '/api/business/fiscal', payload: {}, roles: ['Admin'] },
  { method: 'POST', route: '/api/business/csd', payload: {}, roles: ['Admin'] },
];
