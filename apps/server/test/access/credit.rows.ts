import type { AccessRow } from './types.js';

// Fiado: every role sees a client's credit when selling; the abono, the statement and its shared
// links (making, listing and revoking them) are for Admin and Manager; the shared statement needs
// no token (its signature is checked instead: a bad one is a 400 or a 403, never a 401); the
// receivables are a report.
export const rows: AccessRow[] = [
  {
    method: 'GET',
    route: '/api/client/credit/:id',
    url: '/api/client/credit/1',
    roles: ['Admin', 'Manager', 'Seller'],
  },
  // The till's abono: a Seller takes it too.
  { method: 'POST', route: '/api/client/addPayment', payload: {}, roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'GET', route: '/api/client/statement/:id', url: '/api/client/statement/1', roles: ['Admin', 'Manager'] },
  {
    method: 'GET',
    route: '/api/client/statementPdf/:id',
    url: '/api/client/statementPdf/1',
    roles: ['Admin', 'Manager'],
  },
  {
    method: 'POST',
    route: '/api/client/statementLink/:id',
    url: '/api/client/statementLink/1',
    payload: {},
    roles: ['Admin', 'Manager'],
  },
  {
    method: 'GET',
    route: '/api/client/statementLinks/:id',
    url: '/api/client/statementLinks/1',
    roles: ['Admin', 'Manager'],
  },
  { method: 'POST', route: '/api/client/revokeStatementLink', payload: {}, roles: ['Admin', 'Manager'] },
  { method: 'GET', route: '/api/public/statement', url: '/api/public/statement?link=1', roles: 'public' },
  { method: 'GET', route: '/api/reports/receivables', roles: ['Admin', 'Manager'] },
];
