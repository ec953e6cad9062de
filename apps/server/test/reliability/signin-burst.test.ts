// A burst of simultaneous wrong sign-ins for one account against the real server process, over
// real sockets: each attempt is counted before the password is hashed, so only the limit's worth
// reach the hash, the rest are refused at once, and the right password inside the burst is refused
// too. A spoofed X-Forwarded-For changes nothing (TRUST_PROXY is off). Runs on SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionResponse } from '@mostrador/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServerBundle, makeRunDir, type RunningServer, startServer } from '../../scripts/server-process.js';
import { LOGIN_FAILURE_LIMIT } from '../../src/modules/auth/auth.service.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { reliabilityServerEnv } from './server-env.js';

const ADMIN = { email: 'admin@rafaga.mx', password: 'nopal-2026-jefa' };
const SELLER = { email: 'vendedor@rafaga.mx', password: 'nopal-2026-vende' };
const BURST = 150;

let run: { dir: string; cleanup(): void };
let testDb: TestDatabase;
let dataDir: string;
let server: RunningServer;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  run = makeRunDir('signin-burst');
  testDb = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'mostrador-burst-'));
  server = await startServer(buildServerBundle(run.dir), reliabilityServerEnv(testDb.url, dataDir, ADMIN));
  const admin = (await (await post('/api/auth/login', ADMIN)).json()) as SessionResponse;
  const created = await post(
    '/api/auth/register',
    { name: 'Vendedor Ráfaga', role: 'Seller', ...SELLER },
    { authorization: `Bearer ${admin.accessToken}` },
  );
  expect(created.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  run?.cleanup();
});

it(`${BURST} simultaneous wrong sign-ins: ${LOGIN_FAILURE_LIMIT} are checked, the rest (the right password at try 120 too) get 429`, async () => {
  const attempts = Array.from({ length: BURST }, (_, i) =>
    post(
      '/api/auth/login',
      { email: SELLER.email, password: i === 119 ? SELLER.password : `equivocada-${i}` },
      { 'x-forwarded-for': `198.51.100.${i % 250}` },
    ).then((response) => response.status),
  );
  const statuses = await Promise.all(attempts);
  expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(BURST - LOGIN_FAILURE_LIMIT);
  expect(statuses[119]).toBe(429);
  expect((await post('/api/auth/login', SELLER)).status).toBe(429);
  // The server is still whole.
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
}, 180_000);
