import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

// The counter-selling migration over rows written by the schema before it: every quantity and
// stock figure becomes its thousandths exactly, and codes get their case-insensitive keys.

let testDb: TestDatabase;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase({ migratedTo: '2026-11-21-initial' });
  const at = 1_763_700_000_000;
  const old = testDb.database.db;
  await sql`insert into users (name, email, role, password_hash, created_at, updated_at)
    values ('Ana', 'ana@prueba.mx', 'Admin', 'x', ${at}, ${at})`.execute(old);
  // The largest stock the old schema allowed (its thousandths overflow a 32-bit integer).
  await sql`insert into products (cuid, name, units, stock_quantity, image_path, created_at, updated_at) values
    ('JAB-1', 'Jabón', 'pza', 12, null, ${at}, ${at}),
    ('MAX', 'Tornillo', 'pza', 999999999, null, ${at}, ${at}),
    ('abc', 'Primero', 'pza', 0, null, ${at}, ${at}),
    ('ABC', 'Segundo', 'pza', 1, null, ${at}, ${at})`.execute(old);
  await sql`insert into receipts (state, payment_mode, client_id, user_id, date, total_cents, created_at, updated_at)
    values ('Paid', 'Cash', null, 1, ${at}, 5997, ${at}, ${at})`.execute(old);
  await sql`insert into receipt_items (receipt_id, product_id, product_name, units, quantity, price_cents)
    values (1, 1, 'Jabón', 'pza', 3, 1999)`.execute(old);
  await sql`insert into inventory_logs
    (product_id, receipt_id, user_id, reason, delta, stock_before, stock_after, product_name, user_name, note, created_at)
    values (1, null, 1, 'ADD', 15, 0, 15, 'Jabón', 'Ana', 'Inventario inicial', ${at}),
           (1, 1, 1, 'SALE', -3, 15, 12, 'Jabón', 'Ana', 'Remisión #1', ${at + 1}),
           (2, null, 1, 'ADD', 999999999, 0, 999999999, 'Tornillo', 'Ana', null, ${at})`.execute(old);
  await migrateToLatest(testDb.database);
});
afterAll(() => testDb.drop());

describe('migration 2026-11-23a-counter-selling', () => {
  it('turns every stock into thousandths exactly, and leaves the new fields empty', async () => {
    const products = await db()
      .selectFrom('products')
      .select([
        'cuid',
        'cuidKey',
        'stockMilli',
        'priceCents',
        'wholesalePriceCents',
        'wholesaleMinMilli',
        'barcode',
        'minStockMilli',
        'sellsByWeight',
      ])
      .orderBy('id')
      .execute();
    const empty = {
      priceCents: null,
      wholesalePriceCents: null,
      wholesaleMinMilli: null,
      barcode: null,
      minStockMilli: null,
      sellsByWeight: 0,
    };
    expect(products).toEqual([
      { cuid: 'JAB-1', cuidKey: 'jab-1', stockMilli: 12_000, ...empty },
      { cuid: 'MAX', cuidKey: 'max', stockMilli: 999_999_999_000, ...empty },
      { cuid: 'abc', cuidKey: 'abc', stockMilli: 0, ...empty },
      // A code equal to an earlier one but for case keeps its code; its key gets the id.
      { cuid: 'ABC', cuidKey: 'abc#4', stockMilli: 1000, ...empty },
    ]);
  });

  it('turns receipt quantities and inventory logs into thousandths, keeping prices and totals', async () => {
    expect(await db().selectFrom('receiptItems').select(['quantityMilli', 'priceCents']).execute()).toEqual([
      { quantityMilli: 3000, priceCents: 1999 },
    ]);
    expect(await db().selectFrom('receipts').select('totalCents').execute()).toEqual([{ totalCents: 5997 }]);
    const logs = await db()
      .selectFrom('inventoryLogs')
      .select(['deltaMilli', 'stockBeforeMilli', 'stockAfterMilli'])
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { deltaMilli: 15_000, stockBeforeMilli: 0, stockAfterMilli: 15_000 },
      { deltaMilli: -3000, stockBeforeMilli: 15_000, stockAfterMilli: 12_000 },
      { deltaMilli: 999_999_999_000, stockBeforeMilli: 0, stockAfterMilli: 999_999_999_000 },
    ]);
  });

  it('drops the integer columns and keeps the checks on the new ones', async () => {
    await expect(sql`select stock_quantity from products`.execute(db())).rejects.toThrow();
    await expect(sql`select quantity from receipt_items`.execute(db())).rejects.toThrow();
    await expect(sql`select delta from inventory_logs`.execute(db())).rejects.toThrow();
    await expect(db().updateTable('products').set({ stockMilli: -1 }).where('id', '=', 1).execute()).rejects.toThrow();
    await expect(
      db().updateTable('products').set({ sellsByWeight: 2 }).where('id', '=', 1).execute(),
    ).rejects.toThrow();
  });

  it('makes codes and barcodes unique', async () => {
    await expect(
      db().updateTable('products').set({ cuidKey: 'jab-1' }).where('id', '=', 2).execute(),
    ).rejects.toThrow();
    await db().updateTable('products').set({ barcode: '7501055363278' }).where('id', '=', 1).execute();
    await expect(
      db().updateTable('products').set({ barcode: '7501055363278' }).where('id', '=', 2).execute(),
    ).rejects.toThrow();
  });
});
