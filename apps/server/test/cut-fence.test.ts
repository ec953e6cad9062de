import {
  businessNowLocalTimestamp,
  businessToday,
  type CashCountReport,
  type CutData,
  parseCutData,
  type Receipt,
} from '@mostrador/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialect } from './helpers/database.js';
import { createReceipt, postAction, postReceipt, seedClient, seedProduct } from './helpers/factories.js';
import { holderAndWatcher, waitingOnLock } from './helpers/pg-locks.js';

// A write that commits while the day's cut is being generated is either in that cut or listed as
// a late entry by the next one (docs/decisions/061-cut-waits-for-writes-in-flight.md). The
// write is held open by a second connection right after it looked for the day's cut, the cut is
// started, then the write is let go. Without the fence the cut's snapshot is taken without the
// write, and the write saw no cut, so it is in neither. Then each writer of a late entry is
// started while a second connection holds the fence as a cut does: it must wait, and once the cut
// is let go it must see it and record its entry. PostgreSQL only: on SQLite a write transaction and
// the cut never overlap.

describe.runIf(testDialect === 'postgres')('a write committing while the cut is generated', () => {
  let t: TestApp;
  let holder: pg.Client;
  let watcher: pg.Client;
  let endClients: () => Promise<void>;
  let productId: number;
  let managerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    productId = (await seedProduct(t.testDb.database.db, { stock: 1000 })).id;
    managerId = (await t.sessionAs('Manager')).user.id;
    ({ holder, watcher, end: endClients } = await holderAndWatcher(t.testDb.url));
  });
  afterAll(async () => {
    await endClients();
    await t.close();
  });

  const waitingOn = (text: string, orDone?: Promise<unknown>) => waitingOnLock(watcher, text, orDone);

  async function generate(date: string): Promise<CutData> {
    const response = await t.injectAs('Manager', { method: 'POST', url: '/api/reports/generate', payload: { date } });
    expect(response.statusCode, response.body).toBe(201);
    return parseCutData(response.json<CashCountReport>().data)!;
  }

  /** Starts the cut while the write is held, then lets the write go; both must succeed. */
  async function cutDuring<T>(write: Promise<T>, releaseWrite: () => Promise<unknown>) {
    const cut = generate(businessToday());
    // The fixed cut waits for the held write at the fence; an unfenced one finishes meanwhile.
    await waitingOn('cut_fence', cut);
    await releaseWrite();
    const [written, first] = await Promise.all([write, cut]);
    return { written, first, next: await generate(businessToday()) };
  }

  it('a cancellation: the cut already counts the sale as cancelled, nothing late', async () => {
    await t.injectAs('Manager', { method: 'POST', url: '/api/cash/open', payload: { openingFloat: 0 } });
    const sold = await createReceipt(t, {
      paymentMode: 'Cash',
      date: businessNowLocalTimestamp(),
      items: [{ productId, quantity: 2, price: 123.45 }],
    });
    // The cancellation looked for the cut (flagCancellation), then share-locks the seller's shift
    // for its refund: held here.
    await holder.query('begin');
    await holder.query('select id from cash_shifts where user_id = $1 for update', [managerId]);
    const cancel = postAction(t, 'changeState', { id: sold.id, state: 'Cancelled' });
    await waitingOn('cash_shifts');

    const { written, first, next } = await cutDuring(cancel, () => holder.query('rollback'));

    expect(written.statusCode, written.body).toBe(200);
    expect(first.sales).toEqual([]);
    expect([first.totals.totalAmount, first.totals.totalPayments]).toEqual([0, 0]);
    expect(next.late).toEqual([]);
  });

  it('sales of one batch: the cut has both, nothing late', async () => {
    const before = await t.testDb.database.db
      .selectFrom('receipts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    // The second sale of the batch claims a key another transaction holds: the batch waits there,
    // after the first sale looked for the cut (mostrador_sell's last step).
    await holder.query('begin');
    await holder.query(
      `insert into idempotency_keys (user_id, key, operation, request_hash, status_code, response_body, created_at)
       values ($1, 'corte-en-curso', 'receipt/create', 'x', 0, '', $2)`,
      [managerId, Date.now()],
    );
    const line = (price: number) => ({
      paymentMode: 'Cash',
      date: businessNowLocalTimestamp(),
      items: [{ productId, quantity: 2, price }],
    });
    const sales = Promise.all([
      postReceipt(t, line(10.01)),
      postReceipt(t, line(20.02), { headers: { 'Idempotency-Key': 'corte-en-curso' } }),
    ]);
    await waitingOn('mostrador_sell_batch');
    const during = await watcher.query<{ n: string }>('select count(*) as n from receipts');
    expect(during.rows[0]!.n, 'both sales are in the held batch').toBe(before.n);

    const { written, first, next } = await cutDuring(sales, () => holder.query('rollback'));

    expect(written.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(first.sales.map((row) => [row.price, row.total])).toEqual([
      [10.01, 20.02],
      [20.02, 40.04],
    ]);
    expect([first.totals.totalAmount, first.totals.totalPayments]).toEqual([60.06, 60.06]);
    expect(next.late).toEqual([]);
  });

  describe('every writer of a late entry waits for a cut in progress, then records its entry', () => {
    /**
     * Holds the fence as a cut does, starts the write, checks it waits (in `waitsIn`) until the
     * fence is let go, and returns the late entries the next cut lists.
     */
    async function heldByCut(write: () => Promise<{ statusCode: number; body: string }>, waitsIn = 'cut_fence') {
      await holder.query('begin');
      await holder.query('lock table cut_fence in share mode');
      const written = write();
      try {
        await waitingOn(waitsIn);
      } finally {
        await holder.query('commit');
      }
      const response = await written;
      expect(response.statusCode, response.body).toBeLessThan(300);
      return ((await generate(businessToday())).late ?? []).map((entry) => [entry.kind, entry.receiptId, entry.amount]);
    }

    const now = () => businessNowLocalTimestamp();
    const creditSale = async (clientId: number, price: number) =>
      createReceipt(t, { paymentMode: 'Credit', clientId, date: now(), items: [{ productId, quantity: 1, price }] });

    it('a sale, a cancellation, a payment, its cancellation and a settlement', async () => {
      const clientId = (await seedClient(t.testDb.database.db)).id;
      await generate(businessToday());
      let sold: Receipt | undefined;
      const sell = async () => {
        const response = await postReceipt(t, {
          paymentMode: 'Cash',
          date: now(),
          items: [{ productId, quantity: 3, price: 11.11 }],
        });
        sold = response.json<Receipt>();
        return response;
      };
      expect(await heldByCut(sell, 'mostrador_sell_batch')).toEqual([['SALE', sold!.id, 33.33]]);

      const toCancel = await createReceipt(t, {
        paymentMode: 'Cash',
        date: now(),
        items: [{ productId, quantity: 2, price: 5.05 }],
      });
      const owed = await creditSale(clientId, 40);
      await generate(businessToday());
      expect(await heldByCut(() => postAction(t, 'changeState', { id: toCancel.id, state: 'Cancelled' }))).toEqual([
        ['CANCELLED', toCancel.id, 10.1],
      ]);
      expect(await heldByCut(() => postAction(t, 'addPayment', { receiptId: owed.id, amount: 15.5 }))).toEqual([
        ['PAYMENT', owed.id, 15.5],
      ]);
      const paymentId = (
        await t.testDb.database.db
          .selectFrom('payments')
          .select('id')
          .where('receiptId', '=', owed.id)
          .executeTakeFirstOrThrow()
      ).id;
      expect(await heldByCut(() => postAction(t, 'cancelPayment', { paymentId }))).toEqual([
        ['PAYMENT_CANCELLED', owed.id, 15.5],
      ]);
      expect(await heldByCut(() => postAction(t, 'changeState', { id: owed.id, state: 'Paid' }))).toEqual([
        ['PAYMENT', owed.id, 40],
      ]);
    });

    it("a client's abono", async () => {
      const clientId = (await seedClient(t.testDb.database.db)).id;
      const owed = await creditSale(clientId, 30);
      await generate(businessToday());
      const abono = () =>
        t.injectAs('Manager', { method: 'POST', url: '/api/client/addPayment', payload: { clientId, amount: 12.34 } });
      expect(await heldByCut(abono)).toEqual([['PAYMENT', owed.id, 12.34]]);
    });
  });
});
