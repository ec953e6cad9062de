import type { AccessRow } from './types.js';

// Every signed-in user reads the shop's settings (tickets print its identity; the counter and the
// drawer follow its rules); only an Admin saves them (an empty body saves nothing and answers
// them). The logo is public: it is printed on every ticket and shown on the shared statement.
export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/settings', roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'PUT', route: '/api/settings', payload: {}, roles: ['Admin'] },
  { method: 'GET', route: '/api/settings/logo', roles: 'public' },
];
