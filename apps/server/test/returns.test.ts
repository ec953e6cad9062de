import {
  businessNowLocalTimestamp,
  type CutData,
  type Dashboard,
  type Receipt,
  type ReturnReceiptResponse,
  type Role,
  SUPERVISOR_REQUIRED_MESSAGE,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConsistency } from '../scripts/consistency.js';
import { buildTicket } from '../src/modules/printing/ticket.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import {
  createReceipt,
  inventoryLogsOf,
  postAction,
  seedClient,
  seedProduct,
  setProductTaxes,
  stockOf,
  TODAY_NOON,
} from './helpers/factories.js';

// Returns (devoluciones) by line, through the real app on SQLite and on PostgreSQL.

/** 2026-11-21, 14:00 in Monterrey: the day of TODAY_NOON. */
const NOW = Date.parse('2026-11-21T20:00:00Z');

let t: TestApp;
const db = () => t.testDb.database.db;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => NOW });
});
afterAll(() => t.close());

const postReturn = (body: object, { role = 'Manager' as Role, headers = {} as Record<string, string> } = {}) =>
  t.injectAs(role, { method: 'POST', url: '/api/receipt/return', payload: body, headers });

async function returned(body: object, role: Role = 'Manager'): Promise<ReturnReceiptResponse> {
  const response = await postReturn(body, { role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReturnReceiptResponse>();
}

const cashSale = (items: Array<{ productId: number; quantity: number; price: number }>, method = 'Efectivo') =>
  createReceipt(t, { paymentMode: 'Cash', paymentMethod: method as 'Efectivo', date: TODAY_NOON, items });

const returnRows = (receiptId: number) =>
  db().selectFrom('receiptReturns').selectAll().where('receiptId', '=', receiptId).orderBy('id').execute();
const paymentsOf = (receiptId: number) =>
  db()
    .selectFrom('payments')
    .select(['amountCents', 'reason', 'method', 'note'])
    .where('receiptId', '=', receiptId)
    .orderBy('id')
    .execute();

describe('POST /api/receipt/return', () => {
  it('returns a fraction of a weighed line: stock back once, the money from the drawer', async () => {
    const cheese = await seedProduct(db(), { name: 'Queso Oaxaca', units: 'kg', stock: 10, sellsByWeight: true });
    const sale = await cashSale([{ productId: cheese.id, quantity: 1.5, price: 89.9 }]);
    expect(sale.total).toBe(134.85);

    const { receipt, return: done } = await returned({
      receiptId: sale.id,
      items: [{ itemId: sale.items[0]!.id, quantity: 0.333 }],
      reason: 'Venía seco',
    });
    // 0.333 kg × $89.90 = $29.9367 → $29.94
    expect(done).toMatchObject({
      method: 'Efectivo',
      reason: 'Venía seco',
      amount: 29.94,
      refund: 29.94,
      authorizedBy: null,
      items: [{ itemId: sale.items[0]!.id, productId: cheese.id, quantity: 0.333, amount: 29.94 }],
    });
    expect(receipt).toMatchObject({
      state: 'Paid',
      total: 134.85,
      returned: 29.94,
      netTotal: 104.91,
      paid: 104.91,
      balance: 0,
    });
    expect(receipt.items[0]!.returnedQuantity).toBe(0.333);
    expect(receipt.returns).toEqual([done]);

    expect(await stockOf(db(), cheese.id)).toBe(8.833);
    const logs = await inventoryLogsOf(db(), cheese.id);
    expect(logs.map((l) => [l.reason, l.delta, l.stockBefore, l.stockAfter, l.receiptId, l.note])).toEqual([
      ['SALE', -1.5, 10, 8.5, sale.id, `Remisión #${sale.id}`],
      ['RETURN', 0.333, 8.5, 8.833, sale.id, `Devolución #${done.id} de la remisión #${sale.id}`],
    ]);
    expect(await paymentsOf(sale.id)).toEqual([
      { amountCents: 13_485, reason: 'ADD', method: 'Efectivo', note: 'Contado' },
      { amountCents: 2_994, reason: 'REMOVE', method: 'Efectivo', note: `Devolución #${done.id}` },
    ]);
    // The details read it back the same, and the ticket prints the return and the net total.
    const details = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${sale.id}` });
    expect(details.json<Receipt>()).toEqual(receipt);
    expect(buildTicket(receipt, { name: 'Tienda', details: [], footer: [] }).totals).toEqual([
      // The sale's taxes (16 %: 11625 × 16 % = 1860), as sold: a return does not change them.
      { label: 'Subtotal', value: '$116.25' },
      { label: 'IVA', value: '$18.60' },
      { label: 'Total', value: '$134.85', bold: true },
      { label: `Devolución #${done.id} 21/11/2026`, value: '-$29.94' },
      { label: 'Total neto', value: '$104.91', bold: true },
      { label: 'Pagado', value: '$104.91' },
    ]);
  });

  it("splits each returned line with the terms it was sold with, whatever the product's taxes are now", async () => {
    const beer = await seedProduct(db(), { name: 'Cerveza', stock: 10 });
    const soda = await seedProduct(db(), { name: 'Refresco', stock: 10 });
    const ham = await seedProduct(db(), { name: 'Jamón', units: 'kg', stock: 10, sellsByWeight: true });
    await setProductTaxes(db(), beer.id, { iepsRatePpm: 265_000 });
    await setProductTaxes(db(), soda.id, { iepsQuotaMicros: 1_645_100 });
    const sale = await cashSale([
      { productId: beer.id, quantity: 3, price: 17.5 },
      { productId: soda.id, quantity: 3, price: 18.5 },
      { productId: ham.id, quantity: 0.75, price: 183.33 },
    ]);
    expect(sale.items.map((i) => [i.base, i.ieps, i.iva])).toEqual([
      [35.78, 9.48, 7.24],
      [42.91, 4.94, 7.65],
      [118.54, 0, 18.96],
    ]);
    // Rates changed after the sale: the returns still take the sold lines' terms.
    await setProductTaxes(db(), beer.id, { iepsRatePpm: 300_000 });
    await setProductTaxes(db(), soda.id, { ivaRate: '8' });
    await setProductTaxes(db(), ham.id, { ivaRate: 'exento' });
    const [beerLine, sodaLine, hamLine] = sale.items.map((i) => i.id);
    const first = await returned({
      receiptId: sale.id,
      items: [
        { itemId: beerLine, quantity: 2 },
        { itemId: sodaLine, quantity: 1 },
        { itemId: hamLine, quantity: 0.333 },
      ],
      reason: 'Cambio de opinión',
    });
    const second = await returned({
      receiptId: sale.id,
      items: [{ itemId: hamLine, quantity: 0.417 }],
      reason: 'Resto',
    });
    const rows = await db()
      .selectFrom('receiptReturnItems')
      .select(['returnId', 'itemId', 'amountCents', 'baseCents', 'iepsCents', 'ivaCents', 'ivaRate', 'iepsRatePpm'])
      .select('iepsQuotaMicros')
      .where('returnId', 'in', [first.return.id, second.return.id])
      .orderBy('returnId')
      .orderBy('itemId')
      .execute();
    expect(rows.map(({ returnId, ...row }) => [returnId === first.return.id ? 1 : 2, ...Object.values(row)])).toEqual([
      // 2 × $17.50 = 3500 at IEPS 26.5 %: 2385 × 26.5 % = 632.025 → 632; (2385 + 632) × 16 % = 482.72 → 483.
      [1, beerLine, 3500, 2385, 632, 483, '16', 265_000, null],
      // 1 × $18.50 = 1850 with the cuota $1.6451 → 165; (1430 + 165) × 16 % = 255.2 → 255.
      [1, sodaLine, 1850, 1430, 165, 255, '16', null, 1_645_100],
      // 0.333 kg × $183.33 = 61.049 → 6105; 5263 × 16 % = 842.08 → 842.
      [1, hamLine, 6105, 5263, 0, 842, '16', null, null],
      // The rest, 0.417 kg: 13750 − 6105 = 7645; 6591 × 16 % = 1054.56, 1054 within the SAT's tolerance.
      [2, hamLine, 7645, 6591, 0, 1054, '16', null, null],
    ]);
    for (const row of rows) expect(row.baseCents + row.iepsCents + row.ivaCents).toBe(row.amountCents);
  });

  it('refuses a fraction of a piece (400) and nothing is written', async () => {
    const soap = await seedProduct(db(), { name: 'Jabón', stock: 10 });
    const sale = await cashSale([{ productId: soap.id, quantity: 3, price: 12 }]);
    const response = await postReturn({
      receiptId: sale.id,
      items: [{ itemId: sale.items[0]!.id, quantity: 0.5 }],
      reason: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      errorBody('"Jabón" se vendió por piezas completas; devuelve piezas enteras.', 'VALIDATION_ERROR'),
    );
    expect(await returnRows(sale.id)).toEqual([]);
    expect(await stockOf(db(), soap.id)).toBe(7);
  });

  it('returns a line twice up to what was sold; a third return is refused naming what is left', async () => {
    const soda = await seedProduct(db(), { name: 'Refresco 600 ml', units: 'pza', stock: 20 });
    const sale = await cashSale([{ productId: soda.id, quantity: 3, price: 19.99 }], 'Tarjeta');
    const itemId = sale.items[0]!.id;

    const tooMuch = await postReturn({ receiptId: sale.id, items: [{ itemId, quantity: 4 }], reason: 'x' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual(errorBody('De "Refresco 600 ml" solo quedan 3 pza por devolver.', 'CONFLICT'));

    const first = await returned({
      receiptId: sale.id,
      items: [{ itemId, quantity: 1 }],
      method: 'Tarjeta',
      reason: 'a',
    });
    expect(first.return).toMatchObject({ amount: 19.99, refund: 19.99, method: 'Tarjeta' });
    const second = await returned({
      receiptId: sale.id,
      items: [{ itemId, quantity: 2 }],
      method: 'Tarjeta',
      reason: 'b',
    });
    expect(second.return).toMatchObject({ amount: 39.98, refund: 39.98 });
    expect(second.receipt).toMatchObject({
      state: 'Paid',
      total: 59.97,
      returned: 59.97,
      netTotal: 0,
      paid: 0,
      balance: 0,
    });
    expect(second.receipt.items[0]!.returnedQuantity).toBe(3);

    const third = await postReturn({ receiptId: sale.id, items: [{ itemId, quantity: 1 }], reason: 'c' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual(errorBody('De "Refresco 600 ml" ya no queda nada por devolver.', 'CONFLICT'));

    expect(await stockOf(db(), soda.id)).toBe(20);
    expect((await inventoryLogsOf(db(), soda.id)).map((l) => [l.reason, l.delta])).toEqual([
      ['SALE', -3],
      ['RETURN', 1],
      ['RETURN', 2],
    ]);
    expect((await paymentsOf(sale.id)).map((p) => [p.reason, p.method, p.amountCents])).toEqual([
      ['ADD', 'Tarjeta', 5_997],
      ['REMOVE', 'Tarjeta', 1_999],
      ['REMOVE', 'Tarjeta', 3_998],
    ]);
  });

  it('on a credit receipt lowers the balance first and refunds only what was paid', async () => {
    const rice = await seedProduct(db(), { name: 'Arroz', units: 'pza', stock: 100 });
    const client = await seedClient(db());
    const credit = () =>
      createReceipt(t, {
        paymentMode: 'Credit',
        clientId: client.id,
        date: TODAY_NOON,
        items: [{ productId: rice.id, quantity: 30, price: 10 }],
      });
    const pay = async (receipt: Receipt) => {
      const response = await postAction(t, 'addPayment', { receiptId: receipt.id, amount: 50 });
      expect(response.statusCode, response.body).toBe(200);
    };

    // $300 with $50 paid: returning $100 refunds nothing and leaves $150 owed.
    const a = await credit();
    await pay(a);
    const itemId = a.items[0]!.id;
    const first = await returned({ receiptId: a.id, items: [{ itemId, quantity: 10 }], reason: 'Sobró' });
    expect(first.return).toMatchObject({ amount: 100, refund: 0 });
    expect(first.receipt).toMatchObject({ state: 'Pending', netTotal: 200, paid: 50, balance: 150 });
    // $180 more: $150 of balance, then $30 back; the receipt is settled.
    const second = await returned({ receiptId: a.id, items: [{ itemId, quantity: 18 }], reason: 'Sobró' });
    expect(second.return).toMatchObject({ amount: 180, refund: 30 });
    expect(second.receipt).toMatchObject({ state: 'Paid', netTotal: 20, paid: 20, balance: 0 });
    expect((await returnRows(a.id)).map((r) => [r.amountCents, r.refundCents, r.paymentId === null])).toEqual([
      [10_000, 0, true],
      [18_000, 3_000, false],
    ]);

    // At once: returning $280 of it refunds $30.
    const b = await credit();
    await pay(b);
    const once = await returned({ receiptId: b.id, items: [{ itemId: b.items[0]!.id, quantity: 28 }], reason: 'x' });
    expect(once.return).toMatchObject({ amount: 280, refund: 30 });
    expect(once.receipt).toMatchObject({ state: 'Paid', netTotal: 20, paid: 20, balance: 0 });

    // The client's saldo counts the returns: nothing is owed on either.
    const standing = await t.injectAs('Manager', { method: 'GET', url: `/api/client/credit/${client.id}` });
    expect(standing.json()).toMatchObject({ balance: 0 });
    // The statement shows the goods that came back, and closes at 0.
    const statement = await t.injectAs('Manager', {
      method: 'GET',
      url: `/api/client/statement/${client.id}?from=2026-11-21&to=2026-11-21`,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const { lines, closing } = statement.json<{
      lines: Array<{ kind: string; receiptId: number; amount: number; method: string | null; balance: number }>;
      closing: number;
    }>();
    // Both receipts' events share the instant: each in its order (the goods, then the money back).
    expect(lines.filter((l) => l.receiptId === a.id).map((l) => [l.kind, l.amount, l.method])).toEqual([
      ['sale', 300, null],
      ['payment', -50, 'Efectivo'],
      ['return', -100, null],
      ['return', -180, null],
      ['refund', 30, 'Efectivo'],
    ]);
    expect(closing).toBe(0);
  });

  it('a Pending credit receipt returned whole becomes Paid with a net total of 0', async () => {
    const product = await seedProduct(db(), { stock: 5 });
    const client = await seedClient(db());
    const sale = await createReceipt(t, {
      paymentMode: 'Credit',
      clientId: client.id,
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 2, price: 45.5 }],
    });
    const { receipt } = await returned({
      receiptId: sale.id,
      items: [{ itemId: sale.items[0]!.id, quantity: 2 }],
      reason: 'x',
    });
    expect(receipt).toMatchObject({ state: 'Paid', total: 91, returned: 91, netTotal: 0, paid: 0, balance: 0 });
    expect(await paymentsOf(sale.id)).toEqual([]);
    expect(await stockOf(db(), product.id)).toBe(5);
  });

  it('10 concurrent returns of one line: exactly what was sold goes through, the rest get 409', async () => {
    const water = await seedProduct(db(), { name: 'Agua 1 L', units: 'pza', stock: 5 });
    const sale = await cashSale([{ productId: water.id, quantity: 5, price: 10 }]);
    const body = { receiptId: sale.id, items: [{ itemId: sale.items[0]!.id, quantity: 2 }], reason: 'Prisa' };
    const responses = await Promise.all(Array.from({ length: 10 }, () => postReturn(body)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual(errorBody('De "Agua 1 L" solo quedan 1 pza por devolver.', 'CONFLICT'));
    }
    expect((await returnRows(sale.id)).map((r) => r.amountCents)).toEqual([2_000, 2_000]);
    expect(await stockOf(db(), water.id)).toBe(4);
    const after = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${sale.id}` });
    expect(after.json()).toMatchObject({ returned: 40, netTotal: 10, paid: 10, balance: 0 });
  });

  it('is idempotent with an Idempotency-Key: the same answer, one return', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const sale = await cashSale([{ productId: product.id, quantity: 4, price: 25 }]);
    const body = { receiptId: sale.id, items: [{ itemId: sale.items[0]!.id, quantity: 1 }], reason: 'Roto' };
    const headers = { 'idempotency-key': `devolucion-${sale.id}` };
    const first = await postReturn(body, { headers });
    const again = await postReturn(body, { headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await returnRows(sale.id)).toHaveLength(1);
    expect(await stockOf(db(), product.id)).toBe(7);
    expect((await paymentsOf(sale.id)).filter((p) => p.reason === 'REMOVE')).toHaveLength(1);

    const other = await postReturn({ ...body, reason: 'Otro' }, { headers });
    expect(other.statusCode).toBe(409);
    expect(await returnRows(sale.id)).toHaveLength(1);
  });

  it('refuses a cancelled receipt (409)', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const sale = await cashSale([{ productId: product.id, quantity: 1, price: 5 }]);
    expect((await postAction(t, 'changeState', { id: sale.id, state: 'Cancelled' })).statusCode).toBe(200);
    const response = await postReturn({
      receiptId: sale.id,
      items: [{ itemId: sale.items[0]!.id, quantity: 1 }],
      reason: 'x',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(
      errorBody(`La remisión #${sale.id} está cancelada; no admite devoluciones.`, 'CONFLICT'),
    );
  });

  it('refuses a line of another receipt (404) and a blank reason (400)', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const a = await cashSale([{ productId: product.id, quantity: 1, price: 5 }]);
    const b = await cashSale([{ productId: product.id, quantity: 1, price: 5 }]);
    const foreign = await postReturn({
      receiptId: a.id,
      items: [{ itemId: b.items[0]!.id, quantity: 1 }],
      reason: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(
      errorBody(`La línea #${b.items[0]!.id} no es de la remisión #${a.id}.`, 'NOT_FOUND'),
    );
    const blank = await postReturn({ receiptId: a.id, items: [{ itemId: a.items[0]!.id, quantity: 1 }], reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('El motivo de la devolución es obligatorio.');
  });
});

describe('cancelling a receipt that had returns', () => {
  it('restocks and refunds only what is left (no double restock, no double refund)', async () => {
    const product = await seedProduct(db(), { name: 'Galletas', stock: 10 });
    const sale = await cashSale([{ productId: product.id, quantity: 3, price: 20 }]);
    // $20 back by card, then the receipt is cancelled.
    await returned({
      receiptId: sale.id,
      items: [{ itemId: sale.items[0]!.id, quantity: 1 }],
      method: 'Tarjeta',
      reason: 'x',
    });
    const cancelled = await postAction(t, 'changeState', { id: sale.id, state: 'Cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      state: 'Cancelled',
      total: 60,
      returned: 20,
      netTotal: 40,
      paid: 0,
      balance: 40,
    });

    expect(await stockOf(db(), product.id)).toBe(10);
    expect((await inventoryLogsOf(db(), product.id)).map((l) => [l.reason, l.delta, l.stockAfter])).toEqual([
      ['SALE', -3, 7],
      ['RETURN', 1, 8],
      ['RETURN', 2, 10],
    ]);
    expect((await paymentsOf(sale.id)).map((p) => [p.reason, p.method, p.amountCents])).toEqual([
      ['ADD', 'Efectivo', 6_000],
      ['REMOVE', 'Tarjeta', 2_000],
      ['REMOVE', 'Efectivo', 4_000],
    ]);
  });

  it('a receipt returned whole restocks nothing and refunds nothing more', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const sale = await cashSale([{ productId: product.id, quantity: 2, price: 15 }]);
    await returned({ receiptId: sale.id, items: [{ itemId: sale.items[0]!.id, quantity: 2 }], reason: 'x' });
    expect((await postAction(t, 'changeState', { id: sale.id, state: 'Cancelled' })).statusCode).toBe(200);
    expect(await stockOf(db(), product.id)).toBe(10);
    expect((await paymentsOf(sale.id)).map((p) => [p.reason, p.amountCents])).toEqual([
      ['ADD', 3_000],
      ['REMOVE', 3_000],
    ]);
  });
});

describe('a Seller’s returns', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ SELLER_RETURN_LIMIT: '200' }, { clock: () => NOW });
  });
  afterAll(() => s.close());

  const sell = async (date: string) => {
    const product = await seedProduct(s.testDb.database.db, { stock: 10 });
    return createReceipt(s, { paymentMode: 'Cash', date, items: [{ productId: product.id, quantity: 5, price: 100 }] });
  };
  const sellerReturn = (receipt: Receipt, quantity: number, role: Role = 'Seller') =>
    s.injectAs(role, {
      method: 'POST',
      url: '/api/receipt/return',
      payload: { receiptId: receipt.id, items: [{ itemId: receipt.items[0]!.id, quantity }], reason: 'Cambio' },
    });

  it('returns today’s receipts up to the shop’s limit; beyond it a supervisor is needed (403)', async () => {
    const sale = await sell(TODAY_NOON);
    const over = await sellerReturn(sale, 3);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual(errorBody(SUPERVISOR_REQUIRED_MESSAGE, 'SUPERVISOR_REQUIRED'));
    expect(SUPERVISOR_REQUIRED_MESSAGE).toBe('Esta devolución necesita la autorización de un supervisor.');
    expect(await s.testDb.database.db.selectFrom('receiptReturns').selectAll().execute()).toEqual([]);

    expect((await sellerReturn(sale, 2)).statusCode).toBe(201);
    // A Manager returns what the Seller may not.
    expect((await sellerReturn(sale, 3, 'Manager')).statusCode).toBe(201);
  });

  it("a Manager's credentials at the Seller's screen authorise it: the return is the Seller's, the Manager named", async () => {
    const manager = (await s.sessionAs('Manager')).user;
    const sale = await sell(TODAY_NOON);
    const withSupervisor = (secret: string) =>
      s.injectAs('Seller', {
        method: 'POST',
        url: '/api/receipt/return',
        payload: {
          receiptId: sale.id,
          items: [{ itemId: sale.items[0]!.id, quantity: 3 }],
          reason: 'Cambio',
          supervisor: { login: 'manager@prueba.mx', secret },
        },
      });
    const wrong = await withSupervisor('no-es-la-clave');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('SUPERVISOR_REFUSED');
    expect(
      await s.testDb.database.db.selectFrom('receiptReturns').selectAll().where('receiptId', '=', sale.id).execute(),
    ).toEqual([]);

    const authorised = await withSupervisor(TEST_PASSWORD);
    expect(authorised.statusCode, authorised.body).toBe(201);
    const { receipt, return: made } = authorised.json<ReturnReceiptResponse>();
    expect(made).toMatchObject({ amount: 300, refund: 300 });
    expect(made.user.name).not.toBe(manager.name);
    const stored = await s.testDb.database.db
      .selectFrom('receiptReturns')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(stored.authorizedBy).toBe(manager.id);
    expect(receipt.authorizations).toEqual([
      expect.objectContaining({ kind: 'RETURN', authorizedBy: { id: manager.id, name: manager.name } }),
    ]);
  });

  it('a receipt of another day always needs a supervisor', async () => {
    const yesterday = await sell('2026-11-20T12:00:00');
    const response = await sellerReturn(yesterday, 1);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('SUPERVISOR_REQUIRED');
    expect((await sellerReturn(yesterday, 1, 'Admin')).statusCode).toBe(201);
  });

  it('with no limit set (the default) every Seller return needs a supervisor', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const sale = await cashSale([{ productId: product.id, quantity: 1, price: 0.5 }]);
    const response = await postReturn(
      { receiptId: sale.id, items: [{ itemId: sale.items[0]!.id, quantity: 1 }], reason: 'x' },
      { role: 'Seller' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('SUPERVISOR_REQUIRED');
  });
});

describe('the day’s cut and the dashboard', () => {
  it('the cut lists the day’s returns apart; the dashboard nets them', async () => {
    const c = await createTestApp({}, { clock: () => NOW });
    try {
      const product = await seedProduct(c.testDb.database.db, { name: 'Leche', stock: 10 });
      const sale = await createReceipt(c, {
        paymentMode: 'Cash',
        date: TODAY_NOON,
        items: [{ productId: product.id, quantity: 4, price: 26.5 }],
      });
      const response = await c.injectAs('Manager', {
        method: 'POST',
        url: '/api/receipt/return',
        payload: { receiptId: sale.id, items: [{ itemId: sale.items[0]!.id, quantity: 1 }], reason: 'Cortada' },
      });
      expect(response.statusCode).toBe(201);

      const cut = await c.injectAs('Manager', {
        method: 'POST',
        url: '/api/reports/generate',
        payload: { date: '2026-11-21' },
      });
      const data = JSON.parse(cut.json<{ data: string }>().data) as CutData;
      expect(data.returns).toEqual([
        {
          id: expect.any(Number),
          receiptId: sale.id,
          client: null,
          paymentMode: 'Cash',
          user: expect.any(String),
          method: 'Efectivo',
          reason: 'Cortada',
          amount: 26.5,
          refund: 26.5,
          createdAt: new Date(NOW).toISOString(),
        },
      ]);
      expect(data.totals).toMatchObject({
        totalAmount: 106,
        totalPayments: 79.5,
        totalReturned: 26.5,
        totalRefunded: 26.5,
      });

      // A second return after the day's cut: the next cut lists it late, once.
      const late = await c.injectAs('Manager', {
        method: 'POST',
        url: '/api/receipt/return',
        payload: { receiptId: sale.id, items: [{ itemId: sale.items[0]!.id, quantity: 1 }], reason: 'Cortada' },
      });
      expect(late.statusCode).toBe(201);
      const next = await c.injectAs('Manager', {
        method: 'POST',
        url: '/api/reports/generate',
        payload: { date: '2026-11-21' },
      });
      const nextData = JSON.parse(next.json<{ data: string }>().data) as CutData;
      expect(nextData.late).toEqual([
        {
          kind: 'RETURN',
          receiptId: sale.id,
          client: null,
          date: new Date(Date.parse('2026-11-21T18:00:00Z')).toISOString(),
          paymentMode: 'Cash',
          amount: 26.5,
          user: expect.any(String),
          recordedAt: new Date(NOW).toISOString(),
        },
      ]);
      expect(nextData.returns).toHaveLength(2);
      expect(nextData.totals).toMatchObject({ totalReturned: 53, totalRefunded: 53 });

      const dashboard = (await c.injectAs('Admin', { method: 'GET', url: '/api/dashboard' })).json<Dashboard>();
      expect(dashboard.today.sales.today).toBe(53);
      expect(dashboard.topByRevenue[0]).toMatchObject({ quantity: 2, total: 53 });
    } finally {
      await c.close();
    }
  });
});

describe('after every return above', () => {
  it('each receipt’s returned amount, stock moves and state agree with its rows', async () => {
    const report = await checkConsistency(db());
    expect({ badTotals: report.badTotals, badStockMoves: report.badStockMoves, badStates: report.badStates }).toEqual({
      badTotals: [],
      badStockMoves: [],
      badStates: [],
    });
  });
});

describe('the refund’s drawer', () => {
  it('a Manager with no drawer returns a Seller’s cash sale: the refund leaves the Seller’s open drawer', async () => {
    const d = await createTestApp({ SELLER_RETURN_LIMIT: '0' }, { clock: () => NOW });
    try {
      const product = await seedProduct(d.testDb.database.db, { stock: 10 });
      const seller = await d.sessionAs('Seller', 'cajera-devoluciones@prueba.mx');
      const asSeller = (method: 'GET' | 'POST', url: string, payload?: object) =>
        d.app.inject({ method, url, payload, headers: { authorization: `Bearer ${seller.accessToken}` } });
      expect((await asSeller('POST', '/api/cash/open', { openingFloat: 500 })).statusCode).toBe(201);
      const sold = await asSeller('POST', '/api/receipt/create', {
        paymentMode: 'Cash',
        date: businessNowLocalTimestamp(NOW - 60_000),
        items: [{ productId: product.id, quantity: 2, price: 35.25 }],
      });
      expect(sold.statusCode, sold.body).toBe(201);
      const sale = sold.json<Receipt>();
      const response = await d.injectAs('Manager', {
        method: 'POST',
        url: '/api/receipt/return',
        payload: { receiptId: sale.id, items: [{ itemId: sale.items[0]!.id, quantity: 1 }], reason: 'Caducado' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const shift = (await asSeller('GET', '/api/cash/current')).json<{
        shift: { cashSales: number; cashRefunds: number; expected: number };
      }>().shift;
      expect(shift).toMatchObject({ cashSales: 70.5, cashRefunds: 35.25, expected: 535.25 });
    } finally {
      await d.close();
    }
  });
});
