import { ROLES } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app.js';
import type { AccessRow } from './types.js';

// Each feature adds its endpoints in a `<feature>.rows.ts` file next to this one.
const rowFiles = import.meta.glob<{ rows: AccessRow[] }>('./*.rows.ts', { eager: true });
const rows = Object.values(rowFiles).flatMap((file) => file.rows);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('endpoint × role', () => {
  it('covers every guarded /api route the server registers', () => {
    const covered = new Set(rows.map((r) => `${r.method} ${r.route}`));
    const missing = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });

  describe.each(rows)('$method $route', (row) => {
    const url = row.url ?? row.route;
    const call = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: row.method, url, payload: row.payload as object | undefined, headers });

    if (row.roles === 'public') {
      it('answers without a token', async () => {
        const response = await call();
        expect([401, 403]).not.toContain(response.statusCode);
        expect(response.statusCode).toBeLessThan(500);
      });
      return;
    }

    it('is 401 without a token', async () => {
      const response = await call();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED', message: expect.any(String) });
    });

    it('is 401 with a token signed by another secret', async () => {
      const forged = t.app.jwt.sign(
        { sub: '1', sid: 'x', name: 'x', email: 'x@x.mx', role: 'Admin' },
        { key: `${TEST_JWT_SECRET}-otro` },
      );
      expect((await call({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    });

    it.each(ROLES)('as %s', async (role) => {
      const allowed = row.roles.includes(role);
      const response = await t.injectAs(role, { method: row.method, url, payload: row.payload as object | undefined });
      if (allowed) {
        expect([401, 403]).not.toContain(response.statusCode);
        expect(response.statusCode).toBeLessThan(500);
      } else {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: 'FORBIDDEN', message: expect.any(String) });
      }
    });
  });
});
