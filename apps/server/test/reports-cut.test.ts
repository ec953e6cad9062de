import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  businessDayBounds,
  businessToday,
  type CashCountReport,
  type CutData,
  fromMilli,
  type InventoryReason,
  inventoryIdentityHolds,
  localTimestampToEpoch,
  parseCutData,
  type Receipt,
  toMilli,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB, ProductRow } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { type SeedPayment, seedClient, seedPayment, seedProduct, seedReceipt } from './helpers/factories.js';

// The cut of one scripted day, written straight into the database with explicit instants (so
// it depends on no other feature's endpoints), checked against rows and totals computed by hand.
// Then the same through the real sale, payment and cancel endpoints.

let t: TestApp;
let db: Kysely<DB>;
let user: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
  const session = await t.sessionAs('Manager');
  user = { id: session.user.id, name: session.user.name };
});
afterAll(() => t.close());

const DAY = '2026-11-10';
/** Monterrey wall time → epoch ms. */
const at = (local: string) => localTimestampToEpoch(local);
const on = (time: string) => at(`${DAY}T${time}`);

async function generate(date: string): Promise<{ report: CashCountReport; cut: CutData }> {
  const response = await t.injectAs('Manager', { method: 'POST', url: '/api/reports/generate', payload: { date } });
  expect(response.statusCode, response.body).toBe(201);
  const report = response.json<CashCountReport>();
  const cut = parseCutData(report.data);
  expect(cut).not.toBeNull();
  return { report, cut: cut! };
}

/** The stock a product had at `instant`: its stock now minus every change logged after it. */
async function stockAt(productId: number, instant: number): Promise<number> {
  const product = await db
    .selectFrom('products')
    .select('stockMilli')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  const later = await db
    .selectFrom('inventoryLogs')
    .select('deltaMilli')
    .where('productId', '=', productId)
    .where('createdAt', '>', instant)
    .execute();
  return fromMilli(product.stockMilli - later.reduce((sum, log) => sum + log.deltaMilli, 0));
}

function expectIdentity(cut: CutData) {
  for (const row of cut.inventory) expect(inventoryIdentityHolds(row), row.name).toBe(true);
}

describe('the cut of a scripted day', () => {
  // Direct-to-database writers: a product whose stock follows its logs, receipts with their
  // items (and SALE logs), payments.
  const stock = new Map<number, number>();

  async function product(cuid: string, name: string, initial: number, createdAt: number) {
    const row = await seedProduct(db, { cuid, name, units: 'kg', stock: 0, createdAt });
    stock.set(row.id, 0);
    await move(row.id, 'ADD', initial, createdAt, null, 'Inventario inicial');
    return row;
  }

  async function move(
    productId: number,
    reason: InventoryReason,
    delta: number,
    createdAt: number,
    receiptId: number | null = null,
    note: string | null = null,
  ) {
    const before = stock.get(productId)!;
    const after = before + delta;
    stock.set(productId, after);
    const { name } = await db
      .selectFrom('products')
      .select('name')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('inventoryLogs')
      .values({
        productId,
        receiptId,
        userId: user.id,
        reason,
        deltaMilli: toMilli(delta),
        stockBeforeMilli: toMilli(before),
        stockAfterMilli: toMilli(after),
        productName: name,
        userName: user.name,
        note,
        createdAt,
      })
      .execute();
    await db
      .updateTable('products')
      .set({ stockMilli: toMilli(after) })
      .where('id', '=', productId)
      .execute();
  }

  const client = (firstName: string, lastName: string) => seedClient(db, { firstName, lastName, createdAt: 0 });

  async function receipt(opts: {
    mode: 'Cash' | 'Credit';
    state: 'Pending' | 'Paid' | 'Cancelled';
    date: number;
    clientId?: number;
    items: Array<{ product: ProductRow; quantity: number; priceCents: number }>;
    /** Writes the SALE logs at the receipt's instant (false for receipts older than the script). */
    logs?: boolean;
  }) {
    const row = await seedReceipt(db, { ...opts, paymentMode: opts.mode, userId: user.id });
    if (opts.logs !== false) {
      for (const item of opts.items)
        await move(item.product.id, 'SALE', -item.quantity, opts.date, row.id, `Remisión #${row.id}`);
    }
    return row;
  }

  const payment = (
    receiptId: number,
    amountCents: number,
    createdAt: number,
    options: Pick<SeedPayment, 'reason' | 'enabled'> = {},
  ) => seedPayment(db, receiptId, user.id, { amountCents, createdAt, ...options });

  let ids: Record<string, number>;
  let products: Record<'rice' | 'beans' | 'oil' | 'sugar', ProductRow>;

  beforeAll(async () => {
    const dayBefore = at('2026-11-09T10:00:00');
    products = {
      rice: await product('ARZ', 'Arroz', 100, dayBefore),
      beans: await product('FRJ', 'Frijol', 50, dayBefore),
      oil: await product('ACE', 'Aceite', 30, dayBefore),
      sugar: await product('AZC', 'Azúcar', 40, dayBefore),
    };
    const { rice, beans, oil, sugar } = products;
    const maria = await client('María', 'López');
    const juan = await client('Juan', 'Pérez');

    // The day before: a Credit sale still pending (paid $30 that day), one already paid.
    const r0 = await receipt({
      mode: 'Credit',
      state: 'Pending',
      date: at('2026-11-09T18:00:00'),
      clientId: maria.id,
      items: [{ product: sugar, quantity: 4, priceCents: 2500 }],
    });
    await payment(r0.id, 3000, at('2026-11-09T18:05:00'));
    const r8 = await receipt({
      mode: 'Credit',
      state: 'Paid',
      date: at('2026-11-08T12:00:00'),
      clientId: juan.id,
      items: [{ product: sugar, quantity: 1, priceCents: 2500 }],
      logs: false,
    });
    await payment(r8.id, 2500, at('2026-11-08T12:00:00'));

    // The day.
    await move(rice.id, 'ADD', 20, on('08:00:00'), null, 'Compra a proveedor');
    const r1 = await receipt({
      mode: 'Cash',
      state: 'Paid',
      date: on('09:00:00'),
      items: [
        { product: rice, quantity: 3, priceCents: 1850 },
        { product: beans, quantity: 2, priceCents: 3200 },
      ],
    });
    await payment(r1.id, r1.totalCents, on('09:00:00'));
    const r2 = await receipt({
      mode: 'Credit',
      state: 'Pending',
      date: on('10:00:00'),
      clientId: maria.id,
      items: [
        { product: rice, quantity: 5, priceCents: 1850 },
        { product: oil, quantity: 1, priceCents: 4590 },
      ],
    });
    await payment(r2.id, 5000, on('11:00:00'));
    await payment(r2.id, 1000, on('11:30:00'), { enabled: false });
    // A Cash sale cancelled an hour later: restocked, and its money given back.
    const r3 = await receipt({
      mode: 'Cash',
      state: 'Cancelled',
      date: on('12:00:00'),
      items: [{ product: beans, quantity: 4, priceCents: 3200 }],
    });
    await payment(r3.id, r3.totalCents, on('12:00:00'));
    await move(beans.id, 'RETURN', 4, on('13:00:00'), r3.id, `Remisión #${r3.id} cancelada`);
    await payment(r3.id, r3.totalCents, on('13:00:00'), { reason: 'REMOVE' });
    await move(oil.id, 'MERMA', -2, on('14:00:00'), null, 'Botellas rotas');
    await move(rice.id, 'ADJUSTMENT', -4, on('15:00:00'), null, 'Conteo físico');
    const r4 = await receipt({
      mode: 'Cash',
      state: 'Paid',
      date: on('16:00:00'),
      items: [{ product: rice, quantity: 2, priceCents: 1999 }],
    });
    await payment(r4.id, r4.totalCents, on('16:00:00'));
    await payment(r0.id, 2000, on('17:00:00'));
    // 23:30 in Monterrey is 05:30 UTC of the next day: still this day.
    const r5 = await receipt({
      mode: 'Credit',
      state: 'Pending',
      date: on('23:30:00'),
      clientId: juan.id,
      items: [
        { product: beans, quantity: 1, priceCents: 3200 },
        { product: rice, quantity: 1, priceCents: 1850 },
      ],
    });
    // The next day: none of this is in the cut.
    const r6 = await receipt({
      mode: 'Cash',
      state: 'Paid',
      date: at('2026-11-11T00:10:00'),
      items: [{ product: rice, quantity: 7, priceCents: 1850 }],
    });
    await payment(r6.id, r6.totalCents, at('2026-11-11T00:10:00'));
    await receipt({
      mode: 'Credit',
      state: 'Pending',
      date: at('2026-11-11T01:00:00'),
      clientId: juan.id,
      items: [{ product: oil, quantity: 1, priceCents: 4590 }],
    });
    await move(sugar.id, 'ADD', 10, at('2026-11-11T00:00:00'));
    ids = { r0: r0.id, r2: r2.id, r5: r5.id };
  });

  it('equals the rows and totals computed by hand', async () => {
    const { report, cut } = await generate(DAY);
    const { rice, beans, oil } = products;
    expect(report.date).toBe(DAY);

    expect(cut.date).toBe(DAY);
    expect(cut.from).toBe('2026-11-10T06:00:00.000Z');
    expect(cut.to).toBe('2026-11-11T05:59:59.999Z');

    // Azúcar only moved the day before and the day after: no row.
    expect(cut.inventory).toEqual([
      {
        productId: oil.id,
        cuid: 'ACE',
        name: 'Aceite',
        unit: 'kg',
        initial: 30,
        sales: 1,
        returned: 0,
        adds: 0,
        merma: 2,
        adjustments: 0,
        final: 27,
      },
      {
        productId: rice.id,
        cuid: 'ARZ',
        name: 'Arroz',
        unit: 'kg',
        initial: 100,
        sales: 11,
        returned: 0,
        adds: 20,
        merma: 0,
        adjustments: -4,
        final: 105,
      },
      {
        productId: beans.id,
        cuid: 'FRJ',
        name: 'Frijol',
        unit: 'kg',
        initial: 50,
        sales: 7,
        returned: 4,
        adds: 0,
        merma: 0,
        adjustments: 0,
        final: 47,
      },
    ]);
    expectIdentity(cut);

    // Cancelled R3 is out; the 23:30 sale is in; the 00:10 sale of the next day is out.
    expect(cut.sales).toEqual([
      {
        productId: oil.id,
        productCuid: 'ACE',
        name: 'Aceite',
        unit: 'kg',
        units: 1,
        price: 45.9,
        total: 45.9,
        paymentMode: 'Credit',
      },
      {
        productId: rice.id,
        productCuid: 'ARZ',
        name: 'Arroz',
        unit: 'kg',
        units: 3,
        price: 18.5,
        total: 55.5,
        paymentMode: 'Cash',
        method: 'Efectivo',
      },
      {
        productId: rice.id,
        productCuid: 'ARZ',
        name: 'Arroz',
        unit: 'kg',
        units: 6,
        price: 18.5,
        total: 111,
        paymentMode: 'Credit',
      },
      {
        productId: rice.id,
        productCuid: 'ARZ',
        name: 'Arroz',
        unit: 'kg',
        units: 2,
        price: 19.99,
        total: 39.98,
        paymentMode: 'Cash',
        method: 'Efectivo',
      },
      {
        productId: beans.id,
        productCuid: 'FRJ',
        name: 'Frijol',
        unit: 'kg',
        units: 2,
        price: 32,
        total: 64,
        paymentMode: 'Cash',
        method: 'Efectivo',
      },
      {
        productId: beans.id,
        productCuid: 'FRJ',
        name: 'Frijol',
        unit: 'kg',
        units: 1,
        price: 32,
        total: 32,
        paymentMode: 'Credit',
      },
    ]);

    // Credit and still Pending, dated up to the end of the day: R0 (day before), R2, R5.
    expect(cut.pending.map((p) => [p.id, p.client, p.amount, p.paid, p.pending])).toEqual([
      [ids.r0, 'María López', 100, 50, 50],
      [ids.r2, 'María López', 138.4, 50, 88.4],
      [ids.r5, 'Juan Pérez', 50.5, 0, 50.5],
    ]);
    const r2 = cut.pending[1]!;
    expect(r2.date).toBe('2026-11-10T16:00:00.000Z');
    expect(r2.items).toEqual([
      { productId: rice.id, name: 'Arroz', unit: 'kg', quantity: 5, price: 18.5, total: 92.5 },
      { productId: oil.id, name: 'Aceite', unit: 'kg', quantity: 1, price: 45.9, total: 45.9 },
    ]);
    expect(r2.payments.map((p) => [p.amount, p.reason, p.isEnabled])).toEqual([
      [50, 'ADD', true],
      [10, 'ADD', false],
    ]);

    // Kilograms 1+3+6+2+2+1 (every product of the day is sold by the kg); amount 45.90+55.50+111.00+39.98+64.00+32.00; payments 119.50 (R1)
    // + 50 (R2) + 128 − 128 (R3 and its refund) + 39.98 (R4) + 20 (R0), not the disabled $10
    // nor the next day's; due 50 + 88.40 + 50.50.
    expect(cut.totals).toEqual({
      totalQuantities: [{ unit: 'kg', quantity: 15 }],
      totalAmount: 348.38,
      totalPayments: 229.48,
      totalDue: 188.9,
      totalReturned: 0,
      totalRefunded: 0,
      // Payments made before methods existed are Efectivo.
      byMethod: { Efectivo: 229.48, Tarjeta: 0, Transferencia: 0 },
    });
  });

  it('ends each row at the stock the product had at the end of that day', async () => {
    const { cut } = await generate(DAY);
    const { end } = businessDayBounds(DAY);
    for (const row of cut.inventory) expect(row.final, row.name).toBe(await stockAt(row.productId, end));
    // Arroz kept selling after midnight: its stock now is not the cut's final.
    expect(await stockAt(products.rice.id, Date.now())).toBe(98);
  });

  it('is a snapshot: later changes do not rewrite a stored cut, and a new cut of the day sees them', async () => {
    const first = await generate(DAY);
    // R2 gets paid off today: it leaves the pending list of a new cut of the same day.
    await payment(ids.r2!, 8840, at('2026-11-12T10:00:00'));
    await db.updateTable('receipts').set({ state: 'Paid' }).where('id', '=', ids.r2!).execute();
    const second = await generate(DAY);
    expect(second.cut.pending.map((p) => p.id)).toEqual([ids.r0, ids.r5]);
    expect(second.cut.totals.totalDue).toBe(100.5);
    expect(second.cut.totals.totalPayments).toBe(229.48);

    const stored = await db
      .selectFrom('cashCountReports')
      .selectAll()
      .where('id', '=', first.report.id)
      .executeTakeFirstOrThrow();
    expect(parseCutData(stored.data)?.totals.totalDue).toBe(188.9);
    expect(stored).toMatchObject({ date: DAY, userId: user.id });
  });

  it('a day without movements gives empty sections and zero totals, pending still listed', async () => {
    const { cut } = await generate('2026-11-05');
    expect(cut.inventory).toEqual([]);
    expect(cut.sales).toEqual([]);
    expect(cut.pending).toEqual([]);
    expect(cut.totals).toEqual({
      totalQuantities: [],
      totalAmount: 0,
      totalPayments: 0,
      totalDue: 0,
      totalReturned: 0,
      totalRefunded: 0,
      byMethod: { Efectivo: 0, Tarjeta: 0, Transferencia: 0 },
    });
  });
});

describe('the cut through the real endpoints', () => {
  // Sales dated at chosen instants of the day: a Manager's (a Seller's sale is dated now).
  const post = async <T>(url: string, payload: unknown, role: 'Admin' | 'Manager' = 'Admin') => {
    const response = await t.injectAs(role, { method: 'POST', url, payload: payload as object });
    expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(300);
    return response.json<T>();
  };

  it('counts sales, a cancel, a payment and the stock exactly as the endpoints recorded them', async () => {
    const today = businessToday();
    const [soap, salt] = await Promise.all([
      seedProduct(db, { cuid: 'JAB-API', name: 'Jabón', stock: 40 }),
      seedProduct(db, { cuid: 'SAL-API', name: 'Sal', stock: 15 }),
    ]);
    const client = await post<{ id: number }>('/api/client/register', { firstName: 'Rosa', lastName: 'Garza' });
    const time = (s: number) => `${today}T00:00:0${s}`;

    await post<Receipt>(
      '/api/receipt/create',
      {
        paymentMode: 'Cash',
        // Paid by card: its rows say so ('Efectivo · Tarjeta' on screen and in the PDF).
        paymentMethod: 'Tarjeta',
        date: time(1),
        items: [
          { productId: soap!.id, quantity: 3, price: 0.1 },
          { productId: salt!.id, quantity: 2, price: 12.35 },
        ],
      },
      'Manager',
    );
    const credit = await post<Receipt>(
      '/api/receipt/create',
      {
        paymentMode: 'Credit',
        clientId: client.id,
        date: time(2),
        items: [{ productId: soap!.id, quantity: 7, price: 19.99 }],
      },
      'Manager',
    );
    const cancelled = await post<Receipt>(
      '/api/receipt/create',
      { paymentMode: 'Cash', date: time(3), items: [{ productId: salt!.id, quantity: 5, price: 12.35 }] },
      'Manager',
    );
    await post('/api/receipt/changeState', { id: cancelled.id, state: 'Cancelled' });
    await post('/api/receipt/addPayment', { receiptId: credit.id, amount: 40.5, note: 'Pago manual' });

    const { report, cut } = await generate(today);
    expectIdentity(cut);
    expect(cut.inventory.filter((r) => r.productId === soap!.id || r.productId === salt!.id)).toEqual([
      {
        productId: soap!.id,
        cuid: 'JAB-API',
        name: 'Jabón',
        unit: 'pza',
        initial: 40,
        sales: 10,
        returned: 0,
        adds: 0,
        merma: 0,
        adjustments: 0,
        final: 30,
      },
      {
        productId: salt!.id,
        cuid: 'SAL-API',
        name: 'Sal',
        unit: 'pza',
        initial: 15,
        sales: 7,
        returned: 5,
        adds: 0,
        merma: 0,
        adjustments: 0,
        final: 13,
      },
    ]);
    expect(cut.sales.filter((r) => r.productId === soap!.id || r.productId === salt!.id)).toEqual([
      {
        productId: soap!.id,
        productCuid: 'JAB-API',
        name: 'Jabón',
        unit: 'pza',
        units: 3,
        price: 0.1,
        total: 0.3,
        paymentMode: 'Cash',
        method: 'Tarjeta',
      },
      {
        productId: soap!.id,
        productCuid: 'JAB-API',
        name: 'Jabón',
        unit: 'pza',
        units: 7,
        price: 19.99,
        total: 139.93,
        paymentMode: 'Credit',
      },
      {
        productId: salt!.id,
        productCuid: 'SAL-API',
        name: 'Sal',
        unit: 'pza',
        units: 2,
        price: 12.35,
        total: 24.7,
        paymentMode: 'Cash',
        method: 'Tarjeta',
      },
    ]);
    expect(cut.pending.find((p) => p.id === credit.id)).toMatchObject({
      client: 'Rosa Garza',
      amount: 139.93,
      paid: 40.5,
      pending: 99.43,
    });
    // The cut counts every enabled payment created that day, ADD − REMOVE: the cash sale's
    // $25.00, the cancelled sale's $61.75 (less whatever refund cancelling recorded) and $40.50.
    const refunds = await db
      .selectFrom('payments')
      .select('amountCents')
      .where('receiptId', '=', cancelled.id)
      .where('reason', '=', 'REMOVE')
      .where('isEnabled', '=', 1)
      .execute();
    const refundCents = refunds.reduce((sum, p) => sum + p.amountCents, 0);
    expect(Math.round(cut.totals.totalPayments * 100)).toBe(30 + 2470 + 6175 + 4050 - refundCents);
    expect(cut.totals.totalQuantities).toEqual([{ unit: 'pza', quantity: 12 }]);
    expect(cut.totals.totalAmount).toBe(164.93);

    // The PDF names how the card-paid cash sale was paid, next to its mode.
    const pdf = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/pdf/${report.id}` });
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'corte-'));
    try {
      const file = join(dir, 'corte.pdf');
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toMatch(/JAB-API · Jabón\s+3 pza\s+\$0\.10\s+\$0\.30\s+Efectivo · Tarjeta/);
      expect(text).toMatch(/JAB-API · Jabón\s+7 pza\s+\$19\.99\s+\$139\.93\s+Crédito/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
