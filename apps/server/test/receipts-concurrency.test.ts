import { businessNowLocalTimestamp, type Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS } from '../src/modules/idempotency/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import {
  createReceipt,
  creditReceipt,
  inventoryLogsOf,
  postAction,
  postReceipt,
  seedProduct,
  stockOf,
  TODAY_NOON,
} from './helpers/factories.js';

let t: TestApp;
/** The tests' now, fixed: which day is today never depends on when the suite runs. */
const CLOCK_NOW = Date.parse('2026-11-21T18:00:00Z');
const db = () => t.testDb.database.db;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => CLOCK_NOW });
  // Sign every role in once, so parallel requests below do not race to create users.
  await Promise.all([t.sessionAs('Seller'), t.sessionAs('Manager'), t.sessionAs('Admin')]);
});
afterAll(() => t.close());

const receiptsSelling = async (productId: number) =>
  (await db().selectFrom('receiptItems').select('receiptId').where('productId', '=', productId).execute()).map(
    (r) => r.receiptId,
  );

// Sellers take part: their sales are dated now (once, so repeated bodies stay identical).
const NOW = businessNowLocalTimestamp(CLOCK_NOW);

const statuses = (responses: Array<{ statusCode: number }>) =>
  responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

describe('concurrent sales', () => {
  it('40 parallel one-unit sales on a stock of 10 sell exactly 10', async () => {
    const product = await seedProduct(db(), { name: 'Último lote', stock: 10 });
    const body = {
      paymentMode: 'Cash',
      date: NOW,
      items: [{ productId: product.id, quantity: 1, price: 12.5 }],
    };
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => postReceipt(t, body, { role: i % 2 ? 'Seller' : 'Manager' })),
    );
    expect(statuses(responses)).toEqual({ 201: 10, 409: 30 });
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe('Stock insuficiente de "Último lote": disponible 0.');
    }
    expect(await stockOf(db(), product.id)).toBe(0);
    expect(await receiptsSelling(product.id)).toHaveLength(10);
    const logs = await inventoryLogsOf(db(), product.id);
    expect(logs).toHaveLength(10);
    expect(logs.every((l) => l.reason === 'SALE' && l.delta === -1)).toBe(true);
    expect(logs.map((l) => l.stockAfter).sort((a, b) => b - a)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const cash = await db()
      .selectFrom('payments')
      .select('amountCents')
      .where(
        'receiptId',
        'in',
        responses.filter((r) => r.statusCode === 201).map((r) => r.json<Receipt>().id),
      )
      .execute();
    expect(cash.map((p) => p.amountCents)).toEqual(Array(10).fill(1250));
  });

  it('parallel sales of two products in opposite line order neither deadlock nor oversell', async () => {
    const a = await seedProduct(db(), { stock: 15 });
    const b = await seedProduct(db(), { stock: 15 });
    const line = (productId: number) => ({ productId, quantity: 1, price: 1 });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postReceipt(t, {
          paymentMode: 'Cash',
          date: TODAY_NOON,
          items: i % 2 ? [line(a.id), line(b.id)] : [line(b.id), line(a.id)],
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 15, 409: 15 });
    expect(await stockOf(db(), a.id)).toBe(0);
    expect(await stockOf(db(), b.id)).toBe(0);
  });
});

describe('Idempotency-Key on create', () => {
  const saleOf = (productId: number, quantity = 1) => ({
    paymentMode: 'Cash',
    date: NOW,
    items: [{ productId, quantity, price: 19.99 }],
  });

  it('a retry with the same key answers the first receipt and sells nothing more', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const headers = { 'idempotency-key': 'venta-1' };
    const first = await postReceipt(t, saleOf(product.id, 2), { headers });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await postReceipt(t, saleOf(product.id, 2), { headers });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(retry.json()).toMatchObject({ total: 39.98, paid: 39.98, balance: 0 });
    expect(await stockOf(db(), product.id)).toBe(8);
    expect(await receiptsSelling(product.id)).toEqual([first.json<Receipt>().id]);
  });

  it('the same key with another body is 409 and sells nothing', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const headers = { 'idempotency-key': 'venta-2' };
    expect((await postReceipt(t, saleOf(product.id, 1), { headers })).statusCode).toBe(201);
    const other = await postReceipt(t, saleOf(product.id, 3), { headers });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(
      errorBody(
        'La clave Idempotency-Key ya se usó con otra solicitud. Genera una clave nueva para cada remisión.',
        'CONFLICT',
      ),
    );
    expect(await stockOf(db(), product.id)).toBe(9);
  });

  it('keys belong to their user: the same key from another user is another sale', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const headers = { 'idempotency-key': 'compartida' };
    const seller = await postReceipt(t, saleOf(product.id), { headers, role: 'Seller' });
    const manager = await postReceipt(t, saleOf(product.id), { headers, role: 'Manager' });
    expect([seller.statusCode, manager.statusCode]).toEqual([201, 201]);
    expect(manager.json<Receipt>().id).not.toBe(seller.json<Receipt>().id);
    expect(await stockOf(db(), product.id)).toBe(8);
  });

  it('simultaneous requests with one key sell once and all answer that one receipt', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const headers = { 'idempotency-key': 'doble-clic' };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => postReceipt(t, saleOf(product.id, 3), { headers })),
    );
    expect(statuses(responses)).toEqual({ 201: 8 });
    const receiptIds = new Set(responses.map((r) => r.json<Receipt>().id));
    expect(receiptIds.size).toBe(1);
    expect(await stockOf(db(), product.id)).toBe(7);
    expect(await inventoryLogsOf(db(), product.id)).toHaveLength(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
  });

  it('simultaneous requests with one key for the last unit: one sale, every answer the same receipt', async () => {
    const product = await seedProduct(db(), { stock: 1 });
    const headers = { 'idempotency-key': 'ultima-pieza' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postReceipt(t, saleOf(product.id), { headers })),
    );
    expect(statuses(responses)).toEqual({ 201: 5 });
    expect(new Set(responses.map((r) => r.json<Receipt>().id)).size).toBe(1);
    expect(await stockOf(db(), product.id)).toBe(0);
  });

  it('a failed sale stores nothing: the retry with the same key is tried again', async () => {
    const product = await seedProduct(db(), { stock: 1 });
    const headers = { 'idempotency-key': 'sin-stock' };
    expect((await postReceipt(t, saleOf(product.id, 2), { headers })).statusCode).toBe(409);
    await db().updateTable('products').set({ stockMilli: 5000 }).where('id', '=', product.id).execute();
    expect((await postReceipt(t, saleOf(product.id, 2), { headers })).statusCode).toBe(201);
    expect(await stockOf(db(), product.id)).toBe(3);
  });

  it('a key older than 24 hours is forgotten', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const headers = { 'idempotency-key': 'de-ayer' };
    expect((await postReceipt(t, saleOf(product.id), { headers })).statusCode).toBe(201);
    await db()
      .updateTable('idempotencyKeys')
      .set({ createdAt: CLOCK_NOW - IDEMPOTENCY_TTL_MS - 1000 })
      .where('key', '=', 'de-ayer')
      .execute();
    const again = await postReceipt(t, saleOf(product.id), { headers });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockOf(db(), product.id)).toBe(8);
  });
});

describe('concurrent receipt actions', () => {
  it('parallel payments never overpay: 10 × $30 on a balance of $100 → exactly 3 accepted', async () => {
    const receipt = await creditReceipt(t, 100);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postAction(t, 'addPayment', { receiptId: receipt.id, amount: 30 })),
    );
    expect(statuses(responses)).toEqual({ 200: 3, 409: 7 });
    const final = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${receipt.id}` });
    expect(final.json()).toMatchObject({ state: 'Pending', paid: 90, balance: 10 });
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toContain(
      'El monto excede el saldo pendiente de $10.00.',
    );
  });

  it('parallel payments of the whole balance: one wins and the receipt is Paid', async () => {
    const receipt = await creditReceipt(t, 45.45);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => postAction(t, 'addPayment', { receiptId: receipt.id, amount: 45.45 })),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 5 });
    const final = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${receipt.id}` });
    expect(final.json()).toMatchObject({ state: 'Paid', paid: 45.45, balance: 0 });
    expect(final.json().payments).toHaveLength(1);
  });

  it('exactly one of two parallel cancels of a payment wins', async () => {
    const receipt = await creditReceipt(t, 80);
    const added = await postAction(t, 'addPayment', { receiptId: receipt.id, amount: 50 });
    const paymentId = added.json<Receipt>().payments[0]!.id;
    const responses = await Promise.all([
      postAction(t, 'cancelPayment', { paymentId }),
      postAction(t, 'cancelPayment', { paymentId }, 'Admin'),
    ]);
    expect(statuses(responses)).toEqual({ 200: 1, 409: 1 });
    const final = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${receipt.id}` });
    expect(final.json()).toMatchObject({ paid: 0, balance: 80 });
  });

  it('parallel cancellations of one receipt restock once', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const receipt = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 4, price: 2 }],
    });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postAction(t, 'changeState', { id: receipt.id, state: 'Cancelled' })),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 4 });
    expect(await stockOf(db(), product.id)).toBe(10);
    expect((await inventoryLogsOf(db(), product.id)).map((l) => l.reason)).toEqual(['SALE', 'RETURN']);
  });

  it('settling and cancelling a payment at the same time leave a consistent receipt', async () => {
    const receipt = await creditReceipt(t, 60);
    const added = await postAction(t, 'addPayment', { receiptId: receipt.id, amount: 20 });
    const paymentId = added.json<Receipt>().payments[0]!.id;
    const [settle, cancel] = await Promise.all([
      postAction(t, 'changeState', { id: receipt.id, state: 'Paid' }),
      postAction(t, 'cancelPayment', { paymentId }),
    ]);
    expect([settle.statusCode, cancel.statusCode]).toEqual([200, 200]);
    const final = (
      await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${receipt.id}` })
    ).json<Receipt>();
    // Whichever ran first, state and balance agree: Paid with 0 owed, or Pending with 20 owed.
    if (final.state === 'Paid') expect(final.balance).toBe(0);
    else expect(final).toMatchObject({ state: 'Pending', balance: 20 });
  });
});
