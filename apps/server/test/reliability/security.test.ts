// Tokens and uploads beyond the auth, access and products tests (which cover tampered, expired
// and other-secret tokens on validateToken, refresh-token reuse, the login limit, and non-image
// or oversize uploads): forged tokens of every kind are 401 on reads, writes and admin
// endpoints, an expired refresh token gives nothing, and /uploads never serves anything else.
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app.js';
import { errorBody } from '../helpers/errors.js';

const INDEX_HTML = '<!doctype html><title>Mostrador</title>';
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-security-'));
  mkdirSync(join(dir, 'web'));
  writeFileSync(join(dir, 'web/index.html'), INDEX_HTML);
  t = await createTestApp({ UPLOAD_DIR: join(dir, 'uploads'), DATA_DIR: dir, WEB_DIST: join(dir, 'web') });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed by hand, so header and claims can be anything. */
function jwt(header: object, claims: object, secret = TEST_JWT_SECRET, algorithm = 'sha256') {
  const unsigned = `${b64(header)}.${b64(claims)}`;
  return `${unsigned}.${createHmac(algorithm, secret).update(unsigned).digest('base64url')}`;
}

describe('forged access tokens', () => {
  it('are 401 on reads, writes and admin endpoints alike', async () => {
    const admin = await t.sessionAs('Admin');
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: String(admin.user.id),
      sid: JSON.parse(Buffer.from(admin.accessToken.split('.')[1]!, 'base64url').toString()).sid,
      name: 'Ana',
      email: admin.user.email,
      role: 'Admin',
      iat: now,
      exp: now + 3600,
    };
    const hs256 = { alg: 'HS256', typ: 'JWT' };
    // Sanity: the hand-made token is accepted when nothing is wrong with it.
    const good = jwt(hs256, claims);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/list', headers: { authorization: `Bearer ${good}` } }))
        .statusCode,
    ).toBe(200);

    const [, , signature] = admin.accessToken.split('.');
    const forged: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      'HS512 with the same secret': jwt({ alg: 'HS512', typ: 'JWT' }, claims, TEST_JWT_SECRET, 'sha512'),
      'another secret': jwt(hs256, claims, `${TEST_JWT_SECRET}-otro`),
      expired: jwt(hs256, { ...claims, iat: now - 7200, exp: now - 3600 }),
      'not yet valid': jwt(hs256, { ...claims, nbf: now + 3600 }),
      'a role that does not exist': jwt(hs256, { ...claims, role: 'Root' }),
      'a user id that is not a number': jwt(hs256, { ...claims, sub: 'admin' }),
      'claims swapped under a real signature': `${b64(hs256)}.${b64({ ...claims, role: 'Admin', sub: '999' })}.${signature}`,
      'a refresh token as access token': admin.refreshToken,
      empty: '',
    };
    const calls = [
      { method: 'GET' as const, url: '/api/product/list' },
      { method: 'GET' as const, url: '/api/user/list' },
      { method: 'POST' as const, url: '/api/client/register', payload: { firstName: 'Intruso', lastName: 'X' } },
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: { name: 'X', email: 'x@x.mx', password: 'x-12345678', role: 'Admin' },
      },
    ];
    const accepted: string[] = [];
    for (const [label, token] of Object.entries(forged)) {
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: { authorization: `Bearer ${token}` } });
        if (response.statusCode !== 401 || response.json().error !== 'UNAUTHORIZED') {
          accepted.push(`${label} → ${call.method} ${call.url}: ${response.statusCode}`);
        }
      }
    }
    expect(accepted).toEqual([]);
    const intruders = await t.testDb.database.db
      .selectFrom('clients')
      .select('id')
      .where('firstName', '=', 'Intruso')
      .execute();
    expect(intruders).toEqual([]);
  });
});

describe('refresh tokens', () => {
  it('an expired one gives no session and stays unusable', async () => {
    const session = await t.sessionAs('Seller', 'caduca@prueba.mx');
    await t.testDb.database.db
      .updateTable('refreshTokens')
      .set({ expiresAt: Date.now() - 1000 })
      .execute();
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refreshToken } });
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual(errorBody('La sesión expiró. Inicia sesión de nuevo.', 'UNAUTHORIZED'));
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });
});

describe('/uploads', () => {
  it('never serves files outside the upload folder, dot files or the JWT secret', async () => {
    writeFileSync(join(dir, 'jwt-secret'), 'secreto-que-no-debe-salir');
    const attempts = [
      '/uploads/../jwt-secret',
      '/uploads/..%2fjwt-secret',
      '/uploads/%2e%2e/jwt-secret',
      '/uploads/%2e%2e%2fjwt-secret',
      '/uploads/....//jwt-secret',
      '/uploads/.env',
      '/uploads/%00.png',
      '/uploads/',
    ];
    for (const url of attempts) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('secreto-que-no-debe-salir');
      // Refused, or (a path that normalizes to outside /uploads) the web app's page.
      if (response.statusCode === 200) expect(response.body, url).toBe(INDEX_HTML);
      else expect([400, 403, 404], url).toContain(response.statusCode);
    }
  });
});
