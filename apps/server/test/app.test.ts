import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { verifyPassword } from '../src/lib/password.js';
import { createServices } from '../src/services.js';
import { TEST_JWT_SECRET, testConfig } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { errorBody } from './helpers/errors.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('sqlite:./data/remisiones.db');
    expect(config.REALTIME_API_BASE).toBe('https://api.openai.com/v1');
    expect(config.accessTokenTtlSeconds).toBe(12 * 3600);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ OPENAI_API_KEY: '', PRINTER_URL: '', ADMIN_EMAIL: '' }).OPENAI_API_KEY).toBeUndefined();
  });

  it('names every bad variable in one clear message', () => {
    expect(() =>
      loadConfig({ PORT: 'ochenta', DATABASE_URL: 'mysql://x', PRINTER_URL: 'http://impresora', JWT_SECRET: 'corto' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'ochenta', DATABASE_URL: 'mysql://x', PRINTER_URL: 'http://impresora', JWT_SECRET: 'corto' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Configuración inválida:/);
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: debe empezar con sqlite:');
      expect(message).toContain('PRINTER_URL: debe tener la forma tcp://host:puerto');
      expect(message).toContain('JWT_SECRET: debe tener al menos 32 caracteres');
    }
  });
});

describe("a Seller's settings", () => {
  it('default to no credit for their clients and their own and today’s receipts, and refuse bad values in Spanish', () => {
    expect(loadConfig({})).toMatchObject({ DEFAULT_CREDIT_LIMIT: 0, SELLER_RECEIPTS: 'own-and-today' });
    expect(loadConfig({ DEFAULT_CREDIT_LIMIT: '1500.50', SELLER_RECEIPTS: 'all' })).toMatchObject({
      DEFAULT_CREDIT_LIMIT: 1500.5,
      SELLER_RECEIPTS: 'all',
    });
    expect(() => loadConfig({ DEFAULT_CREDIT_LIMIT: '-5', SELLER_RECEIPTS: 'todos' })).toThrow(
      'Configuración inválida:\n' +
        '  - DEFAULT_CREDIT_LIMIT: debe ser un número de pesos entre 0 y 10000000, con hasta 2 decimales\n' +
        '  - SELLER_RECEIPTS: debe ser own-and-today o all',
    );
    expect(() => loadConfig({ DEFAULT_CREDIT_LIMIT: '10.001' })).toThrow(/DEFAULT_CREDIT_LIMIT: debe ser un número/);
  });
});

describe('first start', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('creates one Admin with a random password printed once, and never again', async () => {
    const usersWith = (env: Record<string, string>) =>
      createServices({ database: testDb.database, config: testConfig(env) }).users;
    const first = await usersWith({}).ensureFirstAdmin();
    expect(first?.email).toBe('admin@example.com');
    expect(first?.password).toMatch(/^[\w-]{12}$/);
    const admin = await usersWith({}).findByEmail('admin@example.com');
    expect(admin?.role).toBe('Admin');
    expect(await verifyPassword(first!.password!, admin!.passwordHash)).toBe(true);

    expect(await usersWith({ ADMIN_EMAIL: 'otro@tienda.mx' }).ensureFirstAdmin()).toBeNull();
    expect(await usersWith({}).list()).toHaveLength(1);
  });
});

describe('HTTP surface', () => {
  let testDb: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const web = mkdtempSync(join(tmpdir(), 'mostrador-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Mostrador</title>');
    app = await buildApp({
      config: testConfig({ WEB_DIST: web }),
      database: testDb.database,
      jwtSecret: TEST_JWT_SECRET,
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('serves the web app for any non-API path (history fallback), never cached', async () => {
    for (const url of ['/', '/clients/7', '/reciepts/3?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Mostrador</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('publishes the OpenAPI document under /api/docs (to an Admin: API_DOCS=admin by default)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    const admin = (await app.services.users.ensureFirstAdmin())!;
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
    const response = await app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
  });

  it('sends security headers on every answer', async () => {
    for (const url of ['/', '/api/health', '/api/no-existe']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answers health with the database kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ ok: true, database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite' });
  });

  it('turns an unsupported content type into a 415 with a Spanish message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '<email>a</email>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(errorBody('Tipo de contenido no soportado.', 'UNSUPPORTED_MEDIA_TYPE'));
  });
});
