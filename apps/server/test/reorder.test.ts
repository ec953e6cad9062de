import { pesosToCents, type Reorder, toMilli } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { seedProduct, seedReceipt } from './helpers/factories.js';

// GET /purchase/reorder: the lista de compras grouped by each product's last supplier, with the
// shopping list's suggested quantity and the last cost rounded to the centavo. Products, suppliers
// and costs are written straight into the database, so the figures are worked out by hand.

let t: TestApp;
let db: Kysely<DB>;

async function supplier(name: string, phone: string | null) {
  const now = Date.now();
  return db
    .insertInto('suppliers')
    .values({ name, phone, rfc: null, contact: null, notes: null, isEnabled: 1, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function product(
  name: string,
  stock: number,
  minStock: number | null,
  last: { supplierId: number | null; costMicros: number | null },
) {
  const row = await seedProduct(db, { cuid: name.slice(0, 3).toUpperCase(), name, stock });
  await db
    .updateTable('products')
    .set({
      minStockMilli: minStock === null ? null : toMilli(minStock),
      lastSupplierId: last.supplierId,
      lastCostMicros: last.costMicros,
    })
    .where('id', '=', row.id)
    .execute();
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
  const norte = await supplier('Abarrotes del Norte', '81 1234 5678');
  const zeta = await supplier('Bodega Zeta', null);
  const seller = (await t.sessionAs('Seller')).user.id;

  // Under its minimum: twice the minimum less the stock (2 × 5 − 2 = 8); 12.3456 → $12.35.
  await product('Frijol', 2, 5, { supplierId: norte.id, costMicros: 12_345_600 });
  // No minimum of its own (the default, 10) and no stock: 20; 30.005 → $30.01 (half up).
  await product('Aceite', 0, null, { supplierId: norte.id, costMicros: 30_005_000 });
  // At its minimum exactly: 2 × 3 − 3 = 3.
  await product('Arroz', 3, 3, { supplierId: zeta.id, costMicros: 18_000_000 });
  // Never bought: no supplier, no cost.
  await product('Jabón', 1, 2, { supplierId: null, costMicros: null });
  // Over its minimum: not listed.
  await product('Leche', 50, 5, { supplierId: norte.id, costMicros: 20_000_000 });
  // 25 sold in the last 30 days is more than twice the minimum: 25 − 4 = 21.
  const sal = await product('Sal', 4, 5, { supplierId: zeta.id, costMicros: 7_499_999 });
  await seedReceipt(db, {
    userId: seller,
    state: 'Paid',
    paymentMode: 'Cash',
    date: Date.now() - 60_000,
    items: [{ product: sal, quantity: 25, priceCents: pesosToCents(10) }],
  });
});
afterAll(() => t.close());

describe('GET /purchase/reorder', () => {
  it('groups the low products by their last supplier, with what to order and the last cost', async () => {
    const response = await t.injectAs('Manager', { method: 'GET', url: '/api/purchase/reorder' });
    expect(response.statusCode).toBe(200);
    const { groups } = response.json<Reorder>();
    expect(groups.map((g) => g.supplier?.name ?? null)).toEqual(['Abarrotes del Norte', 'Bodega Zeta', null]);

    const [norte, zeta, none] = groups;
    expect(norte!.supplier).toMatchObject({ name: 'Abarrotes del Norte', phone: '81 1234 5678' });
    expect(norte!.items).toEqual([
      {
        productId: expect.any(Number),
        cuid: 'ACE',
        name: 'Aceite',
        units: 'pza',
        sellsByWeight: false,
        stock: 0,
        minStock: 10,
        suggested: 20,
        lastCost: 30.01,
      },
      {
        productId: expect.any(Number),
        cuid: 'FRI',
        name: 'Frijol',
        units: 'pza',
        sellsByWeight: false,
        stock: 2,
        minStock: 5,
        suggested: 8,
        lastCost: 12.35,
      },
    ]);
    expect(zeta!.supplier).toMatchObject({ name: 'Bodega Zeta', phone: null });
    expect(zeta!.items.map((i) => [i.name, i.stock, i.minStock, i.suggested, i.lastCost])).toEqual([
      ['Arroz', 3, 3, 3, 18],
      ['Sal', 4, 5, 21, 7.5],
    ]);
    expect(none!.supplier).toBeNull();
    expect(none!.items.map((i) => [i.name, i.suggested, i.lastCost])).toEqual([['Jabón', 3, null]]);
  });

  it('leaves out a product once its stock is over the minimum', async () => {
    await db
      .updateTable('products')
      .set({ stockMilli: toMilli(6) })
      .where('name', '=', 'Frijol')
      .execute();
    const { groups } = (await t.injectAs('Admin', { method: 'GET', url: '/api/purchase/reorder' })).json<Reorder>();
    const names = groups.flatMap((g) => g.items.map((i) => i.name));
    expect(names).toEqual(['Aceite', 'Arroz', 'Sal', 'Jabón']);
  });

  it("follows a purchase: the product joins its new supplier's group at the cost just paid", async () => {
    const zeta = await db
      .selectFrom('suppliers')
      .select('id')
      .where('name', '=', 'Bodega Zeta')
      .executeTakeFirstOrThrow();
    const jabon = await db.selectFrom('products').select('id').where('name', '=', 'Jabón').executeTakeFirstOrThrow();
    const bought = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/purchase/create',
      payload: { supplierId: zeta.id, items: [{ productId: jabon.id, quantity: 1, unitCost: 9.125 }], paid: 'crédito' },
    });
    expect(bought.statusCode).toBe(201);
    const { groups } = (await t.injectAs('Manager', { method: 'GET', url: '/api/purchase/reorder' })).json<Reorder>();
    // Stock 2 at a minimum of 2 is still to reorder: 2 × 2 − 2 = 2; $9.125 → $9.13. No one is left without a supplier.
    expect(groups.map((g) => g.supplier?.name ?? null)).toEqual(['Abarrotes del Norte', 'Bodega Zeta']);
    expect(groups[1]!.items.map((i) => [i.name, i.stock, i.suggested, i.lastCost])).toEqual([
      ['Arroz', 3, 3, 18],
      ['Jabón', 2, 2, 9.13],
      ['Sal', 4, 21, 7.5],
    ]);
  });

  it('refuses a Seller', async () => {
    const response = await t.injectAs('Seller', { method: 'GET', url: '/api/purchase/reorder' });
    expect(response.statusCode).toBe(403);
  });
});
