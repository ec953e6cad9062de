import {
  API_ACCESS,
  businessNowLocalTimestamp,
  createReceiptBodySchema,
  type CreateReceiptInput,
  type Receipt,
} from '@mostrador/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/db/connection.js';
import { createServices, type Services } from '../src/services.js';
import { testConfig } from './helpers/app.js';
import { createTestDatabase, type TestDatabase, testDialect } from './helpers/database.js';
import { ensureUser, inventoryLogsOf, seedClient, seedProduct, stockOf } from './helpers/factories.js';

// A sale on PostgreSQL costs two round trips (one read, one call of mostrador_sell_batch),
// whatever its lines, payment mode or key, and sales that arrive together share those two (one
// transaction, one COMMIT): every query a pg client sends is counted. SQLite runs in the
// process, where a query is no round trip (the sale stays a Kysely transaction there).
describe.runIf(testDialect === 'postgres')('round trips of a sale on PostgreSQL', () => {
  let testDb: TestDatabase;
  let database: Database;
  let receipts: Services['receipts'];
  let sent: string[] = [];
  /** The next batch call fails as a deadlock would (rolled back whole, before it reaches the database). */
  let deadlockNextBatch = false;
  const seller = { id: 0, name: 'Vendedora', role: 'Seller' as const };
  // A Seller's sale is dated now.
  const NOW = businessNowLocalTimestamp();

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const original = pg.Client.prototype.query;
    // Clients of the pool opened below bind this wrapper when they are made.
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === 'string' ? first : String((first as { text?: unknown }).text);
      sent.push(text);
      if (deadlockNextBatch && text.includes('mostrador_sell_batch')) {
        deadlockNextBatch = false;
        return Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' })) as never;
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    database = openDatabase(testDb.url);
    const services = createServices({ database, config: testConfig({ DATABASE_URL: testDb.url }) });
    receipts = services.receipts;
    // As the server does when it starts: the shop's settings are in memory before the first sale.
    await services.settings.current();
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
    // The key housekeeping (at most once a minute) runs after the answer, on its own; so does the
    // shop's settings' read (kept in memory, read again in the background when stale).
    const trips = sent.filter(
      (text) => !text.startsWith('delete from "idempotency_keys"') && !text.includes('from "shop_settings"'),
    );
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
    expect(trips[1]).toContain('mostrador_sell_batch');
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

  it("a sale that checks its seller's session reads it in its own read: still two; an ended session, one and nothing written", async () => {
    const product = await seedProduct(testDb.database.db, { stock: 10 });
    const sessionId = `rt-sesion-${Date.now()}`;
    await testDb.database.db
      .insertInto('sessions')
      .values({ id: sessionId, userId: seller.id, createdAt: 1 })
      .execute();
    const toCheck = { userId: seller.id, sessionId, requirement: API_ACCESS['receipt/create'] };
    const input = body(cashSale(product.id, 1));

    sent = [];
    const sold = await receipts.create(input, toCheck);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('from sessions');
    // The name as stored, not the one the caller holds.
    expect(sold.receipt.user).toEqual({ id: seller.id, name: 'Usuario Seller' });

    await testDb.database.db.updateTable('sessions').set({ revokedAt: 2 }).where('id', '=', sessionId).execute();
    sent = [];
    await expect(receipts.create(input, toCheck)).rejects.toMatchObject({
      statusCode: 401,
      message: 'Tu sesión terminó. Inicia sesión de nuevo.',
    });
    expect(sent).toHaveLength(1);
    expect(await stockOf(testDb.database.db, product.id)).toBe(9);
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

  const body = (input: CreateReceiptInput) => createReceiptBodySchema.parse(input);
  const cashSale = (productId: number, quantity: number, price = 10): CreateReceiptInput => ({
    paymentMode: 'Cash',
    date: NOW,
    items: [{ productId, quantity, price }],
  });
  /** Sales sent in one turn: they join one batch. Settled in order. */
  async function together(sales: Array<{ input: CreateReceiptInput; key?: string }>) {
    sent = [];
    const settled = await Promise.allSettled(sales.map(({ input, key }) => receipts.create(body(input), seller, key)));
    const trips = sent.filter((text) => !text.startsWith('delete from "idempotency_keys"'));
    return { settled, trips };
  }
  /** The distinct transaction ids (subtransactions) that wrote these sales' receipts. */
  const subtransactionsOf = async (settled: Array<PromiseSettledResult<{ receipt: Receipt }>>) => {
    const ids = settled.map((s) => (s as PromiseFulfilledResult<{ receipt: Receipt }>).value.receipt.id);
    const { rows } = await sql<{ n: number }>`select count(distinct xmin::text)::integer as n
      from receipts where id = any(${ids}::integer[])`.execute(testDb.database.db);
    return rows[0]!.n;
  };
  const countOf = async (table: 'receipts' | 'payments') =>
    Number(
      (
        await testDb.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('ten sales sent together: one read and one write for all of them', async () => {
    const product = await seedProduct(testDb.database.db, { stock: 100 });
    const { settled, trips } = await together(
      Array.from({ length: 10 }, (_, i) => ({ input: cashSale(product.id, i + 1) })),
    );
    expect(settled.map((s) => s.status)).toEqual(Array(10).fill('fulfilled'));
    expect(trips).toHaveLength(2);
    expect(trips[1]).toContain('mostrador_sell_batch');
    // No sale refused: the whole batch ran in one subtransaction, so its rows share one xmin.
    expect(await subtransactionsOf(settled)).toBe(1);
    expect(await stockOf(testDb.database.db, product.id)).toBe(100 - 55);
    const logs = await inventoryLogsOf(testDb.database.db, product.id);
    // Chained in the order the sales arrived.
    expect(logs.map((l) => [l.stockBefore, l.stockAfter])).toEqual(
      Array.from({ length: 10 }, (_, i) => {
        const before = 100 - (i * (i + 1)) / 2;
        return [before, before - (i + 1)];
      }),
    );
  });

  it('a refused sale in the middle of a batch is rolled back alone: stock, logs, ids and payments exact', async () => {
    const a = await seedProduct(testDb.database.db, { stock: 5, name: 'Clavo' });
    const b = await seedProduct(testDb.database.db, { stock: 1, name: 'Martillo' });
    const receiptsBefore = await countOf('receipts');
    const paymentsBefore = await countOf('payments');
    const { settled } = await together([
      { input: cashSale(a.id, 2, 10) },
      {
        input: {
          paymentMode: 'Cash',
          date: NOW,
          items: [
            { productId: a.id, quantity: 1, price: 10 },
            { productId: b.id, quantity: 2, price: 50 },
          ],
        },
      },
      { input: cashSale(a.id, 3, 10) },
    ]);
    expect(settled[1]).toMatchObject({
      status: 'rejected',
      reason: { statusCode: 409, message: 'Stock insuficiente de "Martillo": disponible 1.' },
    });
    const [first, third] = [settled[0], settled[2]].map(
      (s) => (s as PromiseFulfilledResult<{ receipt: Receipt }>).value.receipt,
    );
    // The refused sale's receipt id is a gap; the third sale sold the units the second did not take.
    expect(third!.id).toBe(first!.id + 2);
    // Run again one subtransaction per sale once one was refused.
    expect(await subtransactionsOf([settled[0]!, settled[2]!])).toBe(2);
    expect(await countOf('receipts')).toBe(receiptsBefore + 2);
    expect(await countOf('payments')).toBe(paymentsBefore + 2);
    expect([first!.payments.map((p) => p.amount), third!.payments.map((p) => p.amount)]).toEqual([[20], [30]]);
    const stored = await testDb.database.db
      .selectFrom('payments')
      .select(['receiptId', 'amountCents'])
      .where('receiptId', 'in', [first!.id, first!.id + 1, third!.id])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { receiptId: first!.id, amountCents: 2000 },
      { receiptId: third!.id, amountCents: 3000 },
    ]);
    expect(await stockOf(testDb.database.db, a.id)).toBe(0);
    expect(await stockOf(testDb.database.db, b.id)).toBe(1);
    const logs = await inventoryLogsOf(testDb.database.db, a.id);
    expect(logs.map((l) => [l.delta, l.stockBefore, l.stockAfter, l.receiptId])).toEqual([
      [-2, 5, 3, first!.id],
      [-3, 3, 0, third!.id],
    ]);
    expect(await inventoryLogsOf(testDb.database.db, b.id)).toEqual([]);
  });

  it('a sale refused in Node (a product that does not exist) leaves the others of its batch alone', async () => {
    const product = await seedProduct(testDb.database.db, { stock: 10 });
    const { settled, trips } = await together([
      { input: cashSale(product.id, 1) },
      { input: cashSale(999_999, 1) },
      { input: cashSale(product.id, 2) },
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 404,
      message: 'El producto #999999 no existe.',
    });
    expect(trips).toHaveLength(2);
    expect(await stockOf(testDb.database.db, product.id)).toBe(7);
  });

  it('a batch refused whole by a deadlock is retried one sale per call, in order', async () => {
    const product = await seedProduct(testDb.database.db, { stock: 10 });
    deadlockNextBatch = true;
    const { settled, trips } = await together([
      { input: cashSale(product.id, 4) },
      { input: cashSale(product.id, 4) },
      { input: cashSale(product.id, 4) },
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 409 });
    // One read, the batch that failed, then each sale alone.
    expect(trips).toHaveLength(5);
    expect(await stockOf(testDb.database.db, product.id)).toBe(2);
    expect((await inventoryLogsOf(testDb.database.db, product.id)).map((l) => [l.stockBefore, l.stockAfter])).toEqual([
      [10, 6],
      [6, 2],
    ]);
  });

  it('two sales of the last units in one batch: the second is refused', async () => {
    const product = await seedProduct(testDb.database.db, { stock: 3, name: 'Foco' });
    const { settled } = await together([{ input: cashSale(product.id, 3) }, { input: cashSale(product.id, 3) }]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected']);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 409,
      message: 'Stock insuficiente de "Foco": disponible 0.',
    });
    expect(await stockOf(testDb.database.db, product.id)).toBe(0);
    expect((await inventoryLogsOf(testDb.database.db, product.id)).map((l) => [l.stockBefore, l.stockAfter])).toEqual([
      [3, 0],
    ]);
  });

  it('the same Idempotency-Key twice in one batch: one sale, the second answers it', async () => {
    const product = await seedProduct(testDb.database.db, { stock: 10 });
    const receiptsBefore = await countOf('receipts');
    const input = cashSale(product.id, 4);
    const { settled } = await together([
      { input, key: 'rt-lote-1' },
      { input, key: 'rt-lote-1' },
      { input: cashSale(product.id, 5), key: 'rt-lote-1' },
    ]);
    const [first, again] = settled.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
    expect(first).toMatchObject({ statusCode: 201, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    // Another body with the same key: refused as today.
    expect(settled[2]).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } });
    expect(await countOf('receipts')).toBe(receiptsBefore + 1);
    expect(await stockOf(testDb.database.db, product.id)).toBe(6);
  });

  it("a client's two credit sales in one batch are held to the limit together", async () => {
    const product = await seedProduct(testDb.database.db, { stock: 10 });
    const client = await seedClient(testDb.database.db, { creditLimitCents: 100_000 });
    const credit = (price: number): CreateReceiptInput => ({
      paymentMode: 'Credit',
      clientId: client.id,
      date: NOW,
      items: [{ productId: product.id, quantity: 1, price }],
    });
    const { settled } = await together([{ input: credit(600) }, { input: credit(500) }, { input: credit(400) }]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // A Seller's: a supervisor could authorise it.
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 403,
      code: 'SUPERVISOR_REQUIRED',
    });
    expect(String((settled[1] as PromiseRejectedResult).reason.message)).toContain('$600.00');
    const open = await testDb.database.db
      .selectFrom('receipts')
      .select('totalCents')
      .where('clientId', '=', client.id)
      .orderBy('id')
      .execute();
    expect(open.map((r) => r.totalCents)).toEqual([60_000, 40_000]);
    expect(await stockOf(testDb.database.db, product.id)).toBe(8);
  });
});
