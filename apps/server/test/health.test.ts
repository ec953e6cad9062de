// /api/health proves the database takes writes, and a database that cannot take them answers
// 503 with a Spanish message (never 500), with nothing written.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/connection.js';
import type { App } from '../src/lib/types.js';
import { TEST_JWT_SECRET, testConfig } from './helpers/app.js';
import { createTestDatabase, type TestDatabase, testDialect } from './helpers/database.js';
import { errorBody } from './helpers/errors.js';
import { ensureUser } from './helpers/factories.js';

const UNAVAILABLE =
  'La base de datos no puede guardar cambios en este momento (ocupada, llena o de solo lectura). No se guardó nada; inténtalo de nuevo en unos minutos.';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

async function appOn(database: Database): Promise<App> {
  const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET });
  await app.ready();
  return app;
}

describe('health', () => {
  it('answers 200 after a committed write', async () => {
    const app = await appOn(testDb.database);
    try {
      const before = await testDb.database.db.selectFrom('healthProbe').select('checkedAt').executeTakeFirstOrThrow();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, database: testDialect });
      const after = await testDb.database.db.selectFrom('healthProbe').select('checkedAt').executeTakeFirstOrThrow();
      expect(after.checkedAt).toBeGreaterThan(before.checkedAt);
    } finally {
      await app.close();
    }
  });
});

describe('a database that cannot write', () => {
  let readOnly: Database;
  let app: App;
  let token: string;
  beforeAll(async () => {
    await ensureUser(testDb.database.db, { role: 'Admin', email: 'admin@salud.mx', password: 'contraseña-segura-1' });
    // A real session, opened while the database still takes writes.
    const writable = await appOn(testDb.database);
    const login = await writable.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@salud.mx', password: 'contraseña-segura-1' },
    });
    token = login.json<{ accessToken: string }>().accessToken;
    await writable.close();
    if (testDialect === 'postgres') {
      const name = new URL(testDb.url).pathname.slice(1);
      await sql.raw(`ALTER DATABASE ${name} SET default_transaction_read_only = on`).execute(testDb.database.db);
      readOnly = openDatabase(testDb.url);
    } else {
      readOnly = openDatabase(testDb.url);
      await sql`PRAGMA query_only = ON`.execute(readOnly.db);
    }
    app = await appOn(readOnly);
  });
  afterAll(async () => {
    await app.close();
    await readOnly.close();
    if (testDialect === 'postgres') {
      const name = new URL(testDb.url).pathname.slice(1);
      await sql.raw(`ALTER DATABASE ${name} SET default_transaction_read_only = off`).execute(testDb.database.db);
    }
  });

  it('makes health answer 503', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(errorBody(UNAVAILABLE, 'SERVICE_UNAVAILABLE'));
  });

  it('answers a write with 503 and the Spanish message, and writes nothing', async () => {
    const clientsBefore = await testDb.database.db.selectFrom('clients').select('id').execute();
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/register',
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: 'Lupe', lastName: 'Reyes', phone: '8112345678' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(errorBody(UNAVAILABLE, 'SERVICE_UNAVAILABLE'));
    expect(response.headers['retry-after']).toBe('30');
    expect(await testDb.database.db.selectFrom('clients').select('id').execute()).toEqual(clientsBefore);
  });
});
