import { lineTaxes, type TaxTerms } from '@mostrador/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

// The taxes migration on a database that already sold: every product is taken as 16 % IVA
// without IEPS, gets its unit's SAT key and waits for a review; every sold and returned line
// keeps the split of its amount at 16 % made by the shared rule.

let testDb: TestDatabase;
const db = () => testDb.database.db;
const AT_16: TaxTerms = { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: null };

// [units, price in centavos, quantity in thousandths]; the lines' amounts: $17.50, 0.750 kg at
// $183.33 ($137.50), $0.01, $0.99 and 3 boxes at $33.33.
const LINES = [
  ['pieza', 1750, 1000],
  ['kg', 18333, 750],
  ['litro', 1, 1000],
  ['bolsa', 99, 1000],
  ['caja', 3333, 3000],
] as const;

beforeAll(async () => {
  testDb = await createTestDatabase({ migratedTo: '2026-11-28d-cash-received' });
  const at = 1_795_100_000_000;
  const old = testDb.database.db;
  await sql`insert into users (name, email, role, password_hash, created_at, updated_at)
    values ('Ana', 'ana@prueba.mx', 'Admin', 'x', ${at}, ${at})`.execute(old);
  for (const [index, [units]] of LINES.entries()) {
    await sql`insert into products (cuid, cuid_key, name, units, stock_milli, created_at, updated_at)
      values (${`P-${index + 1}`}, ${`p-${index + 1}`}, ${`Producto ${units}`}, ${units}, 10000, ${at}, ${at})`.execute(
      old,
    );
  }
  await sql`insert into receipts (state, payment_mode, client_id, user_id, date, total_cents, created_at, updated_at)
    values ('Paid', 'Cash', null, 1, ${at}, 25349, ${at}, ${at})`.execute(old);
  for (const [index, [units, priceCents, quantityMilli]] of LINES.entries()) {
    await sql`insert into receipt_items (receipt_id, product_id, product_name, units, quantity_milli, price_cents)
      values (1, ${index + 1}, ${`Producto ${units}`}, ${units}, ${quantityMilli}, ${priceCents})`.execute(old);
  }
  // A return of 0.250 kg ($45.83) and of one box ($33.33).
  await sql`insert into receipt_returns (receipt_id, user_id, method, reason, amount_cents, refund_cents, payment_id, authorized_by, created_at)
    values (1, 1, 'Efectivo', 'Caducado', 7916, 7916, null, null, ${at + 1})`.execute(old);
  await sql`insert into receipt_return_items (return_id, item_id, quantity_milli, amount_cents)
    values (1, 2, 250, 4583), (1, 5, 1000, 3333)`.execute(old);
  await migrateToLatest(testDb.database);
});
afterAll(() => testDb.drop());

describe('migration 2026-11-29a-taxes', () => {
  it('takes every product as 16 % IVA without IEPS, with its unit’s SAT key, not yet reviewed', async () => {
    const products = await db()
      .selectFrom('products')
      .select(['units', 'ivaRate', 'iepsRatePpm', 'iepsQuotaMicros', 'satProductCode', 'satUnitCode', 'taxesReviewed'])
      .orderBy('id')
      .execute();
    const taxed = (units: string, satUnitCode: string) => ({
      units,
      ivaRate: '16',
      iepsRatePpm: null,
      iepsQuotaMicros: null,
      satProductCode: '01010101',
      satUnitCode,
      taxesReviewed: 0,
    });
    expect(products).toEqual([
      taxed('pieza', 'H87'),
      taxed('kg', 'KGM'),
      taxed('litro', 'LTR'),
      taxed('bolsa', 'H87'),
      taxed('caja', 'XBX'),
    ]);
  });

  it('splits every sold line at 16 % exactly as the shared rule does', async () => {
    const items = await db()
      .selectFrom('receiptItems')
      .select([
        'ivaRate',
        'iepsRatePpm',
        'iepsQuotaMicros',
        'baseCents',
        'iepsCents',
        'ivaCents',
        'satProductCode',
        'satUnitCode',
      ])
      .orderBy('id')
      .execute();
    const amounts = [1750, 13750, 1, 99, 9999];
    expect(items).toEqual(
      amounts.map((amount, index) => ({
        ivaRate: '16',
        iepsRatePpm: null,
        iepsQuotaMicros: null,
        ...lineTaxes(amount, LINES[index]![2], AT_16),
        satProductCode: '01010101',
        satUnitCode: ['H87', 'KGM', 'LTR', 'H87', 'XBX'][index],
      })),
    );
    // The figures themselves: base + IVA is each line's amount to the centavo. $137.50 has no
    // whole-centavo base whose 16 % lands on it: the centavo left over goes to the base, where
    // the SAT's tolerance for the IVA still holds.
    expect(items.map((i) => [i.baseCents, i.iepsCents, i.ivaCents])).toEqual([
      [1509, 0, 241],
      [11854, 0, 1896],
      [1, 0, 0],
      [85, 0, 14],
      [8620, 0, 1379],
    ]);
  });

  it('splits every returned line at 16 % from its own amount', async () => {
    const lines = await db()
      .selectFrom('receiptReturnItems')
      .select(['itemId', 'ivaRate', 'baseCents', 'iepsCents', 'ivaCents'])
      .orderBy('itemId')
      .execute();
    expect(lines).toEqual([
      { itemId: 2, ivaRate: '16', ...lineTaxes(4583, 250, AT_16) },
      { itemId: 5, ivaRate: '16', ...lineTaxes(3333, 1000, AT_16) },
    ]);
    expect(lines.map((l) => [l.baseCents, l.ivaCents])).toEqual([
      [3951, 632],
      [2873, 460],
    ]);
  });
});
