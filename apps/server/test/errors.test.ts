import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody, requestWithDatabaseGone } from './helpers/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.injectAs('Admin', { method: 'POST', url, payload: payload as object });

describe('validation messages', () => {
  it("keeps our schemas' own messages exactly as written", async () => {
    const missing = await post('/api/auth/register', { email: 'ana@x.mx', password: 'contraseña-1', role: 'Seller' });
    expect(missing.json()).toEqual(errorBody('El nombre es obligatorio.', 'VALIDATION_ERROR'));
    const short = await post('/api/auth/register', {
      name: 'Ana',
      email: 'ana@x.mx',
      password: 'corta',
      role: 'Seller',
    });
    expect(short.json()).toEqual(errorBody('La contraseña debe tener al menos 10 caracteres.', 'VALIDATION_ERROR'));
  });

  it('puts the field path in front of the messages that do not name their field', async () => {
    const long = await post('/api/auth/register', {
      name: 'A'.repeat(121),
      email: 'ana@x.mx',
      password: 'contraseña-1',
      role: 'Seller',
    });
    expect(long.json()).toEqual(errorBody('name: Máximo 120 caracteres.', 'VALIDATION_ERROR'));
    const nested = await post('/api/receipt/create', { paymentMode: 'Cash', date: '2026-11-21T12:00:00', items: [5] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual(
      errorBody('items.0: Entrada inválida: se esperaba objeto, recibido número', 'VALIDATION_ERROR'),
    );
    const typed = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: 5 } });
    expect(typed.json()).toEqual(
      errorBody('refreshToken: Entrada inválida: se esperaba texto, recibido número', 'VALIDATION_ERROR'),
    );
  });

  it('names the fields that are not allowed', async () => {
    const extra = await post('/api/client/disable', { id: 1, motivo: 'x', otro: 2 });
    expect(extra.json()).toEqual(errorBody('Campo no permitido: motivo, otro', 'VALIDATION_ERROR'));
  });
});

describe('a broken multipart form', () => {
  const boundary = '----mostrador';
  const field = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAceite\r\n`;
  it.each([
    ['without a boundary', 'multipart/form-data', `${field}--${boundary}--\r\n`],
    ['cut short', `multipart/form-data; boundary=${boundary}`, field],
    ['with a malformed part header', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nbasura\r\n\r\n`],
  ])('%s is the sender’s 400, not a server error', async (_label, contentType, payload) => {
    const response = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/product/create',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      errorBody('El formulario enviado está incompleto o mal formado.', 'VALIDATION_ERROR'),
    );
  });
});

describe('the request id', () => {
  it('is a new UUID per request, in the X-Request-Id header of every answer and in every error body', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no/existe' });
    const image = await t.app.inject({ method: 'GET', url: '/uploads/nada.png' });
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/product/list' });
    const ids = [ok, missing, image, unauthorized].map((response) => response.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
    expect(missing.json()).toEqual({ ...errorBody('Ruta no encontrada.', 'NOT_FOUND'), requestId: ids[1] });
    expect(image.json()).toEqual({ ...errorBody('Imagen no encontrada.', 'NOT_FOUND'), requestId: ids[2] });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json().requestId).toBe(ids[3]);
  });

  it('is the one a proxy sent when it is a short plain token, and a new one otherwise', async () => {
    const withId = (id: string) =>
      t.app.inject({ method: 'GET', url: '/api/no/existe', headers: { 'x-request-id': id } });
    const kept = await withId('nginx-4f2a.9:1');
    expect(kept.headers['x-request-id']).toBe('nginx-4f2a.9:1');
    expect(kept.json().requestId).toBe('nginx-4f2a.9:1');
    for (const bad of ['x'.repeat(65), 'con espacios', '<script>', '']) {
      const replaced = await withId(bad);
      expect(replaced.headers['x-request-id']).toMatch(UUID);
      expect(replaced.json().requestId).toBe(replaced.headers['x-request-id']);
    }
  });

  it('is on every log line of a request, the failure of an unexpected error included', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const response = await requestWithDatabaseGone({ level: 'info', stream });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(response.json().requestId).toBe(requestId);
    const ofRequest = lines.filter((line) => 'req' in line || 'res' in line || 'err' in line);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'unhandled error', 'request completed']);
    for (const line of ofRequest) expect(line.reqId).toBe(requestId);
  });
});
