import {
  type CashCountReport,
  type CutData,
  type Dashboard,
  localTimestampToEpoch,
  parseCutData,
  pesosToCents,
  toMilli,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { seedClient, seedProduct, seedReceipt } from './helpers/factories.js';
import { FORMULAS, liveCells, readCsv } from './helpers/spreadsheets.js';

// The dashboard of a scripted fortnight, written straight into the database with explicit
// instants and a fixed "now" (Friday 2026-11-20, 18:00 in Monterrey). Every figure is checked
// against values worked out by hand, and the day figures against the cut of the same day.

const TODAY = '2026-11-20';
const LAST_WEEK = '2026-11-13';
const NOW = localTimestampToEpoch(`${TODAY}T18:00:00`);
const at = (local: string) => localTimestampToEpoch(local);

let t: TestApp;
let db: Kysely<DB>;

beforeAll(async () => {
  // Only Date is faked: the server's "today" is the scripted day; timers keep running.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  db = t.testDb.database.db;
  const seller = (await t.sessionAs('Seller')).user.id;
  const manager = (await t.sessionAs('Manager')).user.id;

  const product = async (cuid: string, name: string, units: string, stock: number, minStock: number | null) => {
    const row = await seedProduct(db, { cuid, name, units, stock, sellsByWeight: units === 'kg' });
    if (minStock !== null) {
      await db
        .updateTable('products')
        .set({ minStockMilli: toMilli(minStock) })
        .where('id', '=', row.id)
        .execute();
    }
    return row;
  };
  const arroz = await product('ARZ', 'Arroz', 'pza', 100, null);
  const frijol = await product('FRJ', 'Frijol', 'kg', 100, null);
  const aceite = await product('ACE', 'Aceite', 'pza', 3, null); // under the default minimum (10)
  const azucar = await product('AZU', 'Azúcar', 'kg', 1.75, 2); // under its own minimum
  const jabon = await product('JAB', 'Jabón', 'pza', 11, null); // over the default minimum
  const leche = await product('LEC', 'Leche', 'pza', 1, 1); // at its minimum exactly
  const juan = await seedClient(db, { firstName: 'Juan', lastName: 'Pérez', creditDays: 30 });
  const ana = await seedClient(db, { firstName: 'Ana', lastName: 'Ruiz', creditDays: 30 });
  const line = (p: { id: number; name: string; units: string }, quantity: number, price: number) => ({
    product: p,
    quantity,
    priceCents: pesosToCents(price),
  });

  // Today. At Monterrey midnight exactly: today's first receipt.
  const midnight = at(`${TODAY}T00:00:00`);
  await seedReceipt(db, {
    userId: seller,
    state: 'Paid',
    paymentMode: 'Cash',
    date: midnight,
    items: [line(arroz, 2, 25.5)],
    payments: [{ amountCents: 5100 }],
  });
  // One millisecond before: yesterday's.
  await seedReceipt(db, {
    userId: seller,
    state: 'Paid',
    paymentMode: 'Cash',
    date: midnight - 1,
    items: [line(arroz, 1, 25.5)],
    payments: [{ amountCents: 2550 }],
  });
  // A credit sale of 1.255 kg at 33.33 (41.83 to the centavo), paid in the afternoon.
  await seedReceipt(db, {
    userId: manager,
    clientId: juan.id,
    state: 'Paid',
    paymentMode: 'Credit',
    date: at(`${TODAY}T10:00:00`),
    items: [line(frijol, 1.255, 33.33)],
    payments: [{ amountCents: 4183, createdAt: at(`${TODAY}T15:00:00`) }],
  });
  // A cash sale cancelled half an hour later: the money went back (a REMOVE payment).
  await seedReceipt(db, {
    userId: seller,
    state: 'Cancelled',
    paymentMode: 'Cash',
    date: at(`${TODAY}T11:00:00`),
    items: [line(jabon, 3, 10)],
    payments: [{ amountCents: 3000 }, { amountCents: 3000, reason: 'REMOVE', createdAt: at(`${TODAY}T11:30:00`) }],
  });
  // An old credit sale (80 days: overdue), with an abono of 30.00 today.
  await seedReceipt(db, {
    userId: manager,
    clientId: juan.id,
    state: 'Pending',
    paymentMode: 'Credit',
    date: at('2026-09-01T12:00:00'),
    items: [line(aceite, 4, 20)],
    payments: [{ amountCents: 3000, createdAt: at(`${TODAY}T12:00:00`) }],
  });
  // A recent credit sale still owed (10 days: not overdue).
  await seedReceipt(db, {
    userId: manager,
    clientId: ana.id,
    state: 'Pending',
    paymentMode: 'Credit',
    date: at('2026-11-10T09:00:00'),
    items: [line(azucar, 2.5, 10.8)],
  });
  // The same weekday last week: a cash sale, and a credit sale of 16.665 → 16.67 paid the next day.
  await seedReceipt(db, {
    userId: seller,
    state: 'Paid',
    paymentMode: 'Cash',
    date: at(`${LAST_WEEK}T13:00:00`),
    items: [line(arroz, 4, 25.5), line(leche, 5, 20)],
    payments: [{ amountCents: 20200 }],
  });
  await seedReceipt(db, {
    userId: manager,
    clientId: ana.id,
    state: 'Paid',
    paymentMode: 'Credit',
    date: at(`${LAST_WEEK}T17:00:00`),
    items: [line(frijol, 0.5, 33.33)],
    payments: [{ amountCents: 1667, createdAt: at('2026-11-14T10:00:00') }],
  });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

async function dashboard(query = ''): Promise<Dashboard> {
  const response = await t.injectAs('Manager', { method: 'GET', url: `/api/dashboard${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Dashboard>();
}

async function cutOf(date: string): Promise<CutData> {
  const response = await t.injectAs('Manager', { method: 'POST', url: '/api/reports/generate', payload: { date } });
  expect(response.statusCode, response.body).toBe(201);
  return parseCutData(response.json<CashCountReport>().data)!;
}

const cents = (pesos: number) => pesosToCents(pesos);

describe('GET /api/dashboard', () => {
  it('gives today against the same weekday of last week, to the centavo', async () => {
    const d = await dashboard();
    expect(d.generatedAt).toBe(new Date(NOW).toISOString());
    expect(d.today).toEqual({
      date: TODAY,
      compareDate: LAST_WEEK,
      sales: { today: 92.83, lastWeek: 218.67, changePercent: -57.5 },
      cash: { today: 51, lastWeek: 202, changePercent: -74.8 },
      credit: { today: 41.83, lastWeek: 16.67, changePercent: 150.9 },
      receipts: { today: 2, lastWeek: 2, changePercent: 0 },
      averageTicket: { today: 46.42, lastWeek: 109.34, changePercent: -57.5 },
      payments: { today: 122.83, lastWeek: 202, changePercent: -39.2 },
    });
  });

  it("gives what is owed ('Por cobrar') and the overdue part by each client's plazo", async () => {
    expect((await dashboard()).receivable).toEqual({ total: 77, overdue: 50, clients: 2 });
  });

  it('gives the last 30 days, oldest first, without cancelled receipts', async () => {
    const { days } = await dashboard();
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2026-10-22');
    expect(days.at(-1)!.date).toBe(TODAY);
    const withSales = days.filter((day) => day.receipts > 0);
    expect(withSales).toEqual([
      { date: '2026-11-10', cash: 0, credit: 27, total: 27, receipts: 1 },
      { date: LAST_WEEK, cash: 202, credit: 16.67, total: 218.67, receipts: 2 },
      { date: '2026-11-19', cash: 25.5, credit: 0, total: 25.5, receipts: 1 },
      { date: TODAY, cash: 51, credit: 41.83, total: 92.83, receipts: 2 },
    ]);
    for (const day of days.filter((d) => d.receipts === 0)) expect(day).toMatchObject({ total: 0, cash: 0, credit: 0 });
  });

  it('ranks the products of the range by revenue and by quantity, each in its own unit', async () => {
    const d = await dashboard();
    expect(d.range).toEqual({ from: '2026-10-22', to: TODAY });
    const row = (cuid: string, name: string, unit: string, quantity: number, total: number) =>
      expect.objectContaining({ cuid, name, unit, quantity, total });
    expect(d.topByRevenue).toEqual([
      row('ARZ', 'Arroz', 'pza', 7, 178.5),
      row('LEC', 'Leche', 'pza', 5, 100),
      row('FRJ', 'Frijol', 'kg', 1.755, 58.5),
      row('AZU', 'Azúcar', 'kg', 2.5, 27),
    ]);
    expect(d.topByQuantity).toEqual([
      row('ARZ', 'Arroz', 'pza', 7, 178.5),
      row('LEC', 'Leche', 'pza', 5, 100),
      row('AZU', 'Azúcar', 'kg', 2.5, 27),
      row('FRJ', 'Frijol', 'kg', 1.755, 58.5),
    ]);
  });

  it('gives the sales of each seller in the range', async () => {
    expect((await dashboard()).sellers).toEqual([
      { userId: expect.any(Number), name: 'Usuario Seller', receipts: 3, total: 278.5, averageTicket: 92.83 },
      { userId: expect.any(Number), name: 'Usuario Manager', receipts: 3, total: 85.5, averageTicket: 28.5 },
    ]);
  });

  it('follows the range asked for (one day) and keeps today and the chart as they are', async () => {
    const d = await dashboard(`?from=${LAST_WEEK}&to=${LAST_WEEK}`);
    expect(d.range).toEqual({ from: LAST_WEEK, to: LAST_WEEK });
    expect(d.topByRevenue.map((p) => [p.cuid, p.quantity, p.total])).toEqual([
      ['ARZ', 4, 102],
      ['LEC', 5, 100],
      ['FRJ', 0.5, 16.67],
    ]);
    expect(d.topByQuantity.map((p) => p.cuid)).toEqual(['LEC', 'ARZ', 'FRJ']);
    expect(d.sellers.map((s) => [s.name, s.receipts, s.total])).toEqual([
      ['Usuario Seller', 1, 202],
      ['Usuario Manager', 1, 16.67],
    ]);
    expect(d.today.sales.today).toBe(92.83);
    expect(d.days).toEqual((await dashboard()).days);
  });

  it('lists the products at or under their minimum with the quantity to order', async () => {
    expect((await dashboard()).lowStock).toEqual([
      // 2 × default minimum 10 = 20, minus 3 in stock.
      {
        productId: expect.any(Number),
        cuid: 'ACE',
        name: 'Aceite',
        unit: 'pza',
        stock: 3,
        minStock: 10,
        soldLast30Days: 0,
        suggested: 17,
      },
      // 2 × 2 = 4 minus 1.75 = 2.25, rounded up to whole kilos.
      {
        productId: expect.any(Number),
        cuid: 'AZU',
        name: 'Azúcar',
        unit: 'kg',
        stock: 1.75,
        minStock: 2,
        soldLast30Days: 2.5,
        suggested: 3,
      },
      // At its minimum: a month's sales (5) is more than 2 × 1; 5 − 1 in stock.
      {
        productId: expect.any(Number),
        cuid: 'LEC',
        name: 'Leche',
        unit: 'pza',
        stock: 1,
        minStock: 1,
        soldLast30Days: 5,
        suggested: 4,
      },
    ]);
  });

  it('agrees with the cut of today and of the same weekday last week', async () => {
    const d = await dashboard();
    for (const [date, figures] of [
      [TODAY, 'today'],
      [LAST_WEEK, 'lastWeek'],
    ] as const) {
      const cut = await cutOf(date);
      const byMode = (mode: 'Cash' | 'Credit') =>
        cut.sales.filter((row) => row.paymentMode === mode).reduce((sum, row) => sum + cents(row.total), 0);
      expect(cents(d.today.sales[figures])).toBe(cents(cut.totals.totalAmount));
      expect(cents(d.today.cash[figures])).toBe(byMode('Cash'));
      expect(cents(d.today.credit[figures])).toBe(byMode('Credit'));
      expect(cents(d.today.payments[figures])).toBe(cents(cut.totals.totalPayments));
    }
    const cut = await cutOf(TODAY);
    expect(cut.totals.totalDue).toBe(d.receivable.total);
  });

  it('agrees with the cut of every day of the chart that sold', async () => {
    const d = await dashboard();
    for (const day of [...d.days.filter((x) => x.receipts > 0), d.days[0]!]) {
      const cut = await cutOf(day.date);
      expect(cents(day.total), day.date).toBe(cents(cut.totals.totalAmount));
    }
  });

  it('refuses a Seller and bad ranges in Spanish', async () => {
    const seller = await t.injectAs('Seller', { method: 'GET', url: '/api/dashboard' });
    expect(seller.statusCode).toBe(403);
    for (const [query, message] of [
      ['?from=2026-11-20&to=2026-11-01', 'La fecha inicial no puede ser posterior a la final.'],
      ['?from=2024-01-01&to=2026-11-20', 'El periodo admite como máximo 366 días.'],
      ['?from=2026-02-30', 'La fecha debe tener la forma AAAA-MM-DD.'],
    ]) {
      const response = await t.injectAs('Manager', { method: 'GET', url: `/api/dashboard${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
  });
});

describe("GET /api/dashboard/shopping-list ('Lista de compras')", () => {
  it('is a CSV of the low products with the quantity to order', async () => {
    const response = await t.injectAs('Admin', { method: 'GET', url: '/api/dashboard/shopping-list?format=csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="lista-de-compras-${TODAY}.csv"`);
    expect(response.body).toBe(
      '\uFEFFCódigo,Producto,Unidad,Existencia,Mínimo,Vendido 30 días,Sugerido\r\n' +
        'ACE,Aceite,pza,3,10,0,17\r\n' +
        'AZU,Azúcar,kg,1.75,2,2.5,3\r\n' +
        'LEC,Leche,pza,1,1,5,4\r\n',
    );
  });

  it('is a PDF to print', async () => {
    const response = await t.injectAs('Manager', { method: 'GET', url: '/api/dashboard/shopping-list?format=pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses an unknown format', async () => {
    const response = await t.injectAs('Manager', { method: 'GET', url: '/api/dashboard/shopping-list?format=xls' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('El formato debe ser csv o pdf.');
  });

  it('writes a product code or name that a spreadsheet would run as a formula as text', async () => {
    const [hyperlink, command, sum] = FORMULAS;
    await seedProduct(db, { cuid: sum, name: hyperlink, units: command, stock: 0 });
    const response = await t.injectAs('Admin', { method: 'GET', url: '/api/dashboard/shopping-list?format=csv' });
    const rows = readCsv(response.body);
    expect(rows.find((row) => row[0] === `'${sum}`)?.slice(0, 3)).toEqual([`'${sum}`, `'${hyperlink}`, `'${command}`]);
    expect(liveCells(rows)).toEqual([]);
  });
});
