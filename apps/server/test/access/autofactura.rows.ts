import type { AccessRow } from './types.js';

// The customer's autofactura and the invoice downloads: no session; the signed token is the only
// credential (left out here: 400).
export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/public/autofactura', roles: 'public' },
  { method: 'POST', route: '/api/public/autofactura/issue', payload: {}, roles: 'public' },
  { method: 'GET', route: '/api/public/invoice', roles: 'public' },
  // 'Compartir por WhatsApp' of an invoice: the PDF's signed link.
  { method: 'POST', route: '/api/invoice/shareLink', payload: {}, roles: ['Admin', 'Manager'] },
];
