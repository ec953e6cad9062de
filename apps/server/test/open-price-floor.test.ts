import { businessNowLocalTimestamp, type Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { seedProduct } from './helpers/factories.js';

// The shop's floor for open prices (OPEN_PRICE_FLOOR, issue 32): a Seller's typed price of a
// product without a price below it needs a supervisor; at or above it, it goes. On both databases.

const NOW = Date.parse('2026-11-21T20:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPEN_PRICE_FLOOR: '5' }, { clock: () => NOW });
  await Promise.all([t.sessionAs('Seller'), t.sessionAs('Manager')]);
});
afterAll(() => t.close());

const sell = (productId: number, price: number, extra: object = {}) =>
  t.injectAs('Seller', {
    method: 'POST',
    url: '/api/receipt/create',
    payload: {
      paymentMode: 'Cash',
      date: businessNowLocalTimestamp(NOW - 60_000),
      items: [{ productId, quantity: 1, price }],
      ...extra,
    },
  });

describe("a Seller's open price", () => {
  it('below the floor: 403 SUPERVISOR_REQUIRED and nothing written; a Manager authorises it at the till', async () => {
    const open = await seedProduct(t.testDb.database.db, { stock: 5, price: null });
    const below = await sell(open.id, 4.99);
    expect(below.statusCode).toBe(403);
    expect(below.json().error).toBe('SUPERVISOR_REQUIRED');
    expect(below.json().message).toContain('$5.00');
    const count = await t.testDb.database.db.selectFrom('receipts').select('id').execute();

    const manager = (await t.sessionAs('Manager')).user;
    const authorised = await sell(open.id, 4.99, { supervisor: { login: 'manager@prueba.mx', secret: TEST_PASSWORD } });
    expect(authorised.statusCode, authorised.body).toBe(201);
    const { id } = authorised.json<Receipt>();
    const details = (await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${id}` })).json<Receipt>();
    expect(details.total).toBe(4.99);
    expect(details.authorizations).toEqual([
      expect.objectContaining({ kind: 'BELOW_PRICE', authorizedBy: { id: manager.id, name: manager.name } }),
    ]);
    expect((await t.testDb.database.db.selectFrom('receipts').select('id').execute()).length).toBe(count.length + 1);
  });

  it('at or above the floor it goes alone; a product with a price keeps its own rule', async () => {
    const open = await seedProduct(t.testDb.database.db, { stock: 5, price: null });
    expect((await sell(open.id, 5)).statusCode).toBe(201);
    const priced = await seedProduct(t.testDb.database.db, { stock: 5, price: 3 });
    expect((await sell(priced.id, 3)).statusCode).toBe(201);
  });
});
