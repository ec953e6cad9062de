import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  businessDayOf,
  businessNowLocalTimestamp,
  businessToday,
  type CashCountReport,
  type CutData,
  parseCutData,
  type Receipt,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createReceipt, postAction, seedClient, seedProduct } from './helpers/factories.js';

// What is recorded into a day that already has a cut (a sale dated into it, a cancellation, a
// payment) is flagged; the day's next cut lists it once under 'Registrado después del corte
// anterior', the cut after that no more. Late pending sales are in the next cuts' pending list.

let t: TestApp;
let productId: number;
let clientId: number;
/** The tests' now, fixed: which day is today never depends on when the suite runs. */
const CLOCK_NOW = Date.parse('2026-11-21T18:00:00Z');
const YESTERDAY = businessDayOf(CLOCK_NOW - 24 * 3600_000);

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => CLOCK_NOW });
  const db = t.testDb.database.db;
  productId = (await seedProduct(db, { stock: 1000 })).id;
  clientId = (await seedClient(db, { firstName: 'Rosa', lastName: 'Garza' })).id;
  await t.sessionAs('Manager');
});
afterAll(() => t.close());

async function generate(date: string): Promise<{ report: CashCountReport; cut: CutData }> {
  const response = await t.injectAs('Manager', { method: 'POST', url: '/api/reports/generate', payload: { date } });
  expect(response.statusCode, response.body).toBe(201);
  const report = response.json<CashCountReport>();
  return { report, cut: parseCutData(report.data)! };
}

const sale = (date: string, paymentMode: 'Cash' | 'Credit', price: number) =>
  createReceipt(
    t,
    {
      paymentMode,
      ...(paymentMode === 'Credit' ? { clientId } : {}),
      date,
      items: [{ productId, quantity: 2, price }],
    },
    'Manager',
  );

describe('sales dated into a day that already has a cut', () => {
  it('are flagged, shown by the next cut of that day once, and in its pending list', async () => {
    const before = await sale(`${YESTERDAY}T10:00:00`, 'Credit', 50);
    const first = await generate(YESTERDAY);
    expect(first.cut.late).toEqual([]);
    expect(first.cut.pending.map((p) => p.id)).toEqual([before.id]);

    // After the cut: a credit sale and a cash sale dated into that day.
    const lateCredit = await sale(`${YESTERDAY}T11:30:00`, 'Credit', 12.5);
    const lateCash = await sale(`${YESTERDAY}T12:00:00`, 'Cash', 7.25);

    const second = await generate(YESTERDAY);
    expect(second.cut.late).toEqual([
      {
        kind: 'SALE',
        receiptId: lateCredit.id,
        client: 'Rosa Garza',
        date: lateCredit.date,
        paymentMode: 'Credit',
        amount: 25,
        user: 'Usuario Manager',
        recordedAt: expect.any(String),
      },
      {
        kind: 'SALE',
        receiptId: lateCash.id,
        client: null,
        date: lateCash.date,
        paymentMode: 'Cash',
        amount: 14.5,
        user: 'Usuario Manager',
        recordedAt: expect.any(String),
      },
    ]);
    // The late pending sale is in the pending list, and in the day's sales.
    expect(second.cut.pending.map((p) => p.id)).toEqual([before.id, lateCredit.id]);
    expect(second.cut.totals.totalAmount).toBe(100 + 25 + 14.5);

    // Shown once: the cut after that one lists nothing new.
    const third = await generate(YESTERDAY);
    expect(third.cut.late).toEqual([]);
    expect(third.cut.pending.map((p) => p.id)).toEqual([before.id, lateCredit.id]);

    // The PDF of the cut with the section is made.
    const pdf = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/pdf/${second.report.id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
    const dir = mkdtempSync(join(tmpdir(), 'corte-tarde-'));
    try {
      const file = join(dir, 'corte.pdf');
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Registrado después del corte anterior');
      expect(text).toMatch(new RegExp(`#${lateCredit.id}\\s+Venta\\s+Rosa Garza.*Crédito\\s+\\$25\\.00`));
      expect(text).toMatch(new RegExp(`#${lateCash.id}\\s+Venta\\s+Sin nombre.*Efectivo\\s+\\$14\\.50`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a cancellation of a sale of a cut day, and payments after today’s cut, are flagged too', async () => {
    const day = businessDayOf(CLOCK_NOW - 3 * 24 * 3600_000);
    const sold = await sale(`${day}T09:00:00`, 'Credit', 40);
    await generate(day);
    const cancelled = await postAction(t, 'changeState', { id: sold.id, state: 'Cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await generate(day)).cut.late).toEqual([
      expect.objectContaining({ kind: 'CANCELLED', receiptId: sold.id, amount: 80, paymentMode: 'Credit' }),
    ]);

    // Today: a credit sale, the day's cut, then a payment on it.
    const today = businessToday(CLOCK_NOW);
    const credit = await sale(businessNowLocalTimestamp(CLOCK_NOW), 'Credit', 30);
    expect((await generate(today)).cut.late).toEqual([]);
    const paid = await postAction(t, 'addPayment', { receiptId: credit.id, amount: 20 });
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = paid.json<Receipt>().payments.at(-1)!;
    await postAction(t, 'cancelPayment', { paymentId: payment.id });
    const next = await generate(today);
    expect(next.cut.late).toEqual([
      expect.objectContaining({ kind: 'PAYMENT', receiptId: credit.id, amount: 20 }),
      expect.objectContaining({ kind: 'PAYMENT_CANCELLED', receiptId: credit.id, amount: 20 }),
    ]);
    expect((await generate(today)).cut.late).toEqual([]);
  });

  it('an abono to a client’s account after today’s cut is flagged for each receipt it pays', async () => {
    const today = businessToday(CLOCK_NOW);
    const db = t.testDb.database.db;
    const accountClient = (await seedClient(db, { firstName: 'Luis', lastName: 'Treviño' })).id;
    const older = await createReceipt(
      t,
      {
        paymentMode: 'Credit',
        clientId: accountClient,
        date: businessNowLocalTimestamp(CLOCK_NOW),
        items: [{ productId, quantity: 1, price: 15 }],
      },
      'Manager',
    );
    const newer = await createReceipt(
      t,
      {
        paymentMode: 'Credit',
        clientId: accountClient,
        date: businessNowLocalTimestamp(CLOCK_NOW),
        items: [{ productId, quantity: 1, price: 10 }],
      },
      'Manager',
    );
    await generate(today);
    const abono = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/client/addPayment',
      payload: { clientId: accountClient, amount: 20 },
    });
    expect(abono.statusCode, abono.body).toBe(200);
    const late = (await generate(today)).cut.late;
    expect(late).toEqual([
      expect.objectContaining({ kind: 'PAYMENT', receiptId: older.id, amount: 15 }),
      expect.objectContaining({ kind: 'PAYMENT', receiptId: newer.id, amount: 5 }),
    ]);
  });

  it('a sale dated into a day without a cut is not flagged', async () => {
    const day = businessDayOf(CLOCK_NOW - 5 * 24 * 3600_000);
    await sale(`${day}T09:00:00`, 'Cash', 10);
    const rows = await t.testDb.database.db.selectFrom('lateEntries').selectAll().where('day', '=', day).execute();
    expect(rows).toEqual([]);
    expect((await generate(day)).cut.late).toEqual([]);
  });
});
