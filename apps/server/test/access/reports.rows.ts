import type { AccessRow } from './types.js';

// Reports are for Admin and Manager. Allowed roles get past the permission check to a
// 200, a 400 (empty body) or a 404 (no such cut).
export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/reports/list', roles: ['Admin', 'Manager'] },
  { method: 'POST', route: '/api/reports/generate', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'GET', route: '/api/reports/pdf/:id', url: '/api/reports/pdf/1', roles: ['Admin', 'Manager'] },
];
rows.push(
  { method: 'POST', route: '/api/reports/print/:id', url: '/api/reports/print/1', roles: ['Admin', 'Manager'] },
  {
    method: 'GET',
    route: '/api/reports/cuts-of-day',
    url: '/api/reports/cuts-of-day?date=2026-11-21',
    roles: ['Admin', 'Manager'],
  },
  { method: 'GET', route: '/api/reports/taxes', url: '/api/reports/taxes?month=2026-11', roles: ['Admin', 'Manager'] },
  {
    method: 'GET',
    route: '/api/reports/taxes/csv',
    url: '/api/reports/taxes/csv?month=2026-11',
    roles: ['Admin', 'Manager'],
  },
);
rows.push({
  method: 'GET',
  route: '/api/report/profit',
  url: '/api/report/profit?from=2026-11-01&to=2026-11-21&by=category',
  roles: ['Admin', 'Manager'],
});
