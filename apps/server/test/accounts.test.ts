// Staff accounts: editing, disabling, roles and passwords, and how each reaches the sessions that
// are already open (on their next request, not when their 12-hour access token runs out).
import {
  businessDayOf,
  businessNowLocalTimestamp,
  SALE_DATE_FORBIDDEN,
  type SessionResponse,
  type User,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { ensureUser, seedProduct, stockOf } from './helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LAST_ADMIN =
  'No se puede desactivar ni quitar el rol de Administrador al último administrador activo. Primero da ese rol a otro usuario.';
const DISABLED = 'Tu usuario está desactivado. Pide ayuda a un administrador.';

let sequence = 0;
async function staff(role: 'Admin' | 'Manager' | 'Seller', name = `${role} ${++sequence}`) {
  const email = `cuenta-${++sequence}@tienda.mx`;
  return ensureUser(t.testDb.database.db, { role, email, password: TEST_PASSWORD, name });
}

async function signIn(email: string, password = TEST_PASSWORD): Promise<SessionResponse> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const call = (session: SessionResponse, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${session.accessToken}` } });
const asAdmin = (url: string, payload: object) => t.injectAs('Admin', { method: 'POST', url, payload });
const refresh = (session: SessionResponse) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refreshToken: session.refreshToken } });

describe('GET /api/user/list', () => {
  it('says whether each user is enabled', async () => {
    const off = await staff('Seller', 'Baja Temporal');
    await asAdmin('/api/user/edit', { id: off.id, isEnabled: false });
    const users = (await t.injectAs('Admin', { method: 'GET', url: '/api/user/list' })).json<{ users: User[] }>().users;
    expect(users.find((u) => u.id === off.id)).toMatchObject({ name: 'Baja Temporal', isEnabled: false });
    expect(users.find((u) => u.role === 'Admin')).toMatchObject({ isEnabled: true });
  });
});

describe('POST /api/user/edit', () => {
  it('changes name, e-mail and role, and the user signs in with the new e-mail', async () => {
    const user = await staff('Seller');
    const response = await asAdmin('/api/user/edit', {
      id: user.id,
      name: '  Julia Reyes ',
      email: 'Julia.Reyes@Tienda.mx',
      role: 'Manager',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      name: 'Julia Reyes',
      email: 'julia.reyes@tienda.mx',
      role: 'Manager',
      isEnabled: true,
      createdAt: expect.any(String),
    });
    expect((await signIn('julia.reyes@tienda.mx')).user.role).toBe('Manager');
  });

  it('refuses an e-mail another user has (409), an unknown user (404) and bad input (400)', async () => {
    const [a, b] = [await staff('Seller'), await staff('Seller')];
    const taken = await asAdmin('/api/user/edit', { id: a.id, email: b.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(errorBody('Ya existe un usuario con ese correo electrónico.', 'CONFLICT'));
    const missing = await asAdmin('/api/user/edit', { id: 999_999, name: 'Nadie' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('Usuario no encontrado.', 'NOT_FOUND'));
    const bad = await asAdmin('/api/user/edit', { id: a.id, role: 'Jefe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(errorBody('El rol es obligatorio.', 'VALIDATION_ERROR'));
    const row = await t.testDb.database.db.selectFrom('users').selectAll().where('id', '=', a.id).executeTakeFirst();
    expect(row).toMatchObject({ email: a.email, role: 'Seller' });
  });
});

describe('the last enabled Admin', () => {
  it('cannot be disabled or demoted (409); with another Admin it can', async () => {
    const { user: admin } = await t.sessionAs('Admin');
    // Only one enabled Admin: every other one is disabled first.
    await t.testDb.database.db
      .updateTable('users')
      .set({ isEnabled: 0 })
      .where('role', '=', 'Admin')
      .where('id', '<>', admin.id)
      .execute();
    for (const change of [{ isEnabled: false }, { role: 'Manager' }, { role: 'Seller', isEnabled: false }]) {
      const response = await asAdmin('/api/user/edit', { id: admin.id, ...change });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(errorBody(LAST_ADMIN, 'CONFLICT'));
    }
    const other = await staff('Admin');
    expect((await asAdmin('/api/user/edit', { id: other.id, role: 'Manager' })).statusCode).toBe(200);
    const row = await t.testDb.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'Admin', isEnabled: 1 });
  });

  it('survives two Admins demoting each other at the same time: exactly one of them wins', async () => {
    const db = t.testDb.database.db;
    await db.updateTable('users').set({ isEnabled: 0 }).where('role', '=', 'Admin').execute();
    try {
      const [a, b] = [await staff('Admin'), await staff('Admin')];
      const [sa, sb] = [await signIn(a.email), await signIn(b.email)];
      const results = await Promise.all([
        call(sa, 'POST', '/api/user/edit', { id: b.id, role: 'Seller' }),
        call(sb, 'POST', '/api/user/edit', { id: a.id, role: 'Seller' }),
      ]);
      // The loser is refused either by the last-Admin rule (409) or, when the winner committed
      // before the loser's request was checked, because it is no longer an Admin (403).
      const [winner, loser] = results.map((r) => r.statusCode).sort();
      expect(winner).toBe(200);
      expect([403, 409]).toContain(loser);
      const admins = await db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'Admin')
        .where('isEnabled', '=', 1)
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      // Put the test app's own Admin back for the tests that follow.
      const { user } = await t.sessionAs('Admin');
      await db.updateTable('users').set({ isEnabled: 1 }).where('id', '=', user.id).execute();
    }
  });
});

describe('revocation on the next request', () => {
  it("a disabled user's access and refresh tokens are refused everywhere, with a Spanish message", async () => {
    const seller = await staff('Seller');
    const session = await signIn(seller.email);
    expect((await call(session, 'GET', '/api/product/list')).statusCode).toBe(200);

    expect((await asAdmin('/api/user/edit', { id: seller.id, isEnabled: false })).statusCode).toBe(200);

    const product = await seedProduct(t.testDb.database.db, { stock: 5 });
    const attempts = [
      await call(session, 'GET', '/api/product/list'),
      await call(session, 'GET', '/api/auth/validateToken'),
      await call(session, 'POST', '/api/client/register', { firstName: 'Después', lastName: 'De la baja' }),
      await call(session, 'POST', '/api/receipt/create', {
        paymentMode: 'Cash',
        date: '2026-11-21T12:00:00',
        items: [{ productId: product.id, quantity: 1, price: 10 }],
      }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(errorBody(DISABLED, 'UNAUTHORIZED'));
    }
    expect((await refresh(session)).json()).toEqual(errorBody(DISABLED, 'UNAUTHORIZED'));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seller.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual(errorBody(DISABLED, 'UNAUTHORIZED'));
    const db = t.testDb.database.db;
    expect(await db.selectFrom('receipts').select('id').where('userId', '=', seller.id).execute()).toEqual([]);
    expect(await db.selectFrom('clients').select('id').where('firstName', '=', 'Después').execute()).toEqual([]);
    expect(await stockOf(db, product.id)).toBe(5);

    // Enabled again, the old session stays ended; a new sign-in works.
    await asAdmin('/api/user/edit', { id: seller.id, isEnabled: true });
    expect((await call(session, 'GET', '/api/product/list')).statusCode).toBe(401);
    expect((await refresh(session)).statusCode).toBe(401);
    expect((await call(await signIn(seller.email), 'GET', '/api/product/list')).statusCode).toBe(200);
  });

  it('a demoted Manager loses Manager powers on the next request with the same token', async () => {
    const manager = await staff('Manager');
    const session = await signIn(manager.email);
    expect((await call(session, 'GET', '/api/reports/list')).statusCode).toBe(200);

    await asAdmin('/api/user/edit', { id: manager.id, role: 'Seller' });

    const reports = await call(session, 'GET', '/api/reports/list');
    expect(reports.statusCode).toBe(403);
    expect(reports.json().error).toBe('FORBIDDEN');
    expect((await call(session, 'GET', '/api/auth/validateToken')).json().user.role).toBe('Seller');
    // Promoted back, the same token has the powers again.
    await asAdmin('/api/user/edit', { id: manager.id, role: 'Manager' });
    expect((await call(session, 'GET', '/api/reports/list')).statusCode).toBe(200);
  });

  it('logout ends that session: its access token is refused at once, other sessions go on', async () => {
    const seller = await staff('Seller');
    const [phone, counter] = [await signIn(seller.email), await signIn(seller.email)];
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: phone.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    const after = await call(phone, 'GET', '/api/auth/validateToken');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(errorBody('Tu sesión terminó. Inicia sesión de nuevo.', 'UNAUTHORIZED'));
    expect((await call(counter, 'GET', '/api/auth/validateToken')).statusCode).toBe(200);
  });
});

describe('a sale holds its session as every request does', () => {
  // On PostgreSQL a sale reads its session in its own read (receipts.pg-sale.ts), not in the
  // access plugin: the same rules, checked there.
  const saleBody = (productId: number, date = businessNowLocalTimestamp()) => ({
    paymentMode: 'Cash',
    date,
    items: [{ productId, quantity: 1, price: 10 }],
  });
  const sell = (session: SessionResponse, body: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/receipt/create',
      headers: { authorization: `Bearer ${session.accessToken}`, ...(key && { 'idempotency-key': key }) },
      payload: body,
    });

  it("carries the seller's name as stored now; after logout neither a new sale nor a replay of its key", async () => {
    const seller = await staff('Seller', 'Nombre Viejo');
    const session = await signIn(seller.email);
    const product = await seedProduct(t.testDb.database.db, { stock: 5 });
    const first = await sell(session, saleBody(product.id), 'llave-antes');
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toEqual({ id: seller.id, name: 'Nombre Viejo' });

    await asAdmin('/api/user/edit', { id: seller.id, name: 'Nombre Nuevo' });
    const renamed = await sell(session, saleBody(product.id));
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json().user).toEqual({ id: seller.id, name: 'Nombre Nuevo' });

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: session.refreshToken } });
    const ended = errorBody('Tu sesión terminó. Inicia sesión de nuevo.', 'UNAUTHORIZED');
    const after = await sell(session, saleBody(product.id));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(ended);
    const replay = await sell(session, saleBody(product.id), 'llave-antes');
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(ended);
    expect(await stockOf(t.testDb.database.db, product.id)).toBe(3);
  });

  it('a demoted Manager can no longer date a sale in the past with the same token', async () => {
    const manager = await staff('Manager');
    const session = await signIn(manager.email);
    const product = await seedProduct(t.testDb.database.db, { stock: 5 });
    const yesterday = `${businessDayOf(Date.now() - 24 * 3600_000)}T12:00:00`;
    expect((await sell(session, saleBody(product.id, yesterday))).statusCode).toBe(201);

    await asAdmin('/api/user/edit', { id: manager.id, role: 'Seller' });

    const refused = await sell(session, saleBody(product.id, yesterday));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(errorBody(SALE_DATE_FORBIDDEN, 'FORBIDDEN'));
    expect(await stockOf(t.testDb.database.db, product.id)).toBe(4);
  });
});

describe('passwords', () => {
  it('an Admin reset ends every session of the user; the new password works, the old one does not', async () => {
    const seller = await staff('Seller');
    const sessions = [await signIn(seller.email), await signIn(seller.email)];
    const reset = await asAdmin('/api/user/resetPassword', { id: seller.id, newPassword: 'nueva-clave-2026' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ ok: true });
    for (const session of sessions) {
      expect((await call(session, 'GET', '/api/product/list')).statusCode).toBe(401);
      expect((await refresh(session)).statusCode).toBe(401);
    }
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seller.email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await signIn(seller.email, 'nueva-clave-2026');
  });

  it('a reset refuses an unknown user (404) and a short password (400)', async () => {
    const missing = await asAdmin('/api/user/resetPassword', { id: 999_999, newPassword: 'nueva-clave-2026' });
    expect(missing.statusCode).toBe(404);
    const seller = await staff('Seller');
    const short = await asAdmin('/api/user/resetPassword', { id: seller.id, newPassword: 'corta' });
    expect(short.json()).toEqual(errorBody('La contraseña debe tener al menos 10 caracteres.', 'VALIDATION_ERROR'));
  });

  it('a change keeps the session that asked and ends every other one', async () => {
    const manager = await staff('Manager');
    const [here, elsewhere] = [await signIn(manager.email), await signIn(manager.email)];
    const change = await call(here, 'POST', '/api/auth/changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'mi-clave-nueva-1',
    });
    expect(change.statusCode).toBe(200);
    expect((await call(here, 'GET', '/api/reports/list')).statusCode).toBe(200);
    expect((await refresh(here)).statusCode).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/reports/list')).statusCode).toBe(401);
    expect((await refresh(elsewhere)).statusCode).toBe(401);
    await signIn(manager.email, 'mi-clave-nueva-1');
  });

  it('a change with the wrong current password is refused (400) and changes nothing', async () => {
    const seller = await staff('Seller');
    const session = await signIn(seller.email);
    const change = await call(session, 'POST', '/api/auth/changePassword', {
      currentPassword: 'no-es-la-mia',
      newPassword: 'mi-clave-nueva-1',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual(errorBody('La contraseña actual no es correcta.', 'VALIDATION_ERROR'));
    await signIn(seller.email);
  });
});
