import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role, SessionResponse } from '@mostrador/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { App } from '../../src/lib/types.js';
import type { Clock } from '../../src/lib/clock.js';
import { createTestDatabase, type TestDatabase, type TestDialect } from './database.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const TEST_PASSWORD = 'contraseña-segura-1';

export interface TestApp {
  app: App;
  testDb: TestDatabase;
  config: Config;
  /** Signs in (creating the user on first use) and returns the session. */
  sessionAs(role: Role, email?: string): Promise<SessionResponse>;
  /** Bearer-authenticated inject as that role. */
  injectAs(role: Role, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Record<string, string>> = {}): Config {
  return loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...overrides });
}

export interface TestAppOptions {
  /** The database to run on; by default the run's (TEST_DB). */
  dialect?: TestDialect;
  /** What the services read as now; by default the real time. */
  clock?: Clock;
}

/** The real application on a fresh database of its own. */
export async function createTestApp(
  env: Partial<Record<string, string>> = {},
  { dialect, clock }: TestAppOptions = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase({ dialect });
  // Backups taken by a test go to a directory of its own, removed with the app.
  const backupDir = env.BACKUP_DIR ? null : mkdtempSync(join(tmpdir(), 'mostrador-test-backups-'));
  const config = testConfig({ ...(backupDir && { BACKUP_DIR: backupDir }), ...env });
  const app = await buildApp({ config, database: testDb.database, jwtSecret: TEST_JWT_SECRET, clock });
  await app.ready();
  const sessions = new Map<string, SessionResponse>();

  async function sessionAs(role: Role, email = `${role.toLowerCase()}@prueba.mx`) {
    const cached = sessions.get(email);
    if (cached) return cached;
    const { ensureUser } = await import('./factories.js');
    await ensureUser(testDb.database.db, { role, email, password: TEST_PASSWORD });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`login as ${role} failed: ${response.body}`);
    const session = response.json<SessionResponse>();
    sessions.set(email, session);
    return session;
  }

  return {
    app,
    testDb,
    config,
    sessionAs,
    async injectAs(role, options) {
      const { accessToken } = await sessionAs(role);
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${accessToken}` } });
    },
    async close() {
      await app.close();
      await testDb.drop();
      if (backupDir) rmSync(backupDir, { recursive: true, force: true });
    },
  };
}
