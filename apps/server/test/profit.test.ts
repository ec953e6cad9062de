import {
  type CashCountReport,
  type Dashboard,
  parseCutData,
  type ProfitReport,
  type Receipt,
  type ReturnReceiptResponse,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createReceipt, postAction, seedProduct, setProductTaxes, TODAY_NOON } from './helpers/factories.js';
import { pdfText } from './helpers/pdf.js';
import { readCsv } from './helpers/spreadsheets.js';

// Profit (utilidad bruta) through the real app on SQLite and PostgreSQL: sales made through the
// API with products whose average cost the test sets in the database first (as a purchase would),
// a return and a cancellation, then the dashboard, the report and the cut, to the centavo.
//
// Today is 2026-11-21 (14:00 in Monterrey); last week's same weekday is 2026-11-14.
//   Refresco (IVA 16 %, $23.20 → base $20.00), category Bebidas:
//     2026-11-14: 2 at cost 12.345678 → base 40.00, cost round(2000 × 12345678 / 10^7) = 24.69
//     today: 3 at 12.345678 → 60.00 / 37.04; then the cost becomes 13.00: 1 → 20.00 / 13.00
//     today: 1 of last week's 2 comes back → −20.00 / −12.35 (on the day of the return)
//   Queso (IVA 0 %, $150.00/kg), category Lácteos: today 1.255 kg at 98.50 → 188.25 / 123.62;
//     0.255 kg come back today → −38.25 / −25.12
//   Chicle (IVA 16 %, $5.80 → $5.00), no cost: today 4 → 'sin costo' 20.00, never profit
//   A cancelled sale (5 Refrescos, 2 of them returned before): counts nothing.
// Today: revenue 60 + 20 + 188.25 − 38.25 − 20 = 210.00; cost 37.04 + 13 + 123.62 − 25.12 − 12.35
// = 136.19; profit 73.81; margin 35.1 %. Last week: 40.00 / 24.69 / 15.31 / 38.3 %.

const TODAY = '2026-11-21';
const LAST_WEEK = '2026-11-14';
const NOW = Date.parse('2026-11-21T20:00:00Z');

let t: TestApp;
const db = () => t.testDb.database.db;

/** A product's average cost straight in the database, as a purchase would leave it (pesos → micros). */
async function setAverageCost(productId: number, micros: number | null) {
  await db().updateTable('products').set({ averageCostMicros: micros }).where('id', '=', productId).execute();
}

async function returnItems(receipt: Receipt, itemIndex: number, quantity: number): Promise<ReturnReceiptResponse> {
  const response = await t.injectAs('Manager', {
    method: 'POST',
    url: '/api/receipt/return',
    payload: { receiptId: receipt.id, items: [{ itemId: receipt.items[itemIndex]!.id, quantity }], reason: 'Prueba' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReturnReceiptResponse>();
}

const getJson = async <T>(url: string, role: 'Admin' | 'Manager' = 'Manager'): Promise<T> => {
  const response = await t.injectAs(role, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

let refresco: { id: number };
let queso: { id: number };
let chicle: { id: number };

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => NOW });
  refresco = await seedProduct(db(), { name: 'Refresco', price: 23.2, stock: 100 });
  queso = await seedProduct(db(), { name: 'Queso', units: 'kg', sellsByWeight: true, price: 150, stock: 10 });
  chicle = await seedProduct(db(), { name: 'Chicle', price: 5.8, stock: 100 });
  await setProductTaxes(db(), queso.id, { ivaRate: '0' });
  await db().updateTable('products').set({ category: 'Bebidas' }).where('id', '=', refresco.id).execute();
  await db().updateTable('products').set({ category: 'Lácteos' }).where('id', '=', queso.id).execute();
  await setAverageCost(refresco.id, 12_345_678);
  await setAverageCost(queso.id, 98_500_000);

  const sale = (date: string, items: Array<{ productId: number; quantity: number; price: number }>) =>
    createReceipt(t, { paymentMode: 'Cash', paymentMethod: 'Efectivo', date, items });

  const lastWeek = await sale(`${LAST_WEEK}T12:00:00`, [{ productId: refresco.id, quantity: 2, price: 23.2 }]);
  await sale(TODAY_NOON, [
    { productId: refresco.id, quantity: 3, price: 23.2 },
    { productId: chicle.id, quantity: 4, price: 5.8 },
  ]);
  const cheese = await sale(TODAY_NOON, [{ productId: queso.id, quantity: 1.255, price: 150 }]);
  await setAverageCost(refresco.id, 13_000_000);
  await sale(TODAY_NOON, [{ productId: refresco.id, quantity: 1, price: 23.2 }]);

  await returnItems(cheese, 0, 0.255);
  await returnItems(lastWeek, 0, 1);

  const cancelled = await sale(TODAY_NOON, [{ productId: refresco.id, quantity: 5, price: 23.2 }]);
  await returnItems(cancelled, 0, 2);
  const cancel = await postAction(t, 'changeState', { id: cancelled.id, state: 'Cancelled' });
  expect(cancel.statusCode, cancel.body).toBe(200);
});
afterAll(() => t.close());

const todayProfit = { revenue: 210, cost: 136.19, profit: 73.81, margin: 35.1, noCostRevenue: 20 };
const lastWeekProfit = { revenue: 40, cost: 24.69, profit: 15.31, margin: 38.3, noCostRevenue: 0 };
const zero = { revenue: 0, cost: 0, profit: 0, margin: null, noCostRevenue: 0 };

describe('the cost of each line', () => {
  it('is the average cost when it was sold, null for a product without one', async () => {
    const lines = await db()
      .selectFrom('receiptItems')
      .select(['productId', 'quantityMilli', 'unitCostMicros', 'baseCents'])
      .orderBy('id')
      .execute();
    expect(
      lines.map((l) => [l.productId, Number(l.quantityMilli), Number(l.unitCostMicros), Number(l.baseCents)]),
    ).toEqual([
      [refresco.id, 2000, 12_345_678, 4000],
      [refresco.id, 3000, 12_345_678, 6000],
      [chicle.id, 4000, 0, 2000],
      [queso.id, 1255, 98_500_000, 18_825],
      [refresco.id, 1000, 13_000_000, 2000],
      // Last week's refresco came back (1 at 12.345678) into 94 at 13.000000 before this sale:
      // (94 × 13 + 12.345678) / 95 = 12.993112.
      [refresco.id, 5000, 12_993_112, 10_000],
    ]);
    expect(lines[2]!.unitCostMicros).toBeNull();
  });
});

describe('GET /api/dashboard', () => {
  it("shows today's profit against last week's and the 30 days', the 'sin costo' sales apart", async () => {
    const dashboard = await getJson<Dashboard>('/api/dashboard');
    expect(dashboard.today.compareDate).toBe(LAST_WEEK);
    expect(dashboard.profit).toEqual({
      today: todayProfit,
      lastWeek: lastWeekProfit,
      // (73.81 − 15.31) / 15.31 = 382.1 %
      changePercent: 382.1,
      // 250.00 − 160.88 = 89.12; 89.12 / 250 = 35.6 %
      last30Days: { revenue: 250, cost: 160.88, profit: 89.12, margin: 35.6, noCostRevenue: 20 },
    });
  });

  it('is refused to a Seller, profit and all', async () => {
    const response = await t.injectAs('Seller', { method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/report/profit', () => {
  const url = (by: string, from = LAST_WEEK, to = TODAY, format = '') =>
    `/api/report/profit?from=${from}&to=${to}&by=${by}${format && `&format=${format}`}`;
  const totals = { revenue: 250, cost: 160.88, profit: 89.12, margin: 35.6, noCostRevenue: 20 };

  it('groups by product: quantity net of returns, largest profit first', async () => {
    const report = await getJson<ProfitReport>(url('product'));
    expect(report).toEqual({
      from: LAST_WEEK,
      to: TODAY,
      by: 'product',
      rows: [
        // 188.25 − 38.25 = 150.00; 123.62 − 25.12 = 98.50
        {
          productId: queso.id,
          label: 'Queso',
          unit: 'kg',
          quantity: 1,
          revenue: 150,
          cost: 98.5,
          profit: 51.5,
          margin: 34.3,
          noCostRevenue: 0,
        },
        // 40 + 60 + 20 − 20 = 100.00; 24.69 + 37.04 + 13.00 − 12.35 = 62.38
        {
          productId: refresco.id,
          label: 'Refresco',
          unit: 'pza',
          quantity: 5,
          revenue: 100,
          cost: 62.38,
          profit: 37.62,
          margin: 37.6,
          noCostRevenue: 0,
        },
        { productId: chicle.id, label: 'Chicle', unit: 'pza', quantity: 4, ...zero, noCostRevenue: 20 },
      ],
      totals,
    });
  });

  it('groups by category, products without one under "Sin categoría"', async () => {
    const report = await getJson<ProfitReport>(url('category'));
    expect(report.rows.map((r) => [r.label, r.revenue, r.cost, r.profit, r.margin, r.noCostRevenue])).toEqual([
      ['Lácteos', 150, 98.5, 51.5, 34.3, 0],
      ['Bebidas', 100, 62.38, 37.62, 37.6, 0],
      ['Sin categoría', 0, 0, 0, null, 20],
    ]);
    expect(report.totals).toEqual(totals);
  });

  it('groups by day: every day of the range, a return on the day it was made', async () => {
    const report = await getJson<ProfitReport>(url('day'));
    expect(report.rows.map((r) => r.label)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    const figures = ({ revenue, cost, profit, margin, noCostRevenue }: ProfitReport['rows'][number]) => ({
      revenue,
      cost,
      profit,
      margin,
      noCostRevenue,
    });
    expect(figures(report.rows[0]!)).toEqual(lastWeekProfit);
    expect(report.rows.slice(1, 7).map(figures)).toEqual(Array(6).fill(zero));
    expect(figures(report.rows[7]!)).toEqual(todayProfit);
    expect(report.totals).toEqual(totals);
    // A day alone: only what happened on it.
    expect((await getJson<ProfitReport>(url('day', TODAY, TODAY))).totals).toEqual(todayProfit);
  });

  it('writes the CSV with the shared writer: a row per group and the totals', async () => {
    const response = await t.injectAs('Admin', { method: 'GET', url: url('product', LAST_WEEK, TODAY, 'csv') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="utilidad-${LAST_WEEK}_${TODAY}-product.csv"`,
    );
    expect(readCsv(response.body)).toEqual([
      ['Producto', 'Unidad', 'Cantidad', 'Ingresos sin impuestos', 'Costo', 'Utilidad', 'Margen %', 'Ventas sin costo'],
      ['Queso', 'kg', '1', '150.00', '98.50', '51.50', '34.3', '0.00'],
      ['Refresco', 'pza', '5', '100.00', '62.38', '37.62', '37.6', '0.00'],
      ['Chicle', 'pza', '4', '0.00', '0.00', '0.00', '', '20.00'],
      ['Total', '', '', '250.00', '160.88', '89.12', '35.6', '20.00'],
    ]);
    const byDay = await t.injectAs('Manager', { method: 'GET', url: url('day', TODAY, TODAY, 'csv') });
    expect(readCsv(byDay.body)).toEqual([
      ['Día', 'Ingresos sin impuestos', 'Costo', 'Utilidad', 'Margen %', 'Ventas sin costo'],
      [TODAY, '210.00', '136.19', '73.81', '35.1', '20.00'],
      ['Total', '210.00', '136.19', '73.81', '35.1', '20.00'],
    ]);
  });

  it('refuses a Seller, and bad ranges with a Spanish message', async () => {
    const seller = await t.injectAs('Seller', { method: 'GET', url: url('product') });
    expect(seller.statusCode).toBe(403);
    const reversed = await t.injectAs('Manager', { method: 'GET', url: url('product', TODAY, LAST_WEEK) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toContain(
      'La fecha inicial no puede ser posterior a la final.',
    );
    const wide = await t.injectAs('Manager', { method: 'GET', url: url('day', '2025-01-01', TODAY) });
    expect(wide.statusCode).toBe(400);
    expect(wide.json<{ message: string }>().message).toContain('El periodo admite como máximo 366 días.');
    const grouping = await t.injectAs('Manager', { method: 'GET', url: url('client') });
    expect(grouping.statusCode).toBe(400);
    expect(grouping.json<{ message: string }>().message).toContain('Agrupa por product, category o day.');
  });
});

describe('the cut', () => {
  it("gains the day's profit, the 'sin costo' sales apart", async () => {
    const response = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/reports/generate',
      payload: { date: TODAY },
    });
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json<CashCountReport>();
    expect(parseCutData(report.data)?.profit).toEqual(todayProfit);
    // Its PDF's summary says the same.
    const pdf = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/pdf/${report.id}` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const line of [
      'Ingresos sin impuestos $210.00',
      'Costo de lo vendido $136.19',
      'Utilidad bruta $73.81',
      'Margen 35.1 %',
      'Ventas sin costo (aparte) $20.00',
    ])
      expect(text).toContain(line);
    // And the 80 mm ticket printed at the till.
    const slip = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/pdf/${report.id}?format=80mm` });
    expect(slip.statusCode).toBe(200);
    const slipText = pdfText(slip.rawPayload);
    for (const line of [
      /Ingresos sin impuestos \$210\.00/,
      /Costo de lo vendido \$136\.19/,
      /Utilidad bruta \$73\.81/,
      /Margen 35\.1 %/,
      /Ventas sin costo \(aparte\) \$20\.00/,
    ])
      expect(slipText).toMatch(line);
  });

  it('reads back an old cut without profit', () => {
    const old = parseCutData(
      JSON.stringify({
        date: TODAY,
        from: '2026-11-21T06:00:00.000Z',
        to: '2026-11-22T05:59:59.999Z',
        inventory: [],
        sales: [],
        pending: [],
        totals: { totalAmount: 0, totalPayments: 0, totalDue: 0 },
      }),
    );
    expect(old).not.toBeNull();
    expect(old?.profit).toBeUndefined();
  });
});
