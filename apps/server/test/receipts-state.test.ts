import type { Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import {
  createReceipt,
  creditReceipt,
  inventoryLogsOf,
  postAction,
  seedClient,
  seedProduct,
  stockOf,
  TODAY_NOON,
} from './helpers/factories.js';

let t: TestApp;
const db = () => t.testDb.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Performs an action that must succeed and returns the updated receipt. */
async function act(action: 'changeState' | 'addPayment' | 'cancelPayment', body: unknown): Promise<Receipt> {
  const response = await postAction(t, action, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Receipt>();
}

async function expectConflict(action: 'changeState' | 'addPayment' | 'cancelPayment', body: unknown, message: string) {
  const response = await postAction(t, action, body);
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual(errorBody(message, 'CONFLICT'));
}

/** A Credit sale of 3 × $19.99 + 1 × $0.50 = $60.47 on two products of stock 10. */
async function mixedCreditSale() {
  const a = await seedProduct(db(), { stock: 10 });
  const b = await seedProduct(db(), { stock: 10 });
  const client = await seedClient(db());
  const receipt = await createReceipt(t, {
    paymentMode: 'Credit',
    clientId: client.id,
    date: TODAY_NOON,
    items: [
      { productId: a.id, quantity: 3, price: 19.99 },
      { productId: b.id, quantity: 1, price: 0.5 },
    ],
  });
  return { receipt, a, b };
}

describe('POST /api/receipt/changeState', () => {
  it('refuses the state the receipt already has with 409', async () => {
    const receipt = await creditReceipt(t, 10);
    await expectConflict(
      'changeState',
      { id: receipt.id, state: 'Pending' },
      `La remisión #${receipt.id} ya está pendiente.`,
    );
  });

  it('Pending → Paid records a "Liquidación" payment of exactly the remaining balance', async () => {
    const { receipt } = await mixedCreditSale();
    await act('addPayment', { receiptId: receipt.id, amount: 20, note: 'Pago manual' });
    const paid = await act('changeState', { id: receipt.id, state: 'Paid' });
    expect(paid).toMatchObject({ state: 'Paid', total: 60.47, paid: 60.47, balance: 0 });
    expect(paid.payments.map((p) => [p.amount, p.note, p.reason, p.isEnabled])).toEqual([
      [20, 'Pago manual', 'ADD', true],
      [40.47, 'Liquidación', 'ADD', true],
    ]);
    const cents = await db().selectFrom('payments').select('amountCents').where('receiptId', '=', receipt.id).execute();
    expect(cents.map((p) => p.amountCents)).toEqual([2000, 4047]);
  });

  it('Pending → Cancelled puts every item back in stock with RETURN logs and refunds what was paid', async () => {
    const { receipt, a, b } = await mixedCreditSale();
    await act('addPayment', { receiptId: receipt.id, amount: 10 });
    expect(await stockOf(db(), a.id)).toBe(7);
    const cancelled = await act('changeState', { id: receipt.id, state: 'Cancelled' });
    expect(cancelled).toMatchObject({ state: 'Cancelled', total: 60.47, paid: 0, balance: 60.47 });
    expect(cancelled.payments.map((p) => [p.reason, p.amount, p.isEnabled, p.note])).toEqual([
      ['ADD', 10, true, 'Pago manual'],
      ['REMOVE', 10, true, 'Devolución por cancelación'],
    ]);
    expect(await stockOf(db(), a.id)).toBe(10);
    expect(await stockOf(db(), b.id)).toBe(10);
    const logs = await inventoryLogsOf(db(), a.id);
    expect(logs.map((l) => [l.reason, l.delta, l.stockBefore, l.stockAfter])).toEqual([
      ['SALE', -3, 10, 7],
      ['RETURN', 3, 7, 10],
    ]);
    expect(logs[1]).toMatchObject({
      receiptId: receipt.id,
      note: `Remisión #${receipt.id} cancelada`,
      userName: 'Usuario Manager',
    });
  });

  it('Paid (Cash) → Cancelled restocks, adding up repeated lines of one product', async () => {
    const product = await seedProduct(db(), { stock: 8 });
    const receipt = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [
        { productId: product.id, quantity: 2, price: 3 },
        { productId: product.id, quantity: 4, price: 3 },
      ],
    });
    expect(await stockOf(db(), product.id)).toBe(2);
    const cancelled = await act('changeState', { id: receipt.id, state: 'Cancelled' });
    expect(cancelled.state).toBe('Cancelled');
    // The cash goes back: the Contado payment stays, a REMOVE refund nets it to zero.
    expect(cancelled.payments.map((p) => [p.reason, p.amount, p.note])).toEqual([
      ['ADD', 18, 'Contado'],
      ['REMOVE', 18, 'Devolución por cancelación'],
    ]);
    expect(cancelled.paid).toBe(0);
    expect(await stockOf(db(), product.id)).toBe(8);
    expect((await inventoryLogsOf(db(), product.id)).map((l) => [l.reason, l.delta])).toEqual([
      ['SALE', -6],
      ['RETURN', 6],
    ]);
  });

  it('a cancelled receipt is final: every change is 409 and nothing moves', async () => {
    const { receipt, a } = await mixedCreditSale();
    await act('changeState', { id: receipt.id, state: 'Cancelled' });
    for (const state of ['Pending', 'Paid'] as const) {
      await expectConflict(
        'changeState',
        { id: receipt.id, state },
        `La remisión #${receipt.id} está cancelada; una remisión cancelada ya no cambia de estado.`,
      );
    }
    await expectConflict(
      'changeState',
      { id: receipt.id, state: 'Cancelled' },
      `La remisión #${receipt.id} ya está cancelada.`,
    );
    expect(await stockOf(db(), a.id)).toBe(10);
    expect(await db().selectFrom('payments').select('id').where('receiptId', '=', receipt.id).execute()).toEqual([]);
  });

  it('Paid → Pending is refused while nothing is owed', async () => {
    const product = await seedProduct(db());
    const receipt = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 1, price: 12 }],
    });
    await expectConflict(
      'changeState',
      { id: receipt.id, state: 'Pending' },
      `La remisión #${receipt.id} está pagada por completo; para dejarla pendiente cancela primero uno de sus pagos.`,
    );
  });

  it('answers 404 for an unknown receipt, 400 for an unknown state, 403 for a Seller without a supervisor', async () => {
    const missing = await postAction(t, 'changeState', { id: 999_999, state: 'Paid' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('La remisión #999999 no existe.', 'NOT_FOUND'));
    const receipt = await creditReceipt(t, 5);
    const bad = await postAction(t, 'changeState', { id: receipt.id, state: 'Borrado' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El estado no es válido.');
    const seller = await postAction(t, 'changeState', { id: receipt.id, state: 'Cancelled' }, 'Seller');
    // Not theirs nor today's: out of their reach, authorised or not (supervisors.test.ts has theirs).
    expect(seller.statusCode).toBe(403);
    // Settling stays a Manager's or Admin's, whoever authorises.
    const settle = await postAction(t, 'changeState', { id: receipt.id, state: 'Paid' }, 'Seller');
    expect([settle.statusCode, settle.json().error]).toEqual([403, 'FORBIDDEN']);
    expect(
      (await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${receipt.id}` })).json().state,
    ).toBe('Pending');
  });
});

describe('POST /api/receipt/addPayment', () => {
  it('adds a payment to a Pending Credit receipt, with exact paid and balance', async () => {
    const { receipt } = await mixedCreditSale();
    const updated = await act('addPayment', { receiptId: receipt.id, amount: 20.01, note: 'Pago manual' });
    expect(updated).toMatchObject({ state: 'Pending', total: 60.47, paid: 20.01, balance: 40.46 });
    expect(updated.payments).toEqual([
      {
        id: expect.any(Number),
        receiptId: receipt.id,
        amount: 20.01,
        reason: 'ADD',
        method: 'Efectivo',
        isEnabled: true,
        note: 'Pago manual',
        createdAt: expect.any(String),
      },
    ]);
    const [row] = await db().selectFrom('payments').selectAll().where('receiptId', '=', receipt.id).execute();
    expect(row).toMatchObject({ amountCents: 2001, userId: (await t.sessionAs('Manager')).user.id });
  });

  it('stores the note as sent and defaults it to "Pago manual"', async () => {
    const receipt = await creditReceipt(t, 100);
    await act('addPayment', { receiptId: receipt.id, amount: 1 });
    await act('addPayment', { receiptId: receipt.id, amount: 1, note: '   ' });
    const updated = await act('addPayment', { receiptId: receipt.id, amount: 2, note: ' Transferencia ' });
    expect(updated.payments.map((p) => p.note)).toEqual(['Pago manual', 'Pago manual', 'Transferencia']);
    expect(updated.balance).toBe(96);
  });

  it('refuses more than the balance with 409 naming it, and writes nothing', async () => {
    const receipt = await creditReceipt(t, 750, 2);
    await act('addPayment', { receiptId: receipt.id, amount: 99.5 });
    await expectConflict(
      'addPayment',
      { receiptId: receipt.id, amount: 1400.51 },
      'El monto excede el saldo pendiente de $1,400.50.',
    );
    const again = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${receipt.id}` });
    expect(again.json()).toMatchObject({ state: 'Pending', paid: 99.5, balance: 1400.5 });
    expect(again.json().payments).toHaveLength(1);
  });

  it('paying exactly the balance turns the receipt Paid', async () => {
    const { receipt } = await mixedCreditSale();
    await act('addPayment', { receiptId: receipt.id, amount: 50 });
    const settled = await act('addPayment', { receiptId: receipt.id, amount: 10.47 });
    expect(settled).toMatchObject({ state: 'Paid', paid: 60.47, balance: 0 });
  });

  it('rejects amounts under 1, more than two decimals and an overlong note (400)', async () => {
    const receipt = await creditReceipt(t, 50);
    const small = await postAction(t, 'addPayment', { receiptId: receipt.id, amount: 0.99 });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual(errorBody('El monto debe ser al menos 1.', 'VALIDATION_ERROR'));
    const precise = await postAction(t, 'addPayment', { receiptId: receipt.id, amount: 1.005 });
    expect(precise.statusCode).toBe(400);
    expect(precise.json().message).toBe('El monto admite como máximo dos decimales.');
    const longNote = await postAction(t, 'addPayment', { receiptId: receipt.id, amount: 1, note: 'x'.repeat(501) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().message).toBe('La nota admite como máximo 500 caracteres.');
  });

  it('takes less than 1 when it settles a smaller balance exactly', async () => {
    const receipt = await creditReceipt(t, 50.5);
    await act('addPayment', { receiptId: receipt.id, amount: 50 });
    const under = await postAction(t, 'addPayment', { receiptId: receipt.id, amount: 0.4 });
    expect(under.statusCode).toBe(400);
    expect(under.json()).toEqual(errorBody('El monto debe ser al menos 1.', 'VALIDATION_ERROR'));
    const settled = await act('addPayment', { receiptId: receipt.id, amount: 0.5 });
    expect(settled).toMatchObject({ state: 'Paid', paid: 50.5, balance: 0 });
  });

  it('a cash receipt reopened by cancelling its payment is paid again like any pending one', async () => {
    const product = await seedProduct(db());
    const cash = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 2, price: 10.25 }],
    });
    await expectConflict(
      'addPayment',
      { receiptId: cash.id, amount: 1 },
      `La remisión #${cash.id} está pagada; solo las pendientes reciben pagos.`,
    );
    const reopened = await act('cancelPayment', { paymentId: cash.payments[0]!.id });
    expect(reopened).toMatchObject({ state: 'Pending', balance: 20.5 });
    const repaid = await act('addPayment', { receiptId: cash.id, amount: 20.5 });
    expect(repaid).toMatchObject({ state: 'Paid', paid: 20.5, balance: 0 });
  });

  it('only Pending receipts take payments (409 otherwise)', async () => {
    const paid = await creditReceipt(t, 10);
    await act('addPayment', { receiptId: paid.id, amount: 10 });
    await expectConflict(
      'addPayment',
      { receiptId: paid.id, amount: 1 },
      `La remisión #${paid.id} está pagada; solo las pendientes reciben pagos.`,
    );

    const cancelled = await creditReceipt(t, 10);
    await act('changeState', { id: cancelled.id, state: 'Cancelled' });
    await expectConflict(
      'addPayment',
      { receiptId: cancelled.id, amount: 1 },
      `La remisión #${cancelled.id} está cancelada; solo las pendientes reciben pagos.`,
    );
  });

  it('answers 404 for an unknown receipt', async () => {
    const response = await postAction(t, 'addPayment', { receiptId: 999_999, amount: 5 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('La remisión #999999 no existe.');
  });
});

describe('the stock cap on a cancelled sale', () => {
  it('a cancel whose return would pass the maximum stock is 409, and nothing changes', async () => {
    const product = await seedProduct(db(), { stock: 999_999_990 });
    const sale = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 5, price: 10 }],
    });
    const entry = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/product/addInventory',
      payload: { id: product.id, stockToAdd: 15 },
    });
    expect(entry.statusCode, entry.body).toBe(200);
    expect(await stockOf(db(), product.id)).toBe(1_000_000_000);
    await expectConflict(
      'changeState',
      { id: sale.id, state: 'Cancelled' },
      `El stock de "${product.name}" no puede ser mayor a 1,000,000,000 (actual: 1000000000).`,
    );
    expect(await stockOf(db(), product.id)).toBe(1_000_000_000);
    const again = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${sale.id}` });
    expect(again.json()).toMatchObject({ state: 'Paid', paid: 50 });
  });
});

describe('POST /api/receipt/cancelPayment', () => {
  it('disables an enabled payment: the balance grows back, cancelledAt and cancelledBy are set', async () => {
    const { receipt } = await mixedCreditSale();
    const withPayment = await act('addPayment', { receiptId: receipt.id, amount: 25.25 });
    const paymentId = withPayment.payments[0]!.id;
    const updated = await act('cancelPayment', { paymentId });
    expect(updated).toMatchObject({ state: 'Pending', paid: 0, balance: 60.47 });
    expect(updated.payments).toMatchObject([{ id: paymentId, amount: 25.25, isEnabled: false }]);
    const row = await db().selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
    const manager = await t.sessionAs('Manager');
    expect(row).toMatchObject({ isEnabled: 0, cancelledBy: manager.user.id });
    expect(Math.abs(row.cancelledAt! - Date.now())).toBeLessThan(60_000);
  });

  it('a second cancel of the same payment is 409', async () => {
    const receipt = await creditReceipt(t, 30);
    const paymentId = (await act('addPayment', { receiptId: receipt.id, amount: 5 })).payments[0]!.id;
    await act('cancelPayment', { paymentId });
    await expectConflict('cancelPayment', { paymentId }, `El pago #${paymentId} ya estaba cancelado.`);
  });

  it('a Paid Credit receipt whose balance becomes positive returns to Pending', async () => {
    const receipt = await creditReceipt(t, 40);
    await act('addPayment', { receiptId: receipt.id, amount: 15 });
    const settled = await act('addPayment', { receiptId: receipt.id, amount: 25 });
    expect(settled.state).toBe('Paid');
    const reopened = await act('cancelPayment', { paymentId: settled.payments[1]!.id });
    expect(reopened).toMatchObject({ state: 'Pending', paid: 15, balance: 25 });
  });

  it('cancelling the "Contado" payment of a Cash sale leaves it Pending for the whole total', async () => {
    const product = await seedProduct(db());
    const cash = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 3, price: 19.99 }],
    });
    const reopened = await act('cancelPayment', { paymentId: cash.payments[0]!.id });
    expect(reopened).toMatchObject({ state: 'Pending', paid: 0, balance: 59.97 });
    // and settling it again records the Liquidación for the exact total
    const paid = await act('changeState', { id: cash.id, state: 'Paid' });
    expect(paid.payments.map((p) => [p.amount, p.note, p.isEnabled])).toEqual([
      [59.97, 'Contado', false],
      [59.97, 'Liquidación', true],
    ]);
    expect(paid).toMatchObject({ state: 'Paid', balance: 0 });
  });

  it('refuses to cancel a payment of a cancelled receipt (409)', async () => {
    const receipt = await creditReceipt(t, 30);
    const paymentId = (await act('addPayment', { receiptId: receipt.id, amount: 5 })).payments[0]!.id;
    await act('changeState', { id: receipt.id, state: 'Cancelled' });
    await expectConflict(
      'cancelPayment',
      { paymentId },
      `La remisión #${receipt.id} está cancelada; sus pagos ya no se pueden cancelar.`,
    );
    const row = await db()
      .selectFrom('payments')
      .select('isEnabled')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(row.isEnabled).toBe(1);
  });

  it('answers 404 for an unknown payment', async () => {
    const response = await postAction(t, 'cancelPayment', { paymentId: 999_999 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('El pago #999999 no existe.', 'NOT_FOUND'));
  });
});
