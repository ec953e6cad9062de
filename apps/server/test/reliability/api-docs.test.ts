// The API's documentation (API_DOCS): the OpenAPI document is a map of every route, so by default
// only an Admin reads it; a shop that publishes its API sets `public`, and `off` serves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { errorBody } from '../helpers/errors.js';

const DOCUMENT = ['/api/docs/json', '/api/docs/yaml'];
const PAGE = ['/api/docs', '/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-ui.css'];

describe('API_DOCS=admin (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is the default', () => {
    expect(t.config.API_DOCS).toBe('admin');
  });

  it('answers the document to an Admin only: 401 without a token, 403 to a Manager or a Seller', async () => {
    for (const url of DOCUMENT) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect([url, anonymous.statusCode, anonymous.json()]).toEqual([
        url,
        401,
        errorBody('Sesión inválida o expirada. Inicia sesión de nuevo.', 'UNAUTHORIZED'),
      ]);
      const forged = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer x.y.z' } });
      expect([url, forged.statusCode]).toEqual([url, 401]);
      for (const role of ['Manager', 'Seller'] as const) {
        const refused = await t.injectAs(role, { method: 'GET', url });
        expect([url, role, refused.statusCode, refused.json()]).toEqual([
          url,
          role,
          403,
          errorBody('No tienes permiso para realizar esta acción.', 'FORBIDDEN'),
        ]);
      }
      const admin = await t.injectAs('Admin', { method: 'GET', url });
      expect([url, admin.statusCode]).toEqual([url, 200]);
      expect(admin.body).toContain('/api/receipt/create');
    }
  });

  it('serves the page, which holds nothing of the API and asks for the document with the signed-in token', async () => {
    for (const url of PAGE) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect(response.body).not.toContain('/api/receipt');
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    // The browser runs these functions from their source: nothing of the bundle may leak into it.
    expect(initializer.body).toMatch(/requestInterceptor.*localStorage\.getItem\(["']mostrador\.session["']\)/s);
    expect(initializer.body).toMatch(/responseInterceptor.*mostrador-aviso/s);
    expect(initializer.body).not.toMatch(/__name|import\(|require\(/);
    expect(() => new Function(initializer.body)).not.toThrow();
  });
});

describe('API_DOCS=public', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'public' });
  });
  afterAll(() => t.close());

  it('answers the document and the page to anyone', async () => {
    for (const url of [...DOCUMENT, ...PAGE]) {
      expect([url, (await t.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 200]);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).not.toContain('mostrador.session');
  });
});

describe('API_DOCS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'off' });
  });
  afterAll(() => t.close());

  it('serves neither the document nor the page, even to an Admin', async () => {
    for (const url of [...DOCUMENT, ...PAGE]) {
      const response = await t.injectAs('Admin', { method: 'GET', url });
      expect([url, response.statusCode, response.json()]).toEqual([
        url,
        404,
        errorBody('Ruta no encontrada.', 'NOT_FOUND'),
      ]);
    }
    // The document is still built: the tests and the lint of the API read it in the process.
    expect(Object.keys((t.app.swagger() as { paths: object }).paths)).toContain('/api/receipt/create');
  });
});

describe('the API_DOCS setting', () => {
  it('takes admin, public or off, and says so in Spanish otherwise', () => {
    expect(loadConfig({ API_DOCS: 'Public' }).API_DOCS).toBe('public');
    expect(loadConfig({ API_DOCS: '' }).API_DOCS).toBe('admin');
    expect(() => loadConfig({ API_DOCS: 'si' })).toThrow(/API_DOCS: debe ser admin, public u off/);
  });
});
