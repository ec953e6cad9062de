import type { AccessRow } from './types.js';

// Backups hold every record of the business: Admin only. The Admin gets the list, a new backup
// (409 on PostgreSQL) or a 404 for a backup that does not exist.
export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/backup/list', roles: ['Admin'] },
  { method: 'POST', route: '/api/backup/create', roles: ['Admin'] },
  {
    method: 'GET',
    route: '/api/backup/download/:name',
    url: '/api/backup/download/respaldo-2020-01-01T00-00-00-000Z-manual.db',
    roles: ['Admin'],
  },
];
