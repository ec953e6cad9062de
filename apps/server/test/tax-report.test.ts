import {
  businessNowLocalTimestamp,
  businessToday,
  type CutData,
  type Dashboard,
  parseCutData,
  type Receipt,
  type TaxReport,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { postAction, seedProduct } from './helpers/factories.js';
import { pdfText } from './helpers/pdf.js';

// The tax figures of a day and a month (issue 33): sales by rate less returns, cancellations
// left out, exact to the centavo, through the real sale, return and cancel endpoints. Each line's
// split is the shared rule's (lineTaxes), worked out by hand below.

let t: TestApp;
let db: Kysely<DB>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
});
afterAll(() => t.close());

type Taxes = { ivaRate: '16' | '8' | '0' | 'exento'; iepsRatePpm?: number; iepsQuotaMicros?: number };

async function product(name: string, price: number, taxes: Taxes) {
  const row = await seedProduct(db, { name, price, stock: 100 });
  await db
    .updateTable('products')
    .set({
      ivaRate: taxes.ivaRate,
      iepsRatePpm: taxes.iepsRatePpm ?? null,
      iepsQuotaMicros: taxes.iepsQuotaMicros ?? null,
    })
    .where('id', '=', row.id)
    .execute();
  return row;
}

async function sell(items: Array<{ productId: number; quantity: number }>): Promise<Receipt> {
  const response = await t.injectAs('Manager', {
    method: 'POST',
    url: '/api/receipt/create',
    payload: { paymentMode: 'Cash', date: businessNowLocalTimestamp(Date.now() - 60_000), items },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Receipt>();
}

describe('the tax figures of a day and of a month', () => {
  const today = businessToday();
  let report: TaxReport;

  beforeAll(async () => {
    const general = await product('Jabón', 17.5, { ivaRate: '16' });
    const basic = await product('Tortillas', 25, { ivaRate: '0' });
    const snack = await product('Papas', 10, { ivaRate: '16', iepsRatePpm: 80_000 });
    const exempt = await product('Libro', 50, { ivaRate: 'exento' });
    const soda = await product('Refresco', 18, { ivaRate: '16', iepsQuotaMicros: 1_500_000 });
    const border = await product('Herramienta', 100, { ivaRate: '8' });

    await sell([
      { productId: general.id, quantity: 1 }, // $17.50: 1509 + 241
      { productId: basic.id, quantity: 2 }, // $50.00 at 0 %
      { productId: snack.id, quantity: 1 }, // $10.00: 798 + 64 + 138
      { productId: exempt.id, quantity: 1 }, // $50.00 exento
      { productId: soda.id, quantity: 2 }, // $36.00: 2804 + 300 + 496
      { productId: border.id, quantity: 1 }, // $100.00: 9259 + 741
    ]);
    const cancelled = await sell([{ productId: general.id, quantity: 3 }]);
    const cancel = await postAction(t, 'changeState', { id: cancelled.id, state: 'Cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const snacks = await sell([{ productId: snack.id, quantity: 2 }]); // $20.00: 1596 + 128 + 276
    const returned = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/receipt/return',
      payload: { receiptId: snacks.id, items: [{ itemId: snacks.items[0]!.id, quantity: 1 }], reason: 'Caducado' },
    });
    expect(returned.statusCode, returned.body).toBe(201); // $10.00 back: 798 + 64 + 138
    // Returned in part, then cancelled: the receipt counts for nothing, its return with it.
    const books = await sell([{ productId: exempt.id, quantity: 2 }]);
    const bookBack = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/receipt/return',
      payload: { receiptId: books.id, items: [{ itemId: books.items[0]!.id, quantity: 1 }], reason: 'Repetido' },
    });
    expect(bookBack.statusCode, bookBack.body).toBe(201);
    const booksCancelled = await postAction(t, 'changeState', { id: books.id, state: 'Cancelled' });
    expect(booksCancelled.statusCode, booksCancelled.body).toBe(200);

    const response = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/taxes?from=${today}` });
    expect(response.statusCode, response.body).toBe(200);
    report = response.json<TaxReport>();
  });

  it('gives each combination of rates its base, IEPS and IVA: sales less returns, cancellations (and their returns) left out', () => {
    expect(report.rows).toEqual([
      { ivaRate: '16', iepsRate: null, iepsByQuota: false, base: 15.09, ieps: 0, iva: 2.41, total: 17.5 },
      { ivaRate: '16', iepsRate: 8, iepsByQuota: false, base: 15.96, ieps: 1.28, iva: 2.76, total: 20 },
      { ivaRate: '16', iepsRate: null, iepsByQuota: true, base: 28.04, ieps: 3, iva: 4.96, total: 36 },
      { ivaRate: '8', iepsRate: null, iepsByQuota: false, base: 92.59, ieps: 0, iva: 7.41, total: 100 },
      { ivaRate: '0', iepsRate: null, iepsByQuota: false, base: 50, ieps: 0, iva: 0, total: 50 },
      { ivaRate: 'exento', iepsRate: null, iepsByQuota: false, base: 50, ieps: 0, iva: 0, total: 50 },
    ]);
    expect(report.totals).toEqual({ base: 251.68, ieps: 4.28, iva: 17.54, total: 273.5 });
    expect(report.returned).toEqual({ base: 7.98, ieps: 0.64, iva: 1.38, total: 10 });
  });

  it("the day's cut carries the same figures, on its letter PDF and its 80 mm ticket", async () => {
    const response = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/reports/generate',
      payload: { date: today },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, data } = response.json<{ id: number; data: string }>();
    const cut = parseCutData(data) as CutData;
    expect(cut.taxes).toEqual({ ...report, from: today, to: today });

    const letter = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/pdf/${id}` });
    expect(letter.statusCode).toBe(200);
    const page = pdfText(letter.rawPayload);
    expect(page).toContain('Impuestos del día (ventas menos devoluciones)');
    expect(page).toContain('IVA 16 % · IEPS 8 % $15.96 $1.28 $2.76 $20.00');
    expect(page).toContain('Exento $50.00 $0.00 $0.00 $50.00');
    expect(page).toContain('Total $251.68 $4.28 $17.54 $273.50');

    const ticket = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/pdf/${id}?format=80mm` });
    expect(ticket.statusCode).toBe(200);
    const slip = pdfText(ticket.rawPayload);
    expect(slip).toMatch(/Base IVA 16 % · IEPS 8 % \$15\.96 IEPS \$1\.28 IVA \$2\.76/);
    expect(slip).toMatch(/IVA del día \$17\.54/);
  });

  it('the month (?month=) covers the day, and the CSV gives the declaration figures', async () => {
    const month = today.slice(0, 7);
    const monthly = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/taxes?month=${month}` });
    expect(monthly.statusCode, monthly.body).toBe(200);
    expect(monthly.json<TaxReport>().totals).toEqual(report.totals);
    expect(monthly.json<TaxReport>().from).toBe(`${month}-01`);

    const csv = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/taxes/csv?month=${month}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines.slice(0, 9)).toEqual([
      'Tasas,Base,IEPS,IVA,Total',
      'IVA 16 %,15.09,0.00,2.41,17.50',
      'IVA 16 % · IEPS 8 %,15.96,1.28,2.76,20.00',
      'IVA 16 % · IEPS cuota,28.04,3.00,4.96,36.00',
      'IVA 8 %,92.59,0.00,7.41,100.00',
      'IVA 0 %,50.00,0.00,0.00,50.00',
      'Exento,50.00,0.00,0.00,50.00',
      'Total,251.68,4.28,17.54,273.50',
      'Devoluciones (ya restadas),7.98,0.64,1.38,10.00',
    ]);
    expect(lines.slice(10)).toEqual([
      expect.stringMatching(/^Periodo \d{4}-\d{2}-01 a /),
      'Ventas a tasa 16 % (base del IVA),63.37',
      'IVA 16 %,10.13',
      'Ventas a tasa 8 % (base del IVA),92.59',
      'IVA 8 %,7.41',
      'Ventas a tasa 0 %,50.00',
      'Ventas exentas,50.00',
      'Base IEPS 8 %,15.96',
      'IEPS 8 %,1.28',
      'Base IEPS cuota,28.04',
      'IEPS cuota,3.00',
    ]);
  });

  it("the dashboard gives its range's taxes", async () => {
    const response = await t.injectAs('Admin', { method: 'GET', url: `/api/dashboard?from=${today}&to=${today}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Dashboard>().taxes.totals).toEqual(report.totals);
  });

  it('refuses a period that is neither a day nor a month, and a Seller', async () => {
    for (const query of ['', 'month=2026-13', 'month=2026-11&from=2026-11-01', `from=${today}&to=2020-01-01`]) {
      const response = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/taxes?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/mes|fecha/);
    }
    const seller = await t.injectAs('Seller', { method: 'GET', url: `/api/reports/taxes?from=${today}` });
    expect(seller.statusCode).toBe(403);
  });
});
