import {
  PASSWORD_HAS_OWNER,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  type SessionResponse,
  type User,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.js';
import { verifyPassword } from '../src/lib/password.js';
import { createServices } from '../src/services.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { createTestDatabase } from './helpers/database.js';
import { errorBody } from './helpers/errors.js';
import { ensureUser } from './helpers/factories.js';

// The password rule (issue 36): 10+ characters, not one of the most common, not containing the
// user's name or their e-mail's name part; on every path that sets a password (register, a reset
// by an Admin, one's own change, the first Admin). A password set before the rule still signs in.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, role: 'Admin' | 'Seller' = 'Admin') =>
  t.injectAs(role, { method: 'POST', url, payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const refused = (message: string) => errorBody(message, 'VALIDATION_ERROR');

describe('registering a user', () => {
  it.each([
    ['12345678', PASSWORD_TOO_SHORT],
    ['aaaaaaaa', PASSWORD_TOO_SHORT],
    ['aaaaaaaaaa', PASSWORD_TOO_COMMON],
    ['1234567890', PASSWORD_TOO_COMMON],
    ['Qwertyuiop', PASSWORD_TOO_COMMON],
    ['lupita.ramos', PASSWORD_HAS_OWNER],
    ['ramos-2026-mty', PASSWORD_HAS_OWNER],
    ['soy-guadalupe!', PASSWORD_HAS_OWNER],
  ])('refuses %s (an Admin included) with a Spanish 400', async (password, message) => {
    const response = await post('/api/auth/register', {
      name: 'Guadalupe Ramos',
      email: 'lupita.ramos@tienda.mx',
      password,
      role: 'Admin',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused(message));
  });

  it('takes a password that keeps the rule; the user signs in with it', async () => {
    const response = await post('/api/auth/register', {
      name: 'Guadalupe Ramos',
      email: 'lupita.ramos@tienda.mx',
      password: 'nopal-azul-2026',
      role: 'Seller',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await login('lupita.ramos@tienda.mx', 'nopal-azul-2026')).statusCode).toBe(200);
  });
});

describe('setting a new password', () => {
  it("holds an Admin's reset to the user's name and e-mail, which the body does not carry", async () => {
    const user = await ensureUser(t.testDb.database.db, {
      role: 'Seller',
      email: 'toño.garza@tienda.mx',
      name: 'Antonio Garza',
      password: 'x',
    });
    const reset = (newPassword: string) => post('/api/user/resetPassword', { id: user.id, newPassword });
    expect((await reset('antonio-nuevo-1')).json()).toEqual(refused(PASSWORD_HAS_OWNER));
    expect((await reset('TOÑO.GARZA.2026')).json()).toEqual(refused(PASSWORD_HAS_OWNER));
    expect((await reset('1234567890')).json()).toEqual(refused(PASSWORD_TOO_COMMON));
    expect((await reset('corta')).json()).toEqual(refused(PASSWORD_TOO_SHORT));
    const stored = () =>
      t.testDb.database.db
        .selectFrom('users')
        .select('passwordHash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
    expect(await verifyPassword('x', (await stored()).passwordHash)).toBe(true);

    expect((await reset('cerro-de-la-silla')).statusCode).toBe(200);
    expect(await verifyPassword('cerro-de-la-silla', (await stored()).passwordHash)).toBe(true);
  });

  it('holds one’s own change to it, and an older short password still signs in until changed', async () => {
    // A user from before the rule, with an 8-character password.
    await ensureUser(t.testDb.database.db, {
      role: 'Seller',
      email: 'vieja@tienda.mx',
      name: 'Cuenta Vieja',
      password: '12345678',
    });
    const signedIn = await login('vieja@tienda.mx', '12345678');
    expect(signedIn.statusCode).toBe(200);
    const { accessToken } = signedIn.json<SessionResponse>();
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/changePassword',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { currentPassword: '12345678', newPassword },
      });
    expect((await change('vieja-2026-clave')).json()).toEqual(refused(PASSWORD_HAS_OWNER));
    expect((await change('password123')).json()).toEqual(refused(PASSWORD_TOO_COMMON));
    expect((await change('87654321')).json()).toEqual(refused(PASSWORD_TOO_SHORT));
    expect((await login('vieja@tienda.mx', '12345678')).statusCode).toBe(200);
    expect((await change('tortilla-de-harina')).statusCode).toBe(200);
    expect((await login('vieja@tienda.mx', 'tortilla-de-harina')).statusCode).toBe(200);
  });
});

describe('the first Admin from ADMIN_PASSWORD', () => {
  it('refuses to start with a weak one on an empty database, naming the variable and the reason', async () => {
    const testDb = await createTestDatabase();
    try {
      const usersWith = (env: Record<string, string>) =>
        createServices({ database: testDb.database, config: testConfig(env) }).users;
      for (const [env, problem] of [
        [{ ADMIN_PASSWORD: '12345678' }, PASSWORD_TOO_SHORT],
        [{ ADMIN_PASSWORD: 'qwertyuiop' }, PASSWORD_TOO_COMMON],
        [{ ADMIN_EMAIL: 'duena@tienda.mx', ADMIN_PASSWORD: 'la-duena-manda' }, PASSWORD_HAS_OWNER],
        [{ ADMIN_PASSWORD: 'administrador-1' }, PASSWORD_HAS_OWNER],
      ] as const) {
        const attempt = usersWith(env).ensureFirstAdmin();
        await expect(attempt).rejects.toThrow(ConfigError);
        await expect(attempt).rejects.toThrow(`Configuración inválida:\n  - ADMIN_PASSWORD: ${problem}`);
      }
      expect(await usersWith({}).list()).toEqual([]);

      const created = await usersWith({
        ADMIN_EMAIL: 'duena@tienda.mx',
        ADMIN_PASSWORD: 'mercado-juárez-7',
      }).ensureFirstAdmin();
      expect(created).toEqual({ email: 'duena@tienda.mx', password: null });
      const [admin] = await usersWith({}).list();
      expect(admin).toMatchObject<Partial<User>>({ email: 'duena@tienda.mx', role: 'Admin' });
      // Once there are users, ADMIN_PASSWORD no longer counts: a weak one does not stop the start.
      expect(await usersWith({ ADMIN_PASSWORD: '12345678' }).ensureFirstAdmin()).toBeNull();
    } finally {
      await testDb.drop();
    }
  });
});
