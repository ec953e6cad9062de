// Behind a reverse proxy without TRUST_PROXY every request seems to come from the proxy, and one
// user's typos lock the whole shop out of signing in: the log says so, once, in Spanish.
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/lib/types.js';
import { TEST_JWT_SECRET, testConfig } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

let testDb: TestDatabase | undefined;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  await testDb?.drop();
});

/** The app with its log lines (JSON, as pino writes them) collected. */
async function appLogging(env: Record<string, string> = {}) {
  testDb = await createTestDatabase();
  const lines: Array<{ level: number; msg: string }> = [];
  app = await buildApp({
    config: testConfig(env),
    database: testDb.database,
    jwtSecret: TEST_JWT_SECRET,
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  await app.ready();
  return { app, lines };
}

const forwarded = (app: App, address: string) =>
  app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': address } });

describe('X-Forwarded-For without TRUST_PROXY', () => {
  it('is warned about once, at the first request that carries it', async () => {
    const { app, lines } = await appLogging();
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(lines).toEqual([]);
    for (const address of ['203.0.113.7', '203.0.113.8', '198.51.100.1']) {
      expect((await forwarded(app, address)).statusCode).toBe(200);
    }
    expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      {
        level: 40,
        msg:
          'Llegan solicitudes con la cabecera X-Forwarded-For, pero TRUST_PROXY no está configurado: Mostrador no ' +
          'la lee y ve a todos los clientes con la dirección del proxy (127.0.0.1), así que los intentos fallidos ' +
          'de inicio de sesión de una persona bloquean a toda la tienda. Si Mostrador está detrás de un proxy, ' +
          'define TRUST_PROXY (README, «HTTPS behind a proxy»).',
      },
    ]);
  });

  it('says nothing when TRUST_PROXY names the proxy', async () => {
    const { app, lines } = await appLogging({ TRUST_PROXY: '1' });
    expect((await forwarded(app, '203.0.113.7')).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });
});
