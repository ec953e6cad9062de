import type { Role } from '@mostrador/shared';

/**
 * One endpoint of the endpoint × role table. `roles` lists who may call it,
 * written out here by hand (not read from API_ACCESS) so the test checks the table.
 * `public: true` endpoints need no token at all.
 */
export interface AccessRow {
  method: 'GET' | 'POST' | 'PUT';
  /** The registered route url, e.g. /api/client/details/:id */
  route: string;
  /** The url to call, when it differs from `route` (path parameters filled in). */
  url?: string;
  payload?: unknown;
  roles: Role[] | 'public';
}
