import {
  averageAfterCancels,
  averageAfterEntries,
  businessNowLocalTimestamp,
  type CostLine,
  type Purchase,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { inventoryLogsOf, seedProduct } from './helpers/factories.js';

// Purchases and sales of one product at once: on PostgreSQL they run in parallel transactions,
// on SQLite in group-committed batches. Either way the stock must be the sum of its logs and the
// average exactly what a sequential replay of those logs gives.

let t: TestApp;
const CLOCK_NOW = Date.parse('2026-11-21T18:00:00Z');
const NOW = businessNowLocalTimestamp(CLOCK_NOW);
const db = () => t.testDb.database.db;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => CLOCK_NOW });
  await Promise.all([t.sessionAs('Manager'), t.sessionAs('Admin')]);
});
afterAll(() => t.close());

/** The average each purchase's lines give when replayed over the logs in their order. */
async function replayAverage(productId: number) {
  const logs = await inventoryLogsOf(db(), productId);
  const items = await db()
    .selectFrom('purchaseItems')
    .select(['purchaseId', 'quantityMilli', 'unitCostMicros'])
    .where('productId', '=', productId)
    .orderBy('id')
    .execute();
  let average: number | null = null;
  let stock = 0;
  for (const log of logs) {
    // Each log starts where the one before ended: no update was lost.
    expect(log.stockBeforeMilli).toBe(stock);
    if (log.reason === 'ADD' && log.purchaseId !== null) {
      const lines: CostLine[] = items
        .filter((item) => item.purchaseId === log.purchaseId)
        .map((item) => ({ quantityMilli: item.quantityMilli, unitCostMicros: item.unitCostMicros }));
      average = averageAfterEntries(log.stockBeforeMilli, average, lines);
    }
    stock = log.stockAfterMilli;
  }
  return { average, stock, logs };
}

describe('concurrent purchases and sales of one product', () => {
  it('keep stock = Σ logs and the average equal to a sequential replay', async () => {
    const product = await seedProduct(db(), { stock: 0, name: 'Refresco 600 ml' });
    const supplier = (
      await t.injectAs('Manager', { method: 'POST', url: '/api/supplier/register', payload: { name: 'Embotelladora' } })
    ).json<{ id: number }>();
    const buy = (quantity: number, unitCost: number, role: 'Admin' | 'Manager' = 'Manager') =>
      t.injectAs(role, {
        method: 'POST',
        url: '/api/purchase/create',
        payload: { supplierId: supplier.id, paid: 'crédito', items: [{ productId: product.id, quantity, unitCost }] },
      });
    expect((await buy(30, 10)).statusCode).toBe(201);

    // 20 purchases of 1–3 units at costs that never divide evenly, and 20 one-unit sales, together.
    const purchases = Array.from({ length: 20 }, (_, i) =>
      buy(1 + (i % 3), 9 + i * 0.3333, i % 2 ? 'Admin' : 'Manager'),
    );
    const sales = Array.from({ length: 20 }, (_, i) =>
      t.injectAs(i % 2 ? 'Admin' : 'Manager', {
        method: 'POST',
        url: '/api/receipt/create',
        payload: { paymentMode: 'Cash', date: NOW, items: [{ productId: product.id, quantity: 1, price: 15 }] },
      }),
    );
    const responses = await Promise.all([...purchases, ...sales]);
    expect(responses.map((r) => r.statusCode)).toEqual([...Array(20).fill(201), ...Array(20).fill(201)]);
    const bought = responses.slice(0, 20).reduce((sum, r) => sum + r.json<Purchase>().items[0]!.quantity, 0);

    const row = await db()
      .selectFrom('products')
      .select(['stockMilli', 'averageCostMicros'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    const { average, stock, logs } = await replayAverage(product.id);
    expect(row.stockMilli).toBe((30 + bought - 20) * 1000);
    expect(row.stockMilli).toBe(logs.reduce((sum, log) => sum + log.deltaMilli, 0));
    expect(row.stockMilli).toBe(stock);
    expect(logs.filter((log) => log.reason === 'ADD')).toHaveLength(21);
    expect(logs.filter((log) => log.reason === 'SALE')).toHaveLength(20);
    expect(row.averageCostMicros).toBe(average);
  });

  it('cancels racing purchases and sales: stock = Σ logs and the average replays', async () => {
    const product = await seedProduct(db(), { stock: 0 });
    const supplier = (
      await t.injectAs('Manager', { method: 'POST', url: '/api/supplier/register', payload: { name: 'Otro' } })
    ).json<{ id: number }>();
    const bought: Purchase[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.injectAs('Manager', {
        method: 'POST',
        url: '/api/purchase/create',
        payload: {
          supplierId: supplier.id,
          paid: 'crédito',
          items: [{ productId: product.id, quantity: 5, unitCost: 7 + i * 1.1111 }],
        },
      });
      bought.push(response.json<Purchase>());
    }
    const cancels = bought
      .slice(0, 3)
      .map((p) => t.injectAs('Manager', { method: 'POST', url: `/api/purchase/cancel/${p.id}` }));
    const sales = Array.from({ length: 6 }, () =>
      t.injectAs('Admin', {
        method: 'POST',
        url: '/api/receipt/create',
        payload: { paymentMode: 'Cash', date: NOW, items: [{ productId: product.id, quantity: 1, price: 15 }] },
      }),
    );
    const responses = await Promise.all([...cancels, ...sales]);
    expect(responses.map((r) => r.statusCode)).toEqual([...Array(3).fill(200), ...Array(6).fill(201)]);

    // The replay: each cancel's REMOVE undoes its purchase at its stock before.
    const logs = await inventoryLogsOf(db(), product.id);
    let average: number | null = null;
    let stock = 0;
    for (const log of logs) {
      expect(log.stockBeforeMilli).toBe(stock);
      const p = bought.find((b) => b.id === log.purchaseId);
      const line = p && { quantityMilli: 5_000, unitCostMicros: Math.round(p.items[0]!.unitCost * 1_000_000) };
      if (log.reason === 'ADD' && line) average = averageAfterEntries(log.stockBeforeMilli, average, [line]);
      if (log.reason === 'REMOVE' && line) {
        average = averageAfterCancels(log.stockBeforeMilli, average, [line]);
      }
      stock = log.stockAfterMilli;
    }
    const row = await db()
      .selectFrom('products')
      .select(['stockMilli', 'averageCostMicros'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.stockMilli).toBe(15_000 - 6_000);
    expect(row.stockMilli).toBe(stock);
    expect(row.averageCostMicros).toBe(average);
  });
});
