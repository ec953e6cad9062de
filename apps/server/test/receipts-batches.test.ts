import { businessNowLocalTimestamp } from '@mostrador/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startsNow, takeBatch } from '../src/modules/receipts/sale/pg.batcher.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialect } from './helpers/database.js';
import { postReceipt, seedProduct, stockOf } from './helpers/factories.js';
import { holderAndWatcher, waitingOnLock } from './helpers/pg-locks.js';

// Batches of sales on PostgreSQL (receipts.pg-sale-batch.ts): a batch takes only the sales whose
// rows no batch in flight locks, so two batches in flight write side by side and a sale of other
// products never waits for a batch held on a product's row.

describe('the next batch of sales', () => {
  const job = (name: string, ...locks: string[]) => ({ name, locks });
  const names = (jobs: Array<{ name: string }>) => jobs.map((j) => j.name);

  it('takes, in order, the sales that lock nothing held; the others stay queued, in order', () => {
    const queue = [job('a', 'p1'), job('b', 'p2', 'c7'), job('c', 'p3'), job('d', 'p9', 'p2'), job('e', 'k3:x')];
    const { batch, rest } = takeBatch(queue, new Set(['p2', 'k3:x']));
    expect(names(batch)).toEqual(['a', 'c']);
    expect(names(rest)).toEqual(['b', 'd', 'e']);
  });

  it('takes sales that share a row with each other (the batch runs them in order)', () => {
    const { batch, rest } = takeBatch([job('a', 'p1'), job('b', 'p1'), job('c', 'c4', 'p1')], new Set());
    expect(names(batch)).toEqual(['a', 'b', 'c']);
    expect(rest).toEqual([]);
  });

  it('starts a second batch in flight only when full (16) or once its oldest sale waited 20 ms', () => {
    expect(startsNow(1, 0, 0)).toBe(true); // nothing in flight: at once, however small
    expect(startsNow(15, 1, 19.9)).toBe(false);
    expect(startsNow(16, 1, 0)).toBe(true);
    expect(startsNow(1, 1, 20)).toBe(true);
  });

  it('takes 16 at most, so that 32 sales waiting make two batches written side by side', () => {
    const queue = Array.from({ length: 40 }, (_, i) => job(`s${i}`, `p${i}`));
    const { batch, rest } = takeBatch(queue, new Set());
    expect(batch).toHaveLength(16);
    expect(names(rest)).toEqual(Array.from({ length: 24 }, (_, i) => `s${16 + i}`));
  });
});

describe.runIf(testDialect === 'postgres')('sales while a batch waits on a product row', () => {
  let t: TestApp;
  let holder: pg.Client;
  let watcher: pg.Client;
  let endClients: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ holder, watcher, end: endClients } = await holderAndWatcher(t.testDb.url));
  });
  afterAll(async () => {
    await endClients();
    await t.close();
  });

  const sale = (productId: number, quantity: number) =>
    postReceipt(t, {
      paymentMode: 'Cash',
      date: businessNowLocalTimestamp(),
      items: [{ productId, quantity, price: 10 }],
    });

  it('a sale of another product is answered meanwhile; one of the held product waits, then both are written', async () => {
    const db = t.testDb.database.db;
    const held = (await seedProduct(db, { stock: 100 })).id;
    const other = (await seedProduct(db, { stock: 100 })).id;
    await holder.query('begin');
    await holder.query('select id from products where id = $1 for update', [held]);
    try {
      const first = sale(held, 2);
      await waitingOnLock(watcher, 'mostrador_sell_batch', first);
      // Its own turn: before, it became the second batch in flight and waited on the row too,
      // and every later sale queued behind both.
      let secondAnswered = false;
      const second = sale(held, 3).then((response) => ((secondAnswered = true), response));
      await new Promise((resolve) => setTimeout(resolve, 100));

      const elsewhere = await Promise.race([
        sale(other, 4),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
      ]);

      expect(elsewhere === 'still waiting' ? elsewhere : elsewhere.statusCode).toBe(201);
      expect(secondAnswered).toBe(false);
      expect(await stockOf(db, other)).toBe(96);
      expect(await stockOf(db, held)).toBe(100);
      await holder.query('rollback');
      expect([(await first).statusCode, (await second).statusCode]).toEqual([201, 201]);
      expect(await stockOf(db, held)).toBe(95);
    } finally {
      await holder.query('rollback');
    }
  });

  it('sales arriving a few milliseconds apart while a batch is in flight are written together, in one transaction', async () => {
    const db = t.testDb.database.db;
    const held = (await seedProduct(db, { stock: 100 })).id;
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => seedProduct(db, { stock: 100 })));
    await holder.query('begin');
    try {
      await holder.query('select id from products where id = $1 for update', [held]);
      const first = sale(held, 1);
      await waitingOnLock(watcher, 'mostrador_sell_batch', first);

      const spread = others.map(
        (product, i) =>
          new Promise<Awaited<ReturnType<typeof sale>>>((resolve) =>
            setTimeout(() => resolve(sale(product.id, 1)), 3 * i),
          ),
      );
      const answers = await Promise.all(spread);

      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const ids = answers.map((answer) => answer.json<{ id: number }>().id);
      // Rows written by one transaction carry its id in xmin: one batch, one read, one COMMIT.
      // Before, the first of them started a batch of its own at once.
      const { rows } = await watcher.query<{ n: string }>(
        'select count(distinct xmin::text) as n from receipts where id = any($1::integer[])',
        [ids],
      );
      expect(Number(rows[0]!.n)).toBe(1);
      await holder.query('rollback');
      expect((await first).statusCode).toBe(201);
    } finally {
      await holder.query('rollback');
    }
  });
});
