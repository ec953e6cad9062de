import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase, testDialect } from './helpers/database.js';

// The dashboard migration: two covering indexes, the items' narrow index gone, and on a SQLite
// database that keeps planner statistics, statistics for the new indexes too.

let testDb: TestDatabase;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase({ migratedTo: '2026-11-23e-health-probe' });
  const at = 1_795_000_000_000;
  const old = testDb.database.db;
  await sql`insert into users (name, email, role, password_hash, created_at, updated_at)
    values ('Ana', 'ana@prueba.mx', 'Admin', 'x', ${at}, ${at})`.execute(old);
  await sql`insert into products (cuid, cuid_key, name, units, stock_milli, created_at, updated_at)
    values ('JAB-1', 'jab-1', 'Jabón', 'pza', 12000, ${at}, ${at})`.execute(old);
  await sql`insert into receipts (state, payment_mode, client_id, user_id, date, total_cents, created_at, updated_at)
    values ('Paid', 'Cash', null, 1, ${at}, 5997, ${at}, ${at})`.execute(old);
  await sql`insert into receipt_items (receipt_id, product_id, product_name, units, quantity_milli, price_cents)
    values (1, 1, 'Jabón', 'pza', 3000, 1999)`.execute(old);
  if (testDialect === 'sqlite') await sql`analyze`.execute(old);
  // Up to this migration: 2026-12-01b-profit replaces the items' index with a wider one.
  await migrateTo(testDb.database, '2026-11-24c-dashboard');
});
afterAll(() => testDb.drop());

async function indexNames(): Promise<string[]> {
  const query =
    testDialect === 'sqlite'
      ? sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name in ('receipts', 'receipt_items')`
      : sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename in ('receipts', 'receipt_items')`;
  return (await query.execute(db())).rows.map((row) => row.name);
}

describe('migration 2026-11-24c-dashboard', () => {
  it('adds the covering indexes and drops the narrow index of the items', async () => {
    const names = await indexNames();
    expect(names).toEqual(expect.arrayContaining(['receipts_date_totals_idx', 'receipt_items_receipt_sold_idx']));
    expect(names).not.toContain('receipt_items_receipt_idx');
  });

  it.runIf(testDialect === 'sqlite')(
    'gives the new indexes planner statistics where the others have them',
    async () => {
      const { rows } = await sql<{ idx: string }>`select idx from sqlite_stat1`.execute(db());
      expect(rows.map((row) => row.idx)).toEqual(
        expect.arrayContaining(['receipts_date_totals_idx', 'receipt_items_receipt_sold_idx']),
      );
    },
  );

  it('keeps the rows', async () => {
    const items = await db().selectFrom('receiptItems').select(['receiptId', 'quantityMilli']).execute();
    expect(items).toEqual([{ receiptId: 1, quantityMilli: 3000 }]);
  });
});
