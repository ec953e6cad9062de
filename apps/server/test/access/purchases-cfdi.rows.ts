import type { AccessRow } from './types.js';

// Reading a supplier's XML into a purchase draft is for whoever enters stock: Admin and Manager
// (an allowed role gets past the permission check to the 400 of an empty form).
export const rows: AccessRow[] = [
  { method: 'POST', route: '/api/purchase/readCfdi', payload: {}, roles: ['Admin', 'Manager'] },
];
