import type {
  CashMovement,
  CashCountReport,
  CutData,
  CutsOfDayResponse,
  ListShiftsResponse,
  Receipt,
  Shift,
} from '@mostrador/shared';
import { businessDayBounds, businessNowLocalTimestamp, businessToday, parseCutData } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { createReceipt, seedClient, seedProduct } from './helpers/factories.js';

// The cash drawer per shift, on both databases: the expected cash to the centavo, the close
// (by denomination or total) with its difference stored as it is, concurrency and the cut.

let t: TestApp;
/** The tests' now, fixed: which day is today never depends on when the suite runs. */
const CLOCK_NOW = Date.parse('2026-11-21T18:00:00Z');
const db = () => t.testDb.database.db;
type Role = 'Admin' | 'Manager' | 'Seller';

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => CLOCK_NOW });
  await Promise.all([t.sessionAs('Seller'), t.sessionAs('Manager'), t.sessionAs('Admin')]);
});
afterAll(() => t.close());

const post = (role: Role, url: string, payload?: object, email?: string) =>
  email
    ? t
        .sessionAs(role, email)
        .then(({ accessToken }) =>
          t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${accessToken}` } }),
        )
    : t.injectAs(role, { method: 'POST', url, payload });
const get = (role: Role, url: string) => t.injectAs(role, { method: 'GET', url });
const ok = async <T>(response: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
  const r = await response;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
};
const today = () => businessToday(CLOCK_NOW);
/** Monterrey wall time a minute ago (a sale may not be dated in the future). */
const saleDate = () => businessNowLocalTimestamp(CLOCK_NOW - 60_000);

describe('expected cash', () => {
  it('is float + cash sales + cash abonos − cash refunds + entradas − salidas of the shift, to the centavo', async () => {
    const [product, client] = await Promise.all([seedProduct(db(), { stock: 1000 }), seedClient(db())]);
    const line = (price: number) => [{ productId: product.id, quantity: 1, price }];
    const date = saleDate();

    const opened = await ok<Shift>(post('Manager', '/api/cash/open', { openingFloat: 500 }), 201);
    expect(opened).toMatchObject({ openingFloat: 500, expected: 500, closedAt: null, counted: null, result: null });

    // A cash sale: the payment stored is the sale's total (change handed back is never income).
    await createReceipt(t, { paymentMode: 'Cash', date, items: line(123.45) }, 'Manager');
    // A cash sale later cancelled: its 20.50 came in and went back out.
    const cancelled = await createReceipt(t, { paymentMode: 'Cash', date, items: line(20.5) }, 'Manager');
    // Paid by card or transfer: not in the drawer, only in the totals by method.
    await createReceipt(t, { paymentMode: 'Cash', paymentMethod: 'Tarjeta', date, items: line(45) }, 'Manager');
    // A credit sale brings no cash; its abonos do when they are Efectivo.
    const credit = await createReceipt(
      t,
      { paymentMode: 'Credit', clientId: client.id, date, items: line(100) },
      'Manager',
    );
    await ok<Receipt>(post('Manager', '/api/receipt/addPayment', { receiptId: credit.id, amount: 10.01 }));
    await ok(post('Manager', '/api/client/addPayment', { clientId: client.id, amount: 20, method: 'Tarjeta' }));
    await ok(post('Manager', '/api/receipt/addPayment', { receiptId: credit.id, amount: 5, method: 'Transferencia' }));
    await ok(post('Manager', '/api/receipt/changeState', { id: cancelled.id, state: 'Cancelled' }));
    // Another user's sale (no shift of theirs open) belongs to no shift.
    const sellers = await createReceipt(t, { paymentMode: 'Cash', date, items: line(999) }, 'Seller');

    const entrada = await ok<CashMovement>(
      post('Manager', '/api/cash/movement', { type: 'Entrada', amount: 300, note: '  Cambio del banco ' }),
      201,
    );
    expect(entrada).toMatchObject({ type: 'Entrada', amount: 300, note: 'Cambio del banco' });
    await ok(post('Manager', '/api/cash/movement', { type: 'Salida', amount: 150.99, note: 'Pago a proveedor' }), 201);

    const { shift } = await ok<{ shift: Shift }>(get('Manager', '/api/cash/current'));
    expect(shift).toMatchObject({
      openingFloat: 500,
      cashSales: 143.95,
      cashPayments: 10.01,
      cashRefunds: 20.5,
      entradas: 300,
      salidas: 150.99,
      expected: 782.47,
      byMethod: { Efectivo: 133.46, Tarjeta: 65, Transferencia: 5 },
      counted: null,
      difference: null,
    });
    expect(shift.movements.map((m) => [m.type, m.amount])).toEqual([
      ['Entrada', 300],
      ['Salida', 150.99],
    ]);
    const stamped = await db().selectFrom('payments').select(['receiptId', 'shiftId', 'method']).execute();
    expect(stamped.filter((p) => p.receiptId === sellers.id)).toEqual([
      { receiptId: sellers.id, shiftId: null, method: 'Efectivo' },
    ]);
    // The refund of the cancelled cash sale is an Efectivo REMOVE in this shift.
    expect(stamped.filter((p) => p.receiptId === cancelled.id).map((p) => [p.method, p.shiftId])).toEqual([
      ['Efectivo', shift.id],
      ['Efectivo', shift.id],
    ]);

    // Counted by denomination, 50-centavo coins included: 782.50 against 782.47.
    const closed = await ok<Shift>(
      post('Manager', '/api/cash/close', {
        counted: { '500': 1, '200': 1, '50': 1, '20': 1, m20: 0, '10': 1, '2': 1, '0.5': 1 },
      }),
    );
    expect(closed).toMatchObject({
      id: shift.id,
      expected: 782.47,
      counted: 782.5,
      difference: 0.03,
      result: 'Sobrante',
      counts: { '500': 1, '200': 1, '50': 1, '20': 1, m20: 0, '10': 1, '2': 1, '0.5': 1 },
    });
    expect(closed.closedAt).not.toBeNull();
    const row = await db().selectFrom('cashShifts').selectAll().where('id', '=', shift.id).executeTakeFirstOrThrow();
    expect([Number(row.expectedCents), Number(row.countedCents), Number(row.differenceCents)]).toEqual([
      78_247, 78_250, 3,
    ]);
    expect(await ok(get('Manager', '/api/cash/current'))).toEqual({ shift: null });

    // A payment made after the close belongs to no shift, and the closed figures stay as counted.
    await createReceipt(t, { paymentMode: 'Cash', date, items: line(1) }, 'Manager');
    const list = await ok<ListShiftsResponse>(get('Admin', `/api/cash/list?userId=${shift.user.id}`));
    expect(list.shifts[0]).toMatchObject({ id: shift.id, expected: 782.47, counted: 782.5, difference: 0.03 });
  });

  it('stores a shortfall as Faltante (never forced to zero) and an exact count as Exacto', async () => {
    await ok(post('Seller', '/api/cash/open', { openingFloat: 200.5 }), 201);
    const short = await ok<Shift>(post('Seller', '/api/cash/close', { countedTotal: 180 }));
    expect(short).toMatchObject({ expected: 200.5, counted: 180, difference: -20.5, result: 'Faltante', counts: null });

    await ok(post('Seller', '/api/cash/open', { openingFloat: 0 }), 201);
    const exact = await ok<Shift>(post('Seller', '/api/cash/close', { counted: {} }));
    expect(exact).toMatchObject({ expected: 0, counted: 0, difference: 0, result: 'Exacto' });
  });
});

describe('the rules of a shift', () => {
  it('refuses a second open shift, movements and closes without one, and a Salida beyond the cash', async () => {
    const email = 'cajera@prueba.mx';
    expect(
      (await post('Seller', '/api/cash/movement', { type: 'Entrada', amount: 1, note: 'x' }, email)).json(),
    ).toEqual(errorBody('No tienes un turno de caja abierto.', 'CONFLICT'));
    const closeWithout = await post('Seller', '/api/cash/close', { countedTotal: 1 }, email);
    expect(closeWithout.statusCode).toBe(409);

    await ok(
      post('Seller', '/api/cash/open', { openingFloat: 100 }, email).then((r) => r),
      201,
    );
    const again = await post('Seller', '/api/cash/open', { openingFloat: 5 }, email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(
      errorBody('Ya tienes un turno de caja abierto. Ciérralo antes de abrir otro.', 'CONFLICT'),
    );

    const tooMuch = await post(
      'Seller',
      '/api/cash/movement',
      { type: 'Salida', amount: 100.01, note: 'Retiro' },
      email,
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual(errorBody('No puedes sacar más efectivo del que hay en la caja.', 'CONFLICT'));
    await ok(post('Seller', '/api/cash/movement', { type: 'Salida', amount: 100, note: 'Retiro' }, email), 201);
    const closed = await ok<Shift>(post('Seller', '/api/cash/close', { countedTotal: 0 }, email));
    expect(closed).toMatchObject({ expected: 0, salidas: 100, result: 'Exacto' });
  });

  it('answers bad input with 400 and a Spanish message', async () => {
    const cases: Array<[string, object, string]> = [
      ['/api/cash/open', { openingFloat: -1 }, 'El fondo inicial no puede ser negativo.'],
      ['/api/cash/open', { openingFloat: 1.005 }, 'El monto admite como máximo dos decimales.'],
      ['/api/cash/movement', { type: 'Entrada', amount: 10, note: '   ' }, 'La nota es obligatoria.'],
      ['/api/cash/movement', { type: 'Entrada', amount: 0, note: 'x' }, 'El monto debe ser mayor que 0.'],
      [
        '/api/cash/movement',
        { type: 'Prestamo', amount: 1, note: 'x' },
        'El tipo de movimiento debe ser Entrada o Salida.',
      ],
      ['/api/cash/movement', { type: 'Entrada', amount: 1, note: 'a\u0007b' }, 'No se permiten caracteres de control.'],
      [
        '/api/cash/close',
        { countedTotal: 1, counted: { '1': 1 } },
        'Indica el total contado o el conteo por denominación (solo uno de los dos).',
      ],
      [
        '/api/cash/close',
        { counted: { '0.5': -1 } },
        'Cada cantidad de billetes o monedas debe ser un entero entre 0 y 100000.',
      ],
      [
        '/api/receipt/addPayment',
        { receiptId: 1, amount: 1, method: 'Cheque' },
        'El método de pago debe ser Efectivo, Tarjeta o Transferencia.',
      ],
    ];
    for (const [url, payload, message] of cases) {
      const response = await post('Manager', url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const unknownCoin = await post('Manager', '/api/cash/close', { counted: { '0.25': 1 } });
    expect(unknownCoin.statusCode).toBe(400);
  });

  it('lets exactly one of two simultaneous closes win; the other gets 409', async () => {
    const email = 'doble@prueba.mx';
    await ok(post('Seller', '/api/cash/open', { openingFloat: 50 }, email), 201);
    const responses = await Promise.all([
      post('Seller', '/api/cash/close', { countedTotal: 50 }, email),
      post('Seller', '/api/cash/close', { countedTotal: 49 }, email),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { id } = await t.sessionAs('Seller', email).then((s) => s.user);
    const shifts = await db().selectFrom('cashShifts').selectAll().where('userId', '=', id).execute();
    expect(shifts).toHaveLength(1);
    expect(shifts[0]!.closedAt).not.toBeNull();
  });

  it('lets exactly one of two simultaneous opens win', async () => {
    const email = 'abre@prueba.mx';
    await t.sessionAs('Seller', email);
    const responses = await Promise.all([
      post('Seller', '/api/cash/open', { openingFloat: 1 }, email),
      post('Seller', '/api/cash/open', { openingFloat: 2 }, email),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    await ok(post('Seller', '/api/cash/close', { countedTotal: 0 }, email));
  });
});

describe('sales racing a close', () => {
  it('never stamps a payment on a shift whose figures were already written', async () => {
    const email = 'carrera@prueba.mx';
    const { accessToken } = await t.sessionAs('Seller', email);
    const product = await seedProduct(db(), { stock: 1000 });
    const shift = await ok<Shift>(post('Seller', '/api/cash/open', { openingFloat: 0 }, email), 201);
    const sale = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/receipt/create',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: {
          paymentMode: 'Cash',
          date: saleDate(),
          items: [{ productId: product.id, quantity: 1, price: 1.01 }],
        },
      });
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, sale),
      post('Seller', '/api/cash/close', { countedTotal: 0 }, email),
      ...Array.from({ length: 8 }, sale),
    ]);
    expect(responses.every((r) => r.statusCode < 300)).toBe(true);
    const closed = responses[8]!.json<Shift>();
    const stamped = await db().selectFrom('payments').select('amountCents').where('shiftId', '=', shift.id).execute();
    // Whatever the interleaving: the stored figures are exactly the payments stamped on the shift.
    expect(Math.round(closed.cashSales * 100)).toBe(stamped.reduce((sum, p) => sum + p.amountCents, 0));
    expect(closed.expected).toBe(closed.cashSales);
  });
});

describe('a shift spanning midnight in Monterrey', () => {
  it('counts the payments of both days (by shift, not by time), and belongs to the cut of the day it opened', async () => {
    const email = 'nocturno@prueba.mx';
    const product = await seedProduct(db(), { stock: 100 });
    const opened = await ok<Shift>(post('Seller', '/api/cash/open', { openingFloat: 100 }, email), 201);
    // The shift opened yesterday at 23:30 Monterrey; one sale was made before midnight.
    const yesterday = businessToday(CLOCK_NOW - 24 * 60 * 60 * 1000);
    const beforeMidnight = businessDayBounds(yesterday).end - 30 * 60 * 1000;
    await db().updateTable('cashShifts').set({ openedAt: beforeMidnight }).where('id', '=', opened.id).execute();
    const token = (await t.sessionAs('Seller', email)).accessToken;
    const sell = (price: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/receipt/create',
        headers: { authorization: `Bearer ${token}` },
        payload: { paymentMode: 'Cash', date: saleDate(), items: [{ productId: product.id, quantity: 1, price }] },
      });
    const late = (await sell(11.11)).json<Receipt>();
    await db()
      .updateTable('payments')
      .set({ createdAt: beforeMidnight + 10 * 60 * 1000 })
      .where('receiptId', '=', late.id)
      .execute();
    expect((await sell(22.22)).statusCode).toBe(201); // after midnight: today

    const closed = await ok<Shift>(post('Seller', '/api/cash/close', { countedTotal: 133.33 }, email));
    expect(closed).toMatchObject({ cashSales: 33.33, expected: 133.33, difference: 0, result: 'Exacto' });
    expect(closed.openedAt).toBe(new Date(beforeMidnight).toISOString());

    const cutOf = async (date: string) => {
      const report = await ok<CashCountReport>(post('Admin', '/api/reports/generate', { date }), 201);
      return parseCutData(report.data)!;
    };
    const [yesterdayCut, todayCut] = [await cutOf(yesterday), await cutOf(today())];
    expect(yesterdayCut.shifts?.map((s) => s.id)).toContain(opened.id);
    expect(todayCut.shifts?.map((s) => s.id)).not.toContain(opened.id);
    expect(yesterdayCut.shifts?.find((s) => s.id === opened.id)).toEqual({
      id: opened.id,
      user: opened.user,
      openedAt: closed.openedAt,
      closedAt: closed.closedAt,
      openingFloat: 100,
      expected: 133.33,
      counted: 133.33,
      difference: 0,
      result: 'Exacto',
      cashSales: 33.33,
      cashPayments: 0,
      cashRefunds: 0,
      entradas: 0,
      salidas: 0,
    });
    // The cut's cash names what crossed midnight: yesterday's drawer took 22.22 of today's Efectivo.
    expect(yesterdayCut.cash).toMatchObject({ cashSales: 33.33, efectivo: 11.11, otherDays: -22.22 });
    expect(todayCut.cash?.otherDays).toBe(22.22);
  });
});

describe('the shift list and the summary', () => {
  it('is Admin and Manager only: a Seller gets 403', async () => {
    const response = await get('Seller', '/api/cash/list');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(errorBody('No tienes permiso para realizar esta acción.', 'FORBIDDEN'));
  });

  it('lists newest first, filtered by user and day, in pages', async () => {
    const all = await ok<ListShiftsResponse>(get('Manager', `/api/cash/list?from=${today()}&to=${today()}`));
    expect(all.shifts.length).toBeGreaterThan(3);
    const opened = all.shifts.map((s) => s.openedAt);
    expect(opened).toEqual([...opened].sort().reverse());
    const first = await ok<ListShiftsResponse>(get('Manager', '/api/cash/list?limit=2'));
    expect(first.shifts).toHaveLength(2);
    const second = await ok<ListShiftsResponse>(
      get('Manager', `/api/cash/list?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`),
    );
    expect(second.shifts[0]!.id).not.toBe(first.shifts[1]!.id);
    expect(new Set([...first.shifts, ...second.shifts].map((s) => s.id)).size).toBe(4);
    const bad = await get('Manager', '/api/cash/list?from=2026-11-22&to=2026-11-21');
    expect(bad.statusCode).toBe(400);
  });

  it("gives the 80 mm PDF of one's own shift; another user's is Admin/Manager only", async () => {
    const seller = await t.sessionAs('Seller');
    const managers = await ok<ListShiftsResponse>(
      get('Manager', `/api/cash/list?userId=${(await t.sessionAs('Manager')).user.id}`),
    );
    const sellers = await ok<ListShiftsResponse>(get('Manager', `/api/cash/list?userId=${seller.user.id}`));
    const own = await get('Seller', `/api/cash/pdf/${sellers.shifts[0]!.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('Seller', `/api/cash/pdf/${managers.shifts[0]!.id}`)).statusCode).toBe(403);
    expect((await get('Admin', `/api/cash/pdf/${managers.shifts[0]!.id}`)).statusCode).toBe(200);
    expect((await get('Admin', '/api/cash/pdf/999999')).json()).toEqual(
      errorBody('El turno de caja no existe.', 'NOT_FOUND'),
    );
    // Without a thermal printer, print answers where the PDF is.
    expect((await post('Seller', `/api/cash/print/${sellers.shifts[0]!.id}`)).json()).toEqual({
      ok: true,
      message: 'Resumen del turno listo para imprimir.',
      pdfUrl: `/api/cash/pdf/${sellers.shifts[0]!.id}`,
    });
  });
});

describe('the day cut', () => {
  it('lists the shifts, the payments by method and the quantities per unit, never summed across units', async () => {
    const email = 'corte@prueba.mx';
    const [pieces, cheese] = await Promise.all([
      seedProduct(db(), { name: 'Refresco', units: 'pza', stock: 50 }),
      seedProduct(db(), { name: 'Queso', units: 'kg', stock: 50, sellsByWeight: true }),
    ]);
    const shift = await ok<Shift>(post('Seller', '/api/cash/open', { openingFloat: 250 }, email), 201);
    const token = (await t.sessionAs('Seller', email)).accessToken;
    const sale = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/receipt/create',
        headers: { authorization: `Bearer ${token}` },
        payload: { paymentMode: 'Cash', date: saleDate(), ...body },
      });
    expect((await sale({ items: [{ productId: pieces.id, quantity: 3, price: 20 }] })).statusCode).toBe(201);
    expect(
      (await sale({ paymentMethod: 'Transferencia', items: [{ productId: cheese.id, quantity: 0.75, price: 100 }] }))
        .statusCode,
    ).toBe(201);
    await ok(post('Seller', '/api/cash/close', { countedTotal: 300 }, email));

    const before = await ok<CutData>(
      post('Admin', '/api/reports/generate', { date: today() }).then((r) => ({
        ...r,
        json: () => parseCutData(r.json<CashCountReport>().data),
      })),
      201,
    );
    expect(before.shifts?.find((s) => s.id === shift.id)).toMatchObject({
      expected: 310,
      counted: 300,
      difference: -10,
      result: 'Faltante',
    });
    // Every payment of the day by method; they add up to the day's payments.
    const byMethod = before.totals.byMethod!;
    expect(Math.round((byMethod.Efectivo + byMethod.Tarjeta + byMethod.Transferencia) * 100) / 100).toBe(
      before.totals.totalPayments,
    );
    expect(byMethod.Transferencia).toBeGreaterThanOrEqual(75);
    const units = new Map(before.totals.totalQuantities!.map((q) => [q.unit, q.quantity]));
    expect(units.get('kg')).toBe(0.75);
    expect(before.totals.totalUnits).toBeUndefined();

    // The second cut of a day is made (the web warns first): cuts-of-day lists both.
    await ok(post('Admin', '/api/reports/generate', { date: today() }), 201);
    const { cuts } = await ok<CutsOfDayResponse>(get('Manager', `/api/reports/cuts-of-day?date=${today()}`));
    expect(cuts.length).toBeGreaterThanOrEqual(2);
    expect((await get('Manager', '/api/reports/cuts-of-day?date=2026-13-01')).statusCode).toBe(400);

    const small = await get('Manager', `/api/reports/pdf/${cuts[0]!.id}?format=80mm`);
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A ticket-wide page: 80 mm is 226.77 points.
    expect(small.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 226\.77/);
    const letter = await get('Manager', `/api/reports/pdf/${cuts[0]!.id}`);
    expect(letter.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 612 792\]/);
  });
});
