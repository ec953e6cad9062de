import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialect } from './helpers/database.js';

// The per-request session check is remembered in the process on SQLite (one server process owns
// the file) and read from the database on every request on PostgreSQL (several processes may
// share it). Either way a change made through the server applies from the next request.
describe('the session check of each request', () => {
  let t: TestApp;
  let sellerId: number;
  const listUsers = () => t.injectAs('Seller', { method: 'GET', url: '/api/user/list' });

  beforeAll(async () => {
    t = await createTestApp();
    sellerId = (await t.sessionAs('Seller')).user.id;
    await t.sessionAs('Admin');
  });
  afterAll(() => t.close());

  it('a role written behind the server is seen on PostgreSQL at once, on SQLite after the next change through it', async () => {
    expect((await listUsers()).statusCode).toBe(403);
    await t.testDb.database.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', sellerId).execute();
    expect((await listUsers()).statusCode).toBe(testDialect === 'sqlite' ? 403 : 200);

    const edit = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/user/edit',
      payload: { id: sellerId, name: 'Vendedora Renombrada' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await listUsers()).statusCode).toBe(200);
  });

  it('disabling the user through the server refuses their very next request', async () => {
    expect((await listUsers()).statusCode).toBe(200);
    const edit = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/user/edit',
      payload: { id: sellerId, isEnabled: false },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const refused = await listUsers();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'Tu usuario está desactivado. Pide ayuda a un administrador.' });
  });
});
