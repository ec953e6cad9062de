import type { AccessRow } from './types.js';

export const rows: AccessRow[] = [
  { method: 'GET', route: '/api/health', roles: 'public' },
  { method: 'POST', route: '/api/auth/login', payload: {}, roles: 'public' },
  { method: 'POST', route: '/api/auth/refreshToken', payload: {}, roles: 'public' },
  { method: 'POST', route: '/api/auth/logout', payload: {}, roles: 'public' },
  { method: 'GET', route: '/api/auth/validateToken', roles: ['Admin', 'Manager', 'Seller'] },
  { method: 'POST', route: '/api/auth/register', payload: {}, roles: ['Admin'] },
  { method: 'GET', route: '/api/user/list', roles: ['Admin'] },
];
