import type { CashCountReport, CutData, OpenDrawersResponse, Receipt, Shift } from '@mostrador/shared';
import {
  businessNowLocalTimestamp,
  businessToday,
  CASH_NEEDS_OPEN_SHIFT,
  CHOSEN_DRAWER_CLOSED,
  DRAWER_REQUIRED,
  parseCutData,
} from '@mostrador/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { seedClient, seedProduct } from './helpers/factories.js';

// Every peso of cash in a drawer (issue 32), on both databases: refunds and abonos go through the
// drawer the money moves through, cash outside any drawer is refused (CASH_REQUIRES_SHIFT=true)
// or shown apart, and the cut reconciles its cash line by line to the centavo.

const CLOCK_NOW = Date.parse('2026-11-21T18:00:00Z');
const SELLER_B = 'cajera-b@prueba.mx';
let t: TestApp;
afterEach(() => t.close());

async function start(env: Record<string, string> = {}) {
  t = await createTestApp(env, { clock: () => CLOCK_NOW });
  await Promise.all([t.sessionAs('Manager'), t.sessionAs('Admin'), t.sessionAs('Seller', SELLER_B)]);
}

type Who = 'Manager' | 'Admin' | 'B';
async function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const session = await (who === 'B' ? t.sessionAs('Seller', SELLER_B) : t.sessionAs(who));
  return t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${session.accessToken}` } });
}
async function ok<T>(who: Who, url: string, payload?: object, status = 200): Promise<T> {
  const response = await call(who, payload === undefined ? 'GET' : 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}
const db = () => t.testDb.database.db;
const date = () => businessNowLocalTimestamp(CLOCK_NOW - 60_000);
const sell = (who: Who, productId: number, price: number, extra: object = {}) =>
  ok<Receipt>(
    who,
    '/api/receipt/create',
    { paymentMode: 'Cash', date: date(), items: [{ productId, quantity: 1, price }], ...extra },
    201,
  );
const current = async (who: Who) => (await ok<{ shift: Shift }>(who, '/api/cash/current')).shift;
async function cut(): Promise<CutData> {
  const report = await ok<CashCountReport>('Admin', '/api/reports/generate', { date: businessToday(CLOCK_NOW) }, 201);
  return parseCutData(report.data)!;
}

describe('a refund goes through the drawer the money moves through', () => {
  it("lands in the seller's open drawer when a Manager with no drawer cancels: B's close is exact", async () => {
    await start();
    const product = await seedProduct(db(), { stock: 100 });
    await ok('B', '/api/cash/open', { openingFloat: 1000 }, 201);
    const forty = await sell('B', product.id, 40);
    await sell('B', product.id, 42.75);
    await ok('Manager', '/api/receipt/changeState', { id: forty.id, state: 'Cancelled' });

    expect(await current('B')).toMatchObject({ cashSales: 82.75, cashRefunds: 40, expected: 1042.75 });
    expect(await ok<Shift>('B', '/api/cash/close', { countedTotal: 1042.75 })).toMatchObject({
      expected: 1042.75,
      difference: 0,
      result: 'Exacto',
    });
  });

  it('asks a user with no drawer to pick an open one, or refuses a closed pick; nothing is written', async () => {
    await start();
    const [product, client] = await Promise.all([seedProduct(db(), { stock: 100 }), seedClient(db())]);
    const b = await ok<Shift>('B', '/api/cash/open', { openingFloat: 200 }, 201);
    // A Manager's sale outside any drawer (allowed by default), cancelled later by the same Manager.
    const outside = await sell('Manager', product.id, 375.5);
    const refused = await call('Manager', 'POST', '/api/receipt/changeState', { id: outside.id, state: 'Cancelled' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorBody(DRAWER_REQUIRED, 'DRAWER_REQUIRED'));
    const { drawers } = await ok<OpenDrawersResponse>('Manager', '/api/cash/openDrawers');
    expect(drawers).toEqual([{ shiftId: b.id, user: { id: b.user.id, name: b.user.name }, openedAt: b.openedAt }]);
    // Nothing half-written: still Paid, no refund, stock still out.
    const unchanged = await ok<Receipt>('Manager', `/api/receipt/details/${outside.id}`);
    expect(unchanged.state).toBe('Paid');
    expect(unchanged.payments).toHaveLength(1);

    await ok('Manager', '/api/receipt/changeState', { id: outside.id, state: 'Cancelled', shiftId: b.id });
    expect(await current('B')).toMatchObject({ cashRefunds: 375.5, expected: -175.5 });

    // An abono by the Manager: through B's drawer when picked, refused when the pick is closed.
    const credit = await ok<Receipt>(
      'Manager',
      '/api/receipt/create',
      {
        paymentMode: 'Credit',
        clientId: client.id,
        date: date(),
        items: [{ productId: product.id, quantity: 1, price: 900 }],
      },
      201,
    );
    const noPick = await call('Manager', 'POST', '/api/client/addPayment', { clientId: client.id, amount: 500 });
    expect(noPick.json()).toEqual(errorBody(DRAWER_REQUIRED, 'DRAWER_REQUIRED'));
    await ok('Manager', '/api/client/addPayment', { clientId: client.id, amount: 500, shiftId: b.id });
    // A card abono moves no cash: it needs no drawer.
    await ok('Manager', '/api/receipt/addPayment', { receiptId: credit.id, amount: 100, method: 'Tarjeta' });
    expect(await current('B')).toMatchObject({ cashPayments: 500, expected: 324.5 });

    await ok('B', '/api/cash/close', { countedTotal: 324.5 });
    const closedPick = await call('Manager', 'POST', '/api/receipt/addPayment', {
      receiptId: credit.id,
      amount: 50,
      shiftId: b.id,
    });
    expect(closedPick.statusCode).toBe(409);
    expect(closedPick.json()).toEqual(errorBody(CHOSEN_DRAWER_CLOSED, 'DRAWER_REQUIRED'));
    // With no drawer open anywhere, the abono is 'fuera de turno' (CASH_REQUIRES_SHIFT=false).
    await ok('Manager', '/api/receipt/addPayment', { receiptId: credit.id, amount: 50 });
    const day = await cut();
    expect(day.cash?.outside).toEqual({ cashSales: 375.5, cashPayments: 50, cashRefunds: 0, net: 425.5 });
  });
});

describe('CASH_REQUIRES_SHIFT=true', () => {
  it("refuses a cash sale, a cash refund and a cash abono with no drawer: 'Abre la caja…'; card is fine", async () => {
    await start({ CASH_REQUIRES_SHIFT: 'true' });
    const [product, client] = await Promise.all([seedProduct(db(), { stock: 10 }), seedClient(db())]);
    const sale = await call('B', 'POST', '/api/receipt/create', {
      paymentMode: 'Cash',
      date: date(),
      items: [{ productId: product.id, quantity: 1, price: 10 }],
    });
    expect(sale.statusCode).toBe(409);
    expect(sale.json()).toEqual(errorBody(CASH_NEEDS_OPEN_SHIFT, 'SHIFT_REQUIRED'));
    expect(CASH_NEEDS_OPEN_SHIFT.startsWith('Abre la caja')).toBe(true);
    const card = await sell('B', product.id, 10, { paymentMethod: 'Tarjeta' });
    expect(card.state).toBe('Paid');

    await ok('Manager', '/api/cash/open', { openingFloat: 0 }, 201);
    const cash = await sell('Manager', product.id, 25);
    await ok('Manager', '/api/cash/close', { countedTotal: 25 });
    const refund = await call('Manager', 'POST', '/api/receipt/changeState', { id: cash.id, state: 'Cancelled' });
    expect(refund.json()).toEqual(errorBody(CASH_NEEDS_OPEN_SHIFT, 'SHIFT_REQUIRED'));
    await ok<Receipt>(
      'Manager',
      '/api/receipt/create',
      {
        paymentMode: 'Credit',
        clientId: client.id,
        date: date(),
        items: [{ productId: product.id, quantity: 1, price: 90 }],
      },
      201,
    );
    const abono = await call('Manager', 'POST', '/api/client/addPayment', { clientId: client.id, amount: 30 });
    expect(abono.json()).toEqual(errorBody(CASH_NEEDS_OPEN_SHIFT, 'SHIFT_REQUIRED'));

    // Nothing of the refused requests was written: 10 − card − cash − credit = 7 in stock.
    const stock = await db()
      .selectFrom('products')
      .select('stockMilli')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(Number(stock.stockMilli)).toBe(7000);
    expect((await cut()).cash?.outside.net).toBe(0);
  });
});

describe("the shop's setting", () => {
  it('takes effect at once when an Admin turns it on in Configuración', async () => {
    await start();
    const product = await seedProduct(db(), { stock: 10 });
    await sell('B', product.id, 10);
    const saved = await call('Admin', 'PUT', '/api/settings', { cashRequiresShift: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await call('B', 'POST', '/api/receipt/create', {
      paymentMode: 'Cash',
      date: date(),
      items: [{ productId: product.id, quantity: 1, price: 10 }],
    });
    expect(refused.json()).toEqual(errorBody(CASH_NEEDS_OPEN_SHIFT, 'SHIFT_REQUIRED'));
  });
});

describe('the cut reconciles the cash line by line', () => {
  it('floats + sales + abonos − refunds + entradas − salidas = expected; with the cash outside, = Efectivo by method', async () => {
    await start();
    const [product, client] = await Promise.all([seedProduct(db(), { stock: 100 }), seedClient(db())]);
    await ok('B', '/api/cash/open', { openingFloat: 500 }, 201);
    await ok('Manager', '/api/cash/open', { openingFloat: 300 }, 201);
    const a = await sell('B', product.id, 375.5);
    await sell('B', product.id, 210.25);
    await sell('Manager', product.id, 99.99);
    await sell('Manager', product.id, 50, { paymentMethod: 'Tarjeta' });
    await ok<Receipt>(
      'Manager',
      '/api/receipt/create',
      {
        paymentMode: 'Credit',
        clientId: client.id,
        date: date(),
        items: [{ productId: product.id, quantity: 1, price: 800 }],
      },
      201,
    );
    await ok('Manager', '/api/client/addPayment', { clientId: client.id, amount: 500 });
    await ok('Manager', '/api/receipt/changeState', { id: a.id, state: 'Cancelled' });
    await ok('B', '/api/cash/movement', { type: 'Salida', amount: 350, note: 'Pago al repartidor de gas' }, 201);
    await ok('Manager', '/api/cash/movement', { type: 'Entrada', amount: 120.4, note: 'Cambio del banco' }, 201);
    // The Manager's own drawer takes the refund of B's sale (the acting user's drawer comes first).
    expect(await ok<Shift>('B', '/api/cash/close', { countedTotal: 735.5 })).toMatchObject({ expected: 735.75 });
    expect(await ok<Shift>('Manager', '/api/cash/close', { countedTotal: 644.89 })).toMatchObject({ expected: 644.89 });
    // After both drawers closed, a sale outside any drawer.
    await sell('Admin', product.id, 57.5);

    const day = await cut();
    expect(day.cash).toEqual({
      openingFloats: 800,
      cashSales: 685.74,
      cashPayments: 500,
      cashRefunds: 375.5,
      entradas: 120.4,
      salidas: 350,
      // 800 + 685.74 + 500 − 375.50 + 120.40 − 350
      expected: 1380.64,
      counted: 1380.39,
      // B: 735.50 − 735.75; the Manager's drawer exact
      difference: -0.25,
      openDrawers: 0,
      movements: [
        expect.objectContaining({ type: 'Salida', amount: 350, note: 'Pago al repartidor de gas' }),
        expect.objectContaining({ type: 'Entrada', amount: 120.4, note: 'Cambio del banco' }),
      ],
      outside: { cashSales: 57.5, cashPayments: 0, cashRefunds: 0, net: 57.5 },
      otherDays: 0,
      // 685.74 + 500 − 375.50 + 57.50
      efectivo: 867.74,
    });
    expect(day.totals.byMethod?.Efectivo).toBe(867.74);
  });
});
