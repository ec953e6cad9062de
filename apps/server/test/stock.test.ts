import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { AppError } from '../src/lib/errors.js';
import { applyStockChange } from '../src/modules/inventory/stock.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { ensureUser, inventoryLogsOf, seedProduct, stockOf } from './helpers/factories.js';

let testDb: TestDatabase;
let db: Kysely<DB>;
let user: { id: number; name: string };

const product = (cuid: string, stock: number) => seedProduct(db, { cuid, stock });

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  const row = await ensureUser(db, {
    role: 'Manager',
    email: 'stock@prueba.mx',
    password: 'x'.repeat(8),
    name: 'Encargado',
  });
  user = { id: row.id, name: row.name };
});
afterAll(() => testDb.drop());

describe('applyStockChange', () => {
  it('changes stock and writes one log with exact before, after and delta', async () => {
    const { id } = await product('ST-1', 12);
    const result = await db
      .transaction()
      .execute((trx) =>
        applyStockChange(
          trx,
          { productId: id, deltaMilli: -5000, reason: 'MERMA', user, note: 'Se rompió' },
          Date.now(),
        ),
      );
    expect(result).toMatchObject({ beforeMilli: 12_000, afterMilli: 7000, productName: 'Producto ST-1' });
    expect(await stockOf(db, id)).toBe(7);
    const logs = await inventoryLogsOf(db, id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      reason: 'MERMA',
      delta: -5,
      stockBefore: 12,
      stockAfter: 7,
      productName: 'Producto ST-1',
      userName: 'Encargado',
      note: 'Se rompió',
    });
  });

  it('refuses to go below zero with 409 naming the product and what is available, writing nothing', async () => {
    const { id } = await product('ST-2', 3);
    const attempt = db
      .transaction()
      .execute((trx) => applyStockChange(trx, { productId: id, deltaMilli: -4000, reason: 'SALE', user }, Date.now()));
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      message: 'Stock insuficiente de "Producto ST-2": disponible 3.',
    });
    expect(await stockOf(db, id)).toBe(3);
    expect(await db.selectFrom('inventoryLogs').select('id').where('productId', '=', id).execute()).toHaveLength(0);
  });

  it('answers 404 for a product that does not exist', async () => {
    const attempt = applyStockChange(db, { productId: 999_999, deltaMilli: 1000, reason: 'ADD', user }, Date.now());
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
  });

  it('rolls the stock back when the surrounding transaction fails', async () => {
    const { id } = await product('ST-3', 10);
    await expect(
      db.transaction().execute(async (trx) => {
        await applyStockChange(trx, { productId: id, deltaMilli: -2000, reason: 'SALE', user }, Date.now());
        throw new Error('la venta falló después');
      }),
    ).rejects.toThrow('la venta falló después');
    expect(await stockOf(db, id)).toBe(10);
  });

  it('never loses an update under 60 parallel changes, and the log chain is unbroken', async () => {
    const { id } = await product('ST-4', 100);
    const deltas = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 7 : -3));
    await Promise.all(
      deltas.map((delta) =>
        db
          .transaction()
          .execute((trx) =>
            applyStockChange(trx, { productId: id, deltaMilli: delta * 1000, reason: 'ADJUSTMENT', user }, Date.now()),
          ),
      ),
    );
    const expected = 100 + deltas.reduce((a, b) => a + b, 0);
    expect(await stockOf(db, id)).toBe(expected);
    const logs = await inventoryLogsOf(db, id);
    expect(logs).toHaveLength(60);
    logs.forEach((log, i) => {
      expect(log.stockAfter - log.stockBefore).toBe(log.delta);
      if (i > 0) expect(log.stockBefore).toBe(logs[i - 1]!.stockAfter);
    });
    expect(logs.at(-1)!.stockAfter).toBe(expected);
  });

  it('sells exactly the stock when 40 parallel one-unit sales race for 10 units', async () => {
    const { id } = await product('ST-5', 10);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        db
          .transaction()
          .execute((trx) =>
            applyStockChange(trx, { productId: id, deltaMilli: -1000, reason: 'SALE', user }, Date.now()),
          ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(30);
    expect(await stockOf(db, id)).toBe(0);
  });
});
