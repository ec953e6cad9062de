import {
  type AddPaymentBody,
  DEFAULT_PAYMENT_METHOD,
  formatPayment,
  isBelowPaymentMinimum,
  MANUAL_PAYMENT_NOTE,
  PAYMENT_MINIMUM_MESSAGE,
  type PaymentMethod,
  pesosToCents,
  type Receipt,
  RECEIPT_STATE_WORDS,
  type ReceiptState,
  stateChangeRefusal,
  stateChangeRefusalMessage,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { PaymentRow, ReceiptItemRow, ReceiptRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { CashService } from '../cash/cash.service.js';
import { applyStockChanges } from '../inventory/index.js';
import { fenceAgainstCut, flagCancellation, flagPayment } from '../late-entries/index.js';
import { totalsOfRows as totals } from './receipts.mapping.js';
import * as q from './receipts.queries.js';
import { hydrateOne, receiptNotFound } from './receipts.reading.js';
import { stockChanges } from './sale/sale.rules.js';

export const SETTLEMENT_PAYMENT_NOTE = 'Liquidación';
export const REFUND_PAYMENT_NOTE = 'Devolución por cancelación';

export interface ReceiptChangesDeps {
  transact: TransactionRunner;
  clock: Clock;
  /** The acting user's open cash shift, stamped on the payments they make. */
  cash: Pick<CashService, 'openShiftIdForPayment'>;
}

/** Enabled ADD − REMOVE per payment method, the methods with money left only. */
function netPaidByMethod(
  payments: ReadonlyArray<Pick<PaymentRow, 'amountCents' | 'reason' | 'isEnabled' | 'method'>>,
): Array<[PaymentMethod, number]> {
  const net = new Map<PaymentMethod, number>();
  for (const p of payments) {
    if (p.isEnabled !== 1) continue;
    net.set(p.method, (net.get(p.method) ?? 0) + (p.reason === 'ADD' ? p.amountCents : -p.amountCents));
  }
  return [...net].filter(([, cents]) => cents > 0);
}

/** The receipt locked for the rest of the transaction, with its items and payments. */
async function lockWithLines(trx: Executor, id: number, at: number) {
  const row = await q.lockReceiptRow(trx, id, at);
  if (!row) throw receiptNotFound(id);
  const [items, payments] = await Promise.all([q.findReceiptItemRows(trx, id), q.findPaymentRows(trx, id)]);
  return { row, items, payments };
}

/** What changes a receipt after its sale: its state (a cancellation, a settlement) and its payments. */
export function createReceiptChanges({ transact, clock, cash }: ReceiptChangesDeps) {
  /**
   * Everything sold goes back to stock, and the money received goes back to the client: a
   * REMOVE payment per method it was paid with (only the Efectivo one leaves the drawer), so the
   * day's cut and the acting user's shift count the refund.
   */
  async function cancel(
    trx: Executor,
    receipt: { row: ReceiptRow; items: ReceiptItemRow[]; payments: PaymentRow[] },
    actor: Actor,
    at: number,
  ) {
    const { row, items, payments } = receipt;
    const note = `Remisión #${row.id} cancelada`;
    await applyStockChanges(
      trx,
      stockChanges(items, 1).map((change) => ({ ...change, reason: 'RETURN', user: actor, note, receiptId: row.id })),
      at,
    );
    await flagCancellation(trx, row, actor, at);
    const refunds = netPaidByMethod(payments);
    if (refunds.length === 0) return;
    const shiftId = await cash.openShiftIdForPayment(trx, actor.id);
    for (const [method, cents] of refunds) {
      await q.insertPayment(trx, {
        receiptId: row.id,
        amountCents: cents,
        reason: 'REMOVE',
        note: REFUND_PAYMENT_NOTE,
        userId: actor.id,
        createdAt: at,
        method,
        shiftId,
      });
    }
  }

  /** What is still owed, paid in full by the acting user (in Efectivo). */
  async function settle(trx: Executor, row: ReceiptRow, balanceCents: number, actor: Actor, at: number) {
    const settlement = await q.insertPayment(trx, {
      receiptId: row.id,
      amountCents: balanceCents,
      note: SETTLEMENT_PAYMENT_NOTE,
      userId: actor.id,
      createdAt: at,
      method: DEFAULT_PAYMENT_METHOD,
      shiftId: await cash.openShiftIdForPayment(trx, actor.id),
    });
    await flagPayment(trx, { ...settlement, receivedAt: at }, 'PAYMENT', actor, at);
  }

  return {
    async changeState(id: number, target: ReceiptState, actor: Actor): Promise<Receipt> {
      return transact(async (trx) => {
        await fenceAgainstCut(trx);
        const at = clock();
        const receipt = await lockWithLines(trx, id, at);
        const { balanceCents } = totals(receipt.items, receipt.payments);
        const refusal = stateChangeRefusal({ state: receipt.row.state, balanceCents }, target);
        if (refusal) throw conflict(stateChangeRefusalMessage(refusal, id, target));
        if (target === 'Cancelled') await cancel(trx, receipt, actor, at);
        else if (target === 'Paid' && balanceCents > 0) await settle(trx, receipt.row, balanceCents, actor, at);
        await q.setReceiptState(trx, id, target, at);
        return hydrateOne(trx, { ...receipt.row, state: target });
      });
    },

    async addPayment(body: AddPaymentBody, actor: Actor): Promise<Receipt> {
      return transact(async (trx) => {
        await fenceAgainstCut(trx);
        const at = clock();
        const { row, items, payments } = await lockWithLines(trx, body.receiptId, at);
        if (row.state !== 'Pending') {
          throw conflict(
            `La remisión #${row.id} está ${RECEIPT_STATE_WORDS[row.state]}; solo las pendientes reciben pagos.`,
          );
        }
        const { balanceCents } = totals(items, payments);
        const amountCents = pesosToCents(body.amount);
        if (isBelowPaymentMinimum(amountCents, balanceCents)) throw badRequest(PAYMENT_MINIMUM_MESSAGE);
        if (amountCents > balanceCents) {
          throw conflict(`El monto excede el saldo pendiente de ${formatPayment(balanceCents)}.`);
        }
        const payment = await q.insertPayment(trx, {
          receiptId: row.id,
          amountCents,
          note: body.note || MANUAL_PAYMENT_NOTE,
          userId: actor.id,
          createdAt: at,
          method: body.method ?? DEFAULT_PAYMENT_METHOD,
          shiftId: await cash.openShiftIdForPayment(trx, actor.id),
        });
        await flagPayment(trx, { ...payment, receivedAt: at }, 'PAYMENT', actor, at);
        const settled = amountCents === balanceCents;
        if (settled) await q.setReceiptState(trx, row.id, 'Paid', at);
        return hydrateOne(trx, settled ? { ...row, state: 'Paid' } : row);
      });
    },

    async cancelPayment(paymentId: number, actor: Actor): Promise<Receipt> {
      return transact(async (trx) => {
        await fenceAgainstCut(trx);
        const at = clock();
        const payment = await q.findPaymentRow(trx, paymentId);
        if (!payment) throw notFound(`El pago #${paymentId} no existe.`);
        const row = await q.lockReceiptRow(trx, payment.receiptId, at);
        if (!row) throw receiptNotFound(payment.receiptId);
        if (row.state === 'Cancelled') {
          throw conflict(`La remisión #${row.id} está cancelada; sus pagos ya no se pueden cancelar.`);
        }
        if (!(await q.disablePayment(trx, paymentId, actor.id, at))) {
          throw conflict(`El pago #${paymentId} ya estaba cancelado.`);
        }
        await flagPayment(trx, { ...payment, receivedAt: payment.createdAt }, 'PAYMENT_CANCELLED', actor, at);
        const [items, payments] = await Promise.all([
          q.findReceiptItemRows(trx, row.id),
          q.findPaymentRows(trx, row.id),
        ]);
        const { balanceCents } = totals(items, payments);
        const reopened = row.state === 'Paid' && balanceCents > 0;
        if (reopened) await q.setReceiptState(trx, row.id, 'Pending', at);
        return hydrateOne(trx, reopened ? { ...row, state: 'Pending' } : row);
      });
    },
  };
}
