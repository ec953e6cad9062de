import type { SessionResponse } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILURE_LIMIT, REFRESH_GRACE_MS } from '../src/modules/auth/auth.service.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { ensureUser } from './helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

async function userWithSession(email: string): Promise<SessionResponse> {
  await ensureUser(t.testDb.database.db, { role: 'Seller', email, password: TEST_PASSWORD, name: 'Lupita Pérez' });
  const response = await post('/api/auth/login', { email, password: TEST_PASSWORD });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('POST /api/auth/login', () => {
  it('returns the user and both tokens', async () => {
    const session = await userWithSession('lupita@tienda.mx');
    expect(session.user).toMatchObject({ name: 'Lupita Pérez', email: 'lupita@tienda.mx', role: 'Seller' });
    expect(session.user).not.toHaveProperty('passwordHash');
    expect(session.accessToken.split('.')).toHaveLength(3);
    expect(session.refreshToken.length).toBeGreaterThan(30);
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    await userWithSession('mayus@tienda.mx');
    const response = await post('/api/auth/login', { email: '  MAYUS@Tienda.MX ', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    await userWithSession('pepe@tienda.mx');
    const wrong = await post('/api/auth/login', { email: 'pepe@tienda.mx', password: 'otra-cosa-123' });
    const unknown = await post('/api/auth/login', { email: 'nadie@tienda.mx', password: 'otra-cosa-123' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(errorBody('Correo o contraseña incorrectos', 'INVALID_CREDENTIALS'));
    }
  });

  it('rejects missing and unknown fields with a Spanish message naming the field', async () => {
    const missing = await post('/api/auth/login', { email: 'a@b.mx' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(errorBody('La contraseña es obligatoria.', 'VALIDATION_ERROR'));

    const extra = await post('/api/auth/login', { email: 'a@b.mx', password: 'x', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Campo no permitido: admin');
  });

  it('rejects malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('El cuerpo de la solicitud no es JSON válido.', 'VALIDATION_ERROR'));
  });

  it(`answers 429 after ${LOGIN_FAILURE_LIMIT} failures for one e-mail, even with the right password`, async () => {
    await userWithSession('olvidadizo@tienda.mx');
    const ip = '10.0.0.7';
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const response = await post('/api/auth/login', { email: 'olvidadizo@tienda.mx', password: `mala-${i}-xx` }, ip);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: 'olvidadizo@tienda.mx', password: TEST_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('RATE_LIMITED');
    expect(blocked.json().message).toMatch(/^Demasiados intentos fallidos\. Intenta de nuevo en \d+ minutos?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Another user is not affected.
    await userWithSession('tranquilo@tienda.mx');
  });

  it(`answers 429 after ${LOGIN_FAILURE_LIMIT} failures from one address, whatever the e-mail`, async () => {
    const ip = '10.0.0.99';
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      await post('/api/auth/login', { email: `probando${i}@tienda.mx`, password: 'no-existe-123' }, ip);
    }
    const response = await post('/api/auth/login', { email: 'otro@tienda.mx', password: 'no-existe-123' }, ip);
    expect(response.statusCode).toBe(429);
  });
});

describe('GET /api/auth/validateToken', () => {
  it('returns the signed-in user', async () => {
    const session = await userWithSession('valida@tienda.mx');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/validateToken',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: session.user });
  });

  // Verified tokens are remembered (plugins/access.ts): a token accepted once must still be
  // refused once its own expiry has passed, and its session is still checked every time.
  it('refuses a token it has already accepted once that token expires', async () => {
    const session = await userWithSession('recordado@tienda.mx');
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString());
    const shortLived = t.app.jwt.sign(
      { sub: claims.sub, sid: claims.sid, name: claims.name, email: claims.email, role: claims.role },
      // A minute, not a second: a token of one second signed late in a second could expire before
      // its first use (exp is in whole seconds).
      { expiresIn: 60 },
    );
    const validate = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/validateToken', headers: { authorization: `Bearer ${token}` } });
    expect((await validate(shortLived)).statusCode).toBe(200);
    expect((await validate(shortLived)).statusCode).toBe(200);
    const late = await afterSeconds(61, () => validate(shortLived));
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe('UNAUTHORIZED');
  });

  it('rejects a tampered, an expired and a missing token with 401', async () => {
    const session = await userWithSession('tokens@tienda.mx');
    const [header, payload, signature] = session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'Admin' })).toString('base64url');
    const expired = t.app.jwt.sign(
      { sub: String(session.user.id), sid: 'x', name: 'x', email: 'x', role: 'Seller' },
      { expiresIn: 1 },
    );
    // Past the expired token's expiry, without waiting.
    await afterSeconds(1.1, async () => {
      for (const token of [`${header}.${elevated}.${signature}`, expired, 'basura', '']) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/auth/validateToken',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBe('UNAUTHORIZED');
      }
    });
  });
});

/** `call` made as if `seconds` had passed: Date moved on (token expiry reads it), nothing waited. */
async function afterSeconds<T>(seconds: number, call: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + seconds * 1000 });
  try {
    return await call();
  } finally {
    vi.useRealTimers();
  }
}

describe('POST /api/auth/refreshToken', () => {
  it('rotates: the new pair works and the old refresh token does not', async () => {
    const first = await userWithSession('rota@tienda.mx');
    const refreshed = await post('/api/auth/refreshToken', { refreshToken: first.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<SessionResponse>();
    expect(second.user).toEqual(first.user);
    expect(second.refreshToken).not.toBe(first.refreshToken);

    const again = await post('/api/auth/refreshToken', { refreshToken: second.refreshToken });
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again after the grace window', async () => {
    const first = await userWithSession('robado@tienda.mx');
    const second = (await post('/api/auth/refreshToken', { refreshToken: first.refreshToken })).json<SessionResponse>();
    await t.testDb.database.db
      .updateTable('refreshTokens')
      .set({ rotatedAt: Date.now() - REFRESH_GRACE_MS - 1 })
      .where('userId', '=', first.user.id)
      .where('rotatedAt', 'is not', null)
      .execute();

    const reuse = await post('/api/auth/refreshToken', { refreshToken: first.refreshToken });
    expect(reuse.statusCode).toBe(401);
    // The legitimate holder of the newest token is signed out too.
    const legit = await post('/api/auth/refreshToken', { refreshToken: second.refreshToken });
    expect(legit.statusCode).toBe(401);
    expect(legit.json()).toEqual(errorBody('La sesión expiró. Inicia sesión de nuevo.', 'UNAUTHORIZED'));
    // And so is the access token of that session.
    const access = await t.app.inject({
      method: 'GET',
      url: '/api/auth/validateToken',
      headers: { authorization: `Bearer ${second.accessToken}` },
    });
    expect(access.statusCode).toBe(401);
  });

  it('lets two tabs renewing with one token at once both carry on (grace window)', async () => {
    const session = await userWithSession('doble@tienda.mx');
    const results = await Promise.all([
      post('/api/auth/refreshToken', { refreshToken: session.refreshToken }),
      post('/api/auth/refreshToken', { refreshToken: session.refreshToken }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.json<SessionResponse>());
    expect(a!.refreshToken).not.toBe(b!.refreshToken);
    // Each tab's new pair keeps working.
    for (const tab of [a!, b!]) {
      const again = await post('/api/auth/refreshToken', { refreshToken: tab.refreshToken });
      expect(again.statusCode).toBe(200);
      const check = await t.app.inject({
        method: 'GET',
        url: '/api/auth/validateToken',
        headers: { authorization: `Bearer ${again.json<SessionResponse>().accessToken}` },
      });
      expect(check.statusCode).toBe(200);
    }
  });

  it('rejects an unknown token', async () => {
    const response = await post('/api/auth/refreshToken', { refreshToken: 'no-existe' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('accepts an empty body (nothing to revoke)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('revokes the refresh token', async () => {
    const session = await userWithSession('salir@tienda.mx');
    const response = await post('/api/auth/logout', { refreshToken: session.refreshToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const refresh = await post('/api/auth/refreshToken', { refreshToken: session.refreshToken });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('POST /api/auth/register and GET /api/user/list', () => {
  it('lets an Admin add a user who can then sign in, and lists users without secrets', async () => {
    const created = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: '  Rosa Martínez ', email: 'Rosa@Tienda.mx', password: 'vendedora-2026', role: 'Manager' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Rosa Martínez', email: 'rosa@tienda.mx', role: 'Manager' });

    const login = await post('/api/auth/login', { email: 'rosa@tienda.mx', password: 'vendedora-2026' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('Manager');

    const list = await t.injectAs('Admin', { method: 'GET', url: '/api/user/list' });
    expect(list.statusCode).toBe(200);
    const users = list.json().users as Array<Record<string, unknown>>;
    expect(users.find((u) => u.email === 'rosa@tienda.mx')).toMatchObject({ name: 'Rosa Martínez', role: 'Manager' });
    expect(JSON.stringify(users)).not.toMatch(/password|scrypt/i);
  });

  it('refuses a duplicate e-mail with 409 and writes nothing', async () => {
    const payload = { name: 'Uno', email: 'dup@tienda.mx', password: 'contraseña-123', role: 'Seller' };
    expect((await t.injectAs('Admin', { method: 'POST', url: '/api/auth/register', payload })).statusCode).toBe(201);
    const again = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...payload, name: 'Dos', email: 'DUP@tienda.mx' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody('Ya existe un usuario con ese correo electrónico.', 'CONFLICT'));
    const list = (await t.injectAs('Admin', { method: 'GET', url: '/api/user/list' })).json().users as Array<{
      email: string;
    }>;
    expect(list.filter((u) => u.email === 'dup@tienda.mx')).toHaveLength(1);
  });

  it.each([
    [{ email: 'x@tienda.mx', password: 'contraseña-123', role: 'Seller' }, 'El nombre es obligatorio.'],
    [{ name: '   ', email: 'x@tienda.mx', password: 'contraseña-123', role: 'Seller' }, 'El nombre es obligatorio.'],
    [{ name: 'X', email: 'no-es-correo', password: 'contraseña-123', role: 'Seller' }, 'Correo electrónico inválido.'],
    [
      { name: 'X', email: 'x@tienda.mx', password: 'corta', role: 'Seller' },
      'La contraseña debe tener al menos 10 caracteres.',
    ],
    [{ name: 'X', email: 'x@tienda.mx', password: 'contraseña-123', role: 'Jefe' }, 'El rol es obligatorio.'],
    [{ name: 'X', email: 'x@tienda.mx', password: 'contraseña-123' }, 'El rol es obligatorio.'],
  ])('rejects %j', async (payload, message) => {
    const response = await t.injectAs('Admin', { method: 'POST', url: '/api/auth/register', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(message, 'VALIDATION_ERROR'));
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('Ruta no encontrada.', 'NOT_FOUND'));
  });
});
