import { businessNowLocalTimestamp, createReceiptBodySchema, type CreateReceiptInput } from '@mostrador/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/db/connection.js';
import { createServices, type Services } from '../src/services.js';
import { testConfig } from './helpers/app.js';
import { createTestDatabase, type TestDatabase, testDialect } from './helpers/database.js';
import { ensureUser, inventoryLogsOf, seedClient, seedProduct, stockOf } from './helpers/factories.js';

// A sale on PostgreSQL costs two round trips (one read, one call of mostrador_sell), whatever
// its lines, payment mode or key: every query a pg client sends is counted. SQLite runs in
// the process, where a query is no round trip (the sale stays a Kysely transaction there).
describe.runIf(testDialect === 'postgres')('round trips of a sale on PostgreSQL', () => {
  let testDb: TestDatabase;
  let database: Database;
  let receipts: Services['receipts'];
  let sent: string[] = [];
  const seller = { id: 0, name: 'Vendedora', role: 'Seller' as const };
  // A Seller's sale is dated now.
  const NOW = businessNowLocalTimestamp();

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const original = pg.Client.prototype.query;
    // Clients of the pool opened below bind this wrapper when they are made.
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const [first] = args;
      sent.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    database = openDatabase(testDb.url);
    receipts = createServices({ database, config: testConfig({ DATABASE_URL: testDb.url }) }).receipts;
    seller.id = (await ensureUser(testDb.database.db, { role: 'Seller', email: 'rt@prueba.mx', password: 'x' })).id;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database.close();
    await testDb.drop();
  });

  async function roundTripsOf(input: CreateReceiptInput, key?: string) {
    sent = [];
    const result = await receipts.create(createReceiptBodySchema.parse(input), seller, key);
    // The key housekeeping (at most once a minute) runs after the answer, on its own.
    const trips = sent.filter((text) => !text.startsWith('delete from "idempotency_keys"'));
    return { result, trips };
  }

  it('a Cash sale of three lines: one read, one write; stock, logs and payment written', async () => {
    const [a, b] = [await seedProduct(testDb.database.db, { stock: 10 }), await seedProduct(testDb.database.db)];
    const { result, trips } = await roundTripsOf({
      paymentMode: 'Cash',
      date: NOW,
      items: [
        { productId: a.id, quantity: 2, price: 10 },
        { productId: b.id, quantity: 1, price: 5.5 },
        { productId: a.id, quantity: 1, price: 10 },
      ],
    });
    expect(trips).toHaveLength(2);
    expect(trips[1]).toContain('mostrador_sell');
    // Both prepared once per connection: PostgreSQL neither parses nor plans them again.
    expect(trips.every((text) => text.startsWith('/* prepared */'))).toBe(true);
    expect(result.receipt.payments.map((p) => p.amount)).toEqual([35.5]);
    expect(await stockOf(testDb.database.db, a.id)).toBe(7);
    const logs = await inventoryLogsOf(testDb.database.db, a.id);
    expect(logs.map((l) => [l.reason, l.delta, l.stockBefore, l.stockAfter, l.receiptId])).toEqual([
      ['SALE', -3, 10, 7, result.receipt.id],
    ]);
  });

  it('a Credit sale of a client with a limit and an Idempotency-Key: two; its replay: one', async () => {
    const product = await seedProduct(testDb.database.db);
    const client = await seedClient(testDb.database.db, { creditLimitCents: 100_000 });
    const input: CreateReceiptInput = {
      paymentMode: 'Credit',
      clientId: client.id,
      date: NOW,
      items: [{ productId: product.id, quantity: 1, price: 99 }],
    };
    const first = await roundTripsOf(input, 'rt-clave-1');
    expect(first.trips).toHaveLength(2);
    const again = await roundTripsOf(input, 'rt-clave-1');
    expect(again.trips).toHaveLength(1);
    expect(again.result).toEqual({ ...first.result, replayed: true });
  });

  it('a refused sale writes nothing: the stock refusal rolls the receipt back', async () => {
    const product = await seedProduct(testDb.database.db, { stock: 1, name: 'Tornillo' });
    const before = await testDb.database.db
      .selectFrom('receipts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      receipts.create(
        createReceiptBodySchema.parse({
          paymentMode: 'Cash',
          date: NOW,
          items: [{ productId: product.id, quantity: 2, price: 1 }],
        }),
        seller,
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: 'Stock insuficiente de "Tornillo": disponible 1.' });
    const after = await testDb.database.db
      .selectFrom('receipts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await stockOf(testDb.database.db, product.id)).toBe(1);
  });
});
