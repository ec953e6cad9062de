import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

// The returns migration on a database that already has receipts: each gets returned_cents 0, and
// the new tables hold their rules (no negative worth, no line twice in one return).

let testDb: TestDatabase;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase({ migratedTo: '2026-11-27b-statement-links' });
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
  await sql`insert into late_entries (day, kind, receipt_id, payment_id, amount_cents, user_id, created_at, reported_in_cut_id)
    values ('2026-11-18', 'SALE', 1, null, 5997, 1, ${at}, null)`.execute(old);
  await migrateToLatest(testDb.database);
});
afterAll(() => testDb.drop());

describe('migration 2026-11-28a-returns', () => {
  it('keeps the late entries and lets them name a return; any other kind is still refused', async () => {
    const entry = {
      day: '2026-11-19',
      receiptId: 1,
      paymentId: null,
      amountCents: 1999,
      userId: 1,
      createdAt: 2,
      reportedInCutId: null,
    };
    await db()
      .insertInto('lateEntries')
      .values({ ...entry, kind: 'RETURN' })
      .execute();
    await expect(
      db()
        .insertInto('lateEntries')
        .values({ ...entry, kind: 'OTHER' as 'RETURN' })
        .execute(),
    ).rejects.toThrow();
    const rows = await db().selectFrom('lateEntries').select(['id', 'kind', 'day']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, kind: 'SALE', day: '2026-11-18' },
      { id: 2, kind: 'RETURN', day: '2026-11-19' },
    ]);
  });

  it('gives the existing receipts nothing returned', async () => {
    expect(await db().selectFrom('receipts').select(['id', 'totalCents', 'returnedCents']).execute()).toEqual([
      { id: 1, totalCents: 5997, returnedCents: 0 },
    ]);
  });

  it('stores a return and its lines, and refuses a negative worth or a line twice', async () => {
    const row = { receiptId: 1, userId: 1, method: 'Efectivo' as const, reason: 'x', refundCents: 0, createdAt: 1 };
    const stored = await db()
      .insertInto('receiptReturns')
      .values({ ...row, amountCents: 1999, paymentId: null, authorizedBy: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db()
        .insertInto('receiptReturns')
        .values({ ...row, amountCents: -1, paymentId: null, authorizedBy: null })
        .execute(),
    ).rejects.toThrow();
    const line = { returnId: stored.id, itemId: 1, quantityMilli: 1000, amountCents: 1999 };
    await db().insertInto('receiptReturnItems').values(line).execute();
    await expect(db().insertInto('receiptReturnItems').values(line).execute()).rejects.toThrow();
  });
});
