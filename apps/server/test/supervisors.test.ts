import { businessNowLocalTimestamp, type CreateReceiptInput, type Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../src/modules/auth/index.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { ensureUser, seedClient, seedProduct, setSupervisorPin, stockOf } from './helpers/factories.js';

// A supervisor at the till: a Seller's request that needs a Manager's or Admin's authorisation
// (over the credit limit, below the product's price, a cancellation) goes through with their
// credentials (password or PIN), stays the Seller's, and stores who authorised it.

const T0 = Date.parse('2026-11-20T18:00:00Z');
const clock = { now: T0 };
let t: TestApp;
const db = () => t.testDb.database.db;
const PIN = '4321';
const REFUSED = 'El supervisor o su contraseña/PIN no son correctos.';
let manager: { id: number; name: string };
let seller: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => clock.now });
  manager = (await t.sessionAs('Manager')).user;
  seller = (await t.sessionAs('Seller')).user;
  await t.sessionAs('Admin');
  await setSupervisorPin(t, 'Manager', PIN, TEST_PASSWORD);
});
afterAll(() => t.close());

const sell = (body: Partial<CreateReceiptInput>, headers: Record<string, string> = {}) =>
  t.injectAs('Seller', {
    method: 'POST',
    url: '/api/receipt/create',
    headers,
    payload: { paymentMode: 'Cash', date: businessNowLocalTimestamp(clock.now), items: [], ...body },
  });

const details = async (id: number) =>
  (await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${id}` })).json<Receipt>();

const counts = async () => ({
  receipts: (await db().selectFrom('receipts').select('id').execute()).length,
  authorizations: (await db().selectFrom('receiptAuthorizations').select('id').execute()).length,
  keys: (await db().selectFrom('idempotencyKeys').select('key').execute()).length,
});

/** A client with $100.00 of credit, owing $80.00. */
async function clientOwing80() {
  const client = await seedClient(db(), { creditLimitCents: 10_000 });
  const product = await seedProduct(db(), { stock: 10, price: 80 });
  const owed = await sell({
    paymentMode: 'Credit',
    clientId: client.id,
    items: [{ productId: product.id, quantity: 1 }],
  });
  expect(owed.statusCode, owed.body).toBe(201);
  return client;
}

describe('over the credit limit at the counter', () => {
  it("goes through with a Manager's PIN as the Seller's sale, and says who authorised it", async () => {
    const client = await clientOwing80();
    const product = await seedProduct(db(), { stock: 5, price: 30 });
    const body = {
      paymentMode: 'Credit' as const,
      clientId: client.id,
      items: [{ productId: product.id, quantity: 1 }],
    };
    const before = await counts();

    // Without a supervisor, under a key: refused, and the key claims nothing.
    const asked = await sell(body, { 'idempotency-key': 'venta-1' });
    expect(asked.json()).toEqual(
      errorBody(
        'El cliente excede su límite de crédito (límite $100.00, saldo $80.00): se necesita la autorización de un supervisor.',
        'SUPERVISOR_REQUIRED',
      ),
    );
    expect(asked.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    expect(await stockOf(db(), product.id)).toBe(5);

    // The same key again, now with the Manager's e-mail and PIN: a new request that sells.
    const supervisor = { login: 'MANAGER@prueba.mx', secret: PIN };
    const sold = await sell({ ...body, supervisor }, { 'idempotency-key': 'venta-1' });
    expect(sold.statusCode, sold.body).toBe(201);
    const receipt = sold.json<Receipt>();
    expect(receipt.user).toEqual({ id: seller.id, name: seller.name });
    expect(await stockOf(db(), product.id)).toBe(4);

    // Sent again after a lost answer: the first sale's answer, not a second sale.
    const replay = await sell({ ...body, supervisor }, { 'idempotency-key': 'venta-1' });
    expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.json<Receipt>().id]).toEqual([
      201,
      'true',
      receipt.id,
    ]);
    expect(await stockOf(db(), product.id)).toBe(4);
    const stored = await db()
      .selectFrom('idempotencyKeys')
      .select('requestHash')
      .where('key', '=', 'venta-1')
      .execute();
    expect(stored).toHaveLength(1);

    const read = await details(receipt.id);
    expect(read.user).toEqual({ id: seller.id, name: seller.name });
    expect(read.overLimitAuthorizedBy).toEqual({ id: manager.id, name: manager.name });
    expect(read.authorizations).toEqual([
      {
        kind: 'OVER_LIMIT',
        authorizedBy: { id: manager.id, name: manager.name },
        userId: seller.id,
        createdAt: new Date(clock.now).toISOString(),
      },
    ]);
    // The list carries them too.
    const listed = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/list?number=${receipt.id}` });
    expect(listed.json<{ data: Receipt[] }>().data[0]!.overLimitAuthorizedBy).toEqual({
      id: manager.id,
      name: manager.name,
    });
  });

  it('records nobody when the sale stays within the limit, credentials or not', async () => {
    const client = await seedClient(db(), { creditLimitCents: 10_000 });
    const product = await seedProduct(db(), { stock: 5, price: 30 });
    const sold = await sell({
      paymentMode: 'Credit',
      clientId: client.id,
      items: [{ productId: product.id, quantity: 1 }],
      supervisor: { login: 'manager@prueba.mx', secret: PIN },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const read = await details(sold.json<Receipt>().id);
    expect([read.overLimitAuthorizedBy, read.authorizations]).toEqual([null, []]);
  });
});

describe("a price below the product's", () => {
  it("is the Seller's sale with a supervisor's user name and password", async () => {
    const product = await seedProduct(db(), { stock: 5, price: 20 });
    const body = { items: [{ productId: product.id, quantity: 2, price: 15 }] };
    const asked = await sell(body);
    expect(asked.json()).toEqual(
      errorBody(
        `El precio de "${product.name}" es menor que $20.00: se necesita la autorización de un supervisor.`,
        'SUPERVISOR_REQUIRED',
      ),
    );
    const sold = await sell({
      ...body,
      supervisor: { login: ` ${manager.name.toUpperCase()} `, secret: TEST_PASSWORD },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const receipt = sold.json<Receipt>();
    expect([receipt.total, receipt.user.id]).toEqual([30, seller.id]);
    const read = await details(receipt.id);
    expect(read.authorizations!.map((a) => [a.kind, a.authorizedBy.name, a.userId])).toEqual([
      ['BELOW_PRICE', manager.name, seller.id],
    ]);
    expect(read.overLimitAuthorizedBy).toBeNull();
  });
});

describe('a cancellation', () => {
  it("is a Seller's with a supervisor: stock back, refund, and who authorised it", async () => {
    const product = await seedProduct(db(), { stock: 5, price: 20 });
    const sold = await sell({ items: [{ productId: product.id, quantity: 2 }] });
    const id = sold.json<Receipt>().id;
    const cancel = (supervisor?: object) =>
      t.injectAs('Seller', {
        method: 'POST',
        url: '/api/receipt/changeState',
        payload: { id, state: 'Cancelled', ...(supervisor && { supervisor }) },
      });

    const asked = await cancel();
    expect(asked.json()).toEqual(
      errorBody(
        `La cancelación de la remisión #${id} la autoriza un gerente o un administrador: se necesita la autorización de un supervisor.`,
        'SUPERVISOR_REQUIRED',
      ),
    );
    const wrong = await cancel({ login: 'manager@prueba.mx', secret: '0000' });
    expect(wrong.json()).toEqual(errorBody(REFUSED, 'SUPERVISOR_REFUSED'));
    expect((await details(id)).state).toBe('Paid');
    expect(await stockOf(db(), product.id)).toBe(3);

    const done = await cancel({ login: 'manager@prueba.mx', secret: PIN });
    expect(done.statusCode, done.body).toBe(200);
    const read = done.json<Receipt>();
    expect(read.state).toBe('Cancelled');
    expect(read.authorizations!.map((a) => [a.kind, a.authorizedBy.id, a.userId])).toEqual([
      ['CANCEL', manager.id, seller.id],
    ]);
    expect(await stockOf(db(), product.id)).toBe(5);
    expect(read.payments.map((p) => [p.reason, p.amount])).toEqual([
      ['ADD', 40],
      ['REMOVE', 40],
    ]);

    // A cancelled receipt is refused before anyone is asked to authorise.
    const again = await cancel();
    expect([again.statusCode, again.json().error]).toEqual([409, 'CONFLICT']);
  });
});

describe('credentials that authorise nothing', () => {
  it("refuses a wrong PIN, a Seller's own credentials and a disabled Manager's, writing nothing", async () => {
    const client = await clientOwing80();
    const product = await seedProduct(db(), { stock: 5, price: 30 });
    const retired = await ensureUser(db(), {
      role: 'Manager',
      email: 'baja@prueba.mx',
      password: TEST_PASSWORD,
      name: 'Gerente Retirado',
    });
    const disabled = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/user/edit',
      payload: { id: retired.id, isEnabled: false },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const before = await counts();
    for (const supervisor of [
      { login: 'manager@prueba.mx', secret: '9999' },
      { login: 'manager@prueba.mx', secret: 'no-es-la-contraseña' },
      { login: 'seller@prueba.mx', secret: TEST_PASSWORD },
      { login: 'baja@prueba.mx', secret: TEST_PASSWORD },
      { login: 'nadie@prueba.mx', secret: TEST_PASSWORD },
    ]) {
      const refused = await sell(
        { paymentMode: 'Credit', clientId: client.id, items: [{ productId: product.id, quantity: 1 }], supervisor },
        { 'idempotency-key': `rechazo-${supervisor.login}-${supervisor.secret}` },
      );
      expect(refused.json(), supervisor.login).toEqual(errorBody(REFUSED, 'SUPERVISOR_REFUSED'));
      expect(refused.statusCode).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect(await stockOf(db(), product.id)).toBe(5);
  });

  it('refuses a malformed supervisor with a Spanish 400', async () => {
    const product = await seedProduct(db(), { stock: 5, price: 20 });
    const bad = await sell({
      items: [{ productId: product.id, quantity: 1 }],
      supervisor: { login: '', secret: '' } as never,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('supervisor');
  });
});

describe('a burst of wrong PINs', () => {
  it(`refuses with 429 after ${LOGIN_FAILURE_LIMIT} failures, the right PIN too, until the window passes`, async () => {
    // Fresh windows: the earlier tests' wrong tries (this Seller's) are behind us.
    clock.now += LOGIN_FAILURE_WINDOW_MS + 1;
    const admin = (await t.sessionAs('Admin')).user;
    await setSupervisorPin(t, 'Admin', '2468', TEST_PASSWORD);
    const product = await seedProduct(db(), { stock: 50, price: 20 });
    const below = (secret: string) =>
      sell({
        items: [{ productId: product.id, quantity: 1, price: 1 }],
        supervisor: { login: 'admin@prueba.mx', secret },
      });

    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const wrong = await below(String(1000 + i));
      expect(wrong.json().error).toBe('SUPERVISOR_REFUSED');
    }
    const before = await counts();
    const right = await below('2468');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(
      errorBody('Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.', 'RATE_LIMITED'),
    );
    expect(right.headers['retry-after']).toBe(String(LOGIN_FAILURE_WINDOW_MS / 1000));
    expect(await counts()).toEqual(before);
    // The Admin's own sign-in is another count: still theirs.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@prueba.mx', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);

    clock.now += LOGIN_FAILURE_WINDOW_MS + 1;
    const later = await below('2468');
    expect(later.statusCode, later.body).toBe(201);
    expect((await details(later.json<Receipt>().id)).authorizations!.map((a) => a.authorizedBy.id)).toEqual([admin.id]);
  });
});

describe('the supervisor PIN', () => {
  it('is set with the current password, read as set, and cleared by an Admin', async () => {
    const pin = () => t.injectAs('Manager', { method: 'GET', url: '/api/supervisor/pin' });
    expect((await pin()).json()).toEqual({ hasPin: true });
    const wrongPassword = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/supervisor/setPin',
      payload: { pin: '1357', currentPassword: 'otra-contraseña' },
    });
    expect(wrongPassword.json()).toEqual(errorBody('La contraseña actual no es correcta.', 'VALIDATION_ERROR'));
    const badPin = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/supervisor/setPin',
      payload: { pin: '12a', currentPassword: TEST_PASSWORD },
    });
    expect([badPin.statusCode, badPin.json().message]).toEqual([400, 'El PIN debe tener de 4 a 6 dígitos.']);
    const stored = await db()
      .selectFrom('users')
      .select('pinHash')
      .where('id', '=', manager.id)
      .executeTakeFirstOrThrow();
    expect(stored.pinHash).toMatch(/^scrypt\$/);

    const cleared = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/supervisor/clearPin',
      payload: { userId: manager.id },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await pin()).json()).toEqual({ hasPin: false });
    const product = await seedProduct(db(), { stock: 5, price: 20 });
    const refused = await sell({
      items: [{ productId: product.id, quantity: 1, price: 1 }],
      supervisor: { login: 'manager@prueba.mx', secret: PIN },
    });
    expect(refused.json().error).toBe('SUPERVISOR_REFUSED');
    // Back for the other tests' sake (files run apart, but keep this one whole).
    await setSupervisorPin(t, 'Manager', PIN, TEST_PASSWORD);
  });
});
