import type { AddClientPaymentResponse, PrintResult } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { seedClient, seedProduct, seedReceipt } from './helpers/factories.js';

// The abono at the till (/vender): a Seller takes it through client/addPayment, oldest receipts
// first, sees the saldo left but not the limit or the vencido, and prints its ticket.

let t: TestApp;
const db = () => t.testDb.database.db;
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-21T18:00:00Z');
let sellerId: number;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => NOW });
  const [seller] = await Promise.all([t.sessionAs('Seller'), t.sessionAs('Manager')]);
  sellerId = seller.user.id;
});
afterAll(() => t.close());

async function owed(clientId: number, age: number, totalCents: number) {
  const product = await seedProduct(db());
  return seedReceipt(db(), {
    userId: sellerId,
    clientId,
    date: NOW - age * DAY,
    items: [{ product, quantity: 1, priceCents: totalCents }],
  });
}

const abonoAs = (role: 'Seller' | 'Manager', body: object) =>
  t.injectAs(role, { method: 'POST', url: '/api/client/addPayment', payload: body });

describe('the abono at the till', () => {
  it("a Seller's abono pays the oldest receipts first and answers the saldo, not the limit or vencido", async () => {
    const client = await seedClient(db(), { firstName: 'Abono', lastName: 'Caja', creditLimitCents: 100_000 });
    const oldest = await owed(client.id, 45, 20_050); // 200.50, past the plazo
    const middle = await owed(client.id, 10, 17_500); // 175.00
    const newest = await owed(client.id, 1, 5_000); // 50.00

    const response = await abonoAs('Seller', { clientId: client.id, amount: 300.25, method: 'Efectivo' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AddClientPaymentResponse>();
    expect(body.amount).toBe(300.25);
    expect(body.payments.map(({ receiptId, amount, settled }) => ({ receiptId, amount, settled }))).toEqual([
      { receiptId: oldest.id, amount: 200.5, settled: true },
      { receiptId: middle.id, amount: 99.75, settled: false },
    ]);
    // 425.50 owed − 300.25 = 125.25 left; 1,000 − 125.25 available.
    expect(body.credit).toEqual({ clientId: client.id, creditDays: 30, available: 874.75, balance: 125.25 });

    const rows = await db()
      .selectFrom('payments')
      .select(['receiptId', 'amountCents', 'userId', 'method'])
      .where('receiptId', 'in', [oldest.id, middle.id, newest.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { receiptId: oldest.id, amountCents: 20_050, userId: sellerId, method: 'Efectivo' },
      { receiptId: middle.id, amountCents: 9_975, userId: sellerId, method: 'Efectivo' },
    ]);

    // A Manager's answer to the same kind of abono keeps every figure.
    const manager = await abonoAs('Manager', { clientId: client.id, amount: 25.25 });
    expect(manager.json<AddClientPaymentResponse>().credit).toEqual({
      clientId: client.id,
      creditLimit: 1000,
      creditDays: 30,
      balance: 100,
      overdue: 0,
      available: 900,
    });
  });

  it("prints the abono's ticket: its PDF for the Seller who took it, refused to another Seller", async () => {
    const client = await seedClient(db(), { firstName: 'Ticket', lastName: 'Abono' });
    const first = await owed(client.id, 20, 10_000);
    const second = await owed(client.id, 5, 8_000);
    const abono = (
      await abonoAs('Seller', { clientId: client.id, amount: 150.5, method: 'Efectivo' })
    ).json<AddClientPaymentResponse>();
    const ids = abono.payments.map((p) => p.paymentId);
    expect(abono.payments.map((p) => [p.receiptId, p.amount])).toEqual([
      [first.id, 100],
      [second.id, 50.5],
    ]);

    const print = await t.injectAs('Seller', {
      method: 'POST',
      url: '/api/client/printAbono',
      payload: { paymentIds: ids },
    });
    expect(print.statusCode, print.body).toBe(200);
    expect(print.json<PrintResult>()).toEqual({
      ok: true,
      message: 'Ticket del abono listo para imprimir.',
      pdfUrl: `/api/client/abonoPdf?payments=${ids.join(',')}`,
    });
    const pdf = await t.injectAs('Seller', { method: 'GET', url: `/api/client/abonoPdf?payments=${ids.join(',')}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Part of an abono, or payments of two abonos, are not an abono.
    const partial = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/client/printAbono',
      payload: { paymentIds: [ids[0], 999_999] },
    });
    expect(partial.statusCode).toBe(404);
    expect(partial.json()).toEqual(errorBody('Esos pagos no forman un abono.', 'NOT_FOUND'));

    // Another Seller's abono is not theirs to print; a Manager prints any.
    const otherSeller = await t.sessionAs('Seller', 'otra-vendedora@prueba.mx');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/client/printAbono',
      payload: { paymentIds: ids },
      headers: { authorization: `Bearer ${otherSeller.accessToken}` },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(errorBody('Solo puedes imprimir los abonos que tú registraste.', 'FORBIDDEN'));
    const managerPrint = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/client/printAbono',
      payload: { paymentIds: ids },
    });
    expect(managerPrint.statusCode).toBe(200);
  });
});
