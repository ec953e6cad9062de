import {
  type AddPaymentBody,
  canAuthorize,
  type ChangeStateBody,
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
  type SupervisorCredentials,
  INVOICED_RECEIPT_CANCEL_MESSAGE,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { PaymentRow, ReceiptItemRow, ReceiptRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { CashService } from '../cash/cash.service.js';
import { applyStockChanges } from '../inventory/index.js';
import { restockAtSaleCost } from '../purchases/index.js';
import { fenceAgainstCut, flagCancellation, flagPayment } from '../late-entries/index.js';
import {
  recordAuthorizations,
  type Supervisor,
  type SupervisorsService,
  supervisorRequired,
} from '../supervisors/index.js';
import { totalsOfRows as totals } from './receipts.mapping.js';
import * as q from './receipts.queries.js';
import { hydrateOne, type ReceiptViewer, receiptNotFound } from './receipts.reading.js';
import { findReturnedMilliByItem } from './returns.queries.js';
import { stockChanges } from './sale/sale.rules.js';

export const SETTLEMENT_PAYMENT_NOTE = 'Liquidación';
export const REFUND_PAYMENT_NOTE = 'Devolución por cancelación';

export interface ReceiptChangesDeps {
  transact: TransactionRunner;
  clock: Clock;
  /** The drawer (cash shift) each payment or refund goes through. */
  cash: Pick<CashService, 'drawerFor'>;
  /** A Seller's cancellation is authorised by a supervisor. */
  supervisors: Pick<SupervisorsService, 'authorise'>;
  /** The receipt as far as the Seller may read it (their own and today's). */
  reader: { details(id: number, viewer: ReceiptViewer): Promise<Receipt> };
}

/**
 * What is left to give back, per payment method: enabled ADD − REMOVE of each method, the methods
 * with money left only, held to the net paid over all methods (a return refunded by another
 * method than the sale's already took its part).
 */
function netPaidByMethod(
  payments: ReadonlyArray<Pick<PaymentRow, 'amountCents' | 'reason' | 'isEnabled' | 'method'>>,
): Array<[PaymentMethod, number]> {
  const net = new Map<PaymentMethod, number>();
  for (const p of payments) {
    if (p.isEnabled !== 1) continue;
    net.set(p.method, (net.get(p.method) ?? 0) + (p.reason === 'ADD' ? p.amountCents : -p.amountCents));
  }
  let left = [...net.values()].reduce((sum, cents) => sum + cents, 0);
  const refunds: Array<[PaymentMethod, number]> = [];
  for (const [method, cents] of net) {
    const taken = Math.min(cents, left);
    if (taken <= 0) continue;
    refunds.push([method, taken]);
    left -= taken;
  }
  return refunds;
}

/** The receipt locked for the rest of the transaction, with its items and payments. */
async function lockWithLines(trx: Executor, id: number, at: number) {
  const row = await q.lockReceiptRow(trx, id, at);
  if (!row) throw receiptNotFound(id);
  const [items, payments] = await Promise.all([q.findReceiptItemRows(trx, id), q.findPaymentRows(trx, id)]);
  return { row, items, payments };
}

/**
 * Who authorises a change a Seller may not make alone: a cancellation of a receipt they read,
 * with a supervisor's credentials (403 SUPERVISOR_REQUIRED without them); any other change of
 * state stays an Admin's or Manager's (403). Null when the actor needs nobody.
 */
async function changeAuthorizer(
  { supervisors, reader }: Pick<ReceiptChangesDeps, 'supervisors' | 'reader'>,
  id: number,
  target: ReceiptState,
  actor: Actor,
  credentials: SupervisorCredentials | undefined,
): Promise<Supervisor | null> {
  if (actor.role === undefined || canAuthorize(actor.role)) return null;
  if (target !== 'Cancelled') throw forbidden();
  const receipt = await reader.details(id, actor);
  // Refused anyway (already cancelled): said before anyone is asked to come and authorise it.
  const refusal = stateChangeRefusal({ state: receipt.state, balanceCents: pesosToCents(receipt.balance) }, target);
  if (refusal) throw conflict(stateChangeRefusalMessage(refusal, id, target));
  if (!credentials) {
    throw supervisorRequired(`La cancelación de la remisión #${id} la autoriza un gerente o un administrador`);
  }
  return supervisors.authorise(credentials, { cashierId: actor.id, kind: 'CANCEL' });
}

/** What changes a receipt after its sale: its state (a cancellation, a settlement) and its payments. */
export function createReceiptChanges({ transact, clock, cash, supervisors, reader }: ReceiptChangesDeps) {
  /**
   * What was sold and not returned before goes back to stock, and the money still held goes back
   * to the client: a REMOVE payment per method it was paid with (only the Efectivo one leaves the
   * drawer), so the day's cut and the acting user's shift count the refund. A return already
   * restocked and refunded its part, so nothing comes back twice.
   */
  async function cancel(
    trx: Executor,
    receipt: { row: ReceiptRow; items: ReceiptItemRow[]; payments: PaymentRow[] },
    actor: Actor,
    at: number,
    chosenShiftId: number | undefined,
  ) {
    const { row, items, payments } = receipt;
    const note = `Remisión #${row.id} cancelada`;
    const returned = row.returnedCents > 0 ? await findReturnedMilliByItem(trx, row.id) : new Map<number, number>();
    const left = items
      .map((item) => ({ ...item, quantityMilli: item.quantityMilli - (returned.get(item.id) ?? 0) }))
      .filter((item) => item.quantityMilli > 0);
    const restocked = await applyStockChanges(
      trx,
      stockChanges(left, 1).map((change) => ({ ...change, reason: 'RETURN', user: actor, note, receiptId: row.id })),
      at,
    );
    // What comes back enters the average at its cost at sale (issue 37).
    await restockAtSaleCost(trx, restocked, left, at);
    await flagCancellation(trx, { ...row, totalCents: row.totalCents - row.returnedCents }, actor, at);
    const refunds = netPaidByMethod(payments);
    for (const [method, cents] of refunds) {
      const shiftId = await cash.drawerFor(trx, { actorId: actor.id, method, receiptIds: [row.id], chosenShiftId });
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
  async function settle(
    trx: Executor,
    row: ReceiptRow,
    balanceCents: number,
    actor: Actor,
    at: number,
    chosenShiftId: number | undefined,
  ) {
    const method = DEFAULT_PAYMENT_METHOD;
    const shiftId = await cash.drawerFor(trx, { actorId: actor.id, method, receiptIds: [row.id], chosenShiftId });
    const settlement = await q.insertPayment(trx, {
      receiptId: row.id,
      amountCents: balanceCents,
      note: SETTLEMENT_PAYMENT_NOTE,
      userId: actor.id,
      createdAt: at,
      method,
      shiftId,
    });
    await flagPayment(trx, { ...settlement, receivedAt: at }, 'PAYMENT', actor, at);
  }

  return {
    async changeState(
      { id, state: target, shiftId, supervisor: credentials }: ChangeStateBody,
      actor: Actor,
    ): Promise<Receipt> {
      const supervisor = await changeAuthorizer({ supervisors, reader }, id, target, actor, credentials);
      return transact(async (trx) => {
        await fenceAgainstCut(trx);
        const at = clock();
        const receipt = await lockWithLines(trx, id, at);
        const { balanceCents } = totals(receipt.items, receipt.payments, receipt.row.returnedCents);
        const refusal = stateChangeRefusal({ state: receipt.row.state, balanceCents }, target);
        if (refusal) throw conflict(stateChangeRefusalMessage(refusal, id, target));
        if (target === 'Cancelled') {
          // A stamped invoice of its own is cancelled or credited once this commits (decision 098);
          // one still pending, or a factura global, is dealt with in Facturas first.
          const invoice = await q.findActiveInvoiceOfReceipt(trx, id);
          if (invoice && (invoice.kind !== 'receipts' || invoice.status !== 'stamped')) {
            throw conflict(INVOICED_RECEIPT_CANCEL_MESSAGE(id, `${invoice.series}-${invoice.folio}`));
          }
          await cancel(trx, receipt, actor, at, shiftId);
          if (supervisor) {
            await recordAuthorizations(trx, [
              { receiptId: id, kind: 'CANCEL', authorizedBy: supervisor.id, userId: actor.id, createdAt: at },
            ]);
          }
        } else if (target === 'Paid' && balanceCents > 0) {
          await settle(trx, receipt.row, balanceCents, actor, at, shiftId);
        }
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
        const { balanceCents } = totals(items, payments, row.returnedCents);
        const amountCents = pesosToCents(body.amount);
        if (isBelowPaymentMinimum(amountCents, balanceCents)) throw badRequest(PAYMENT_MINIMUM_MESSAGE);
        if (amountCents > balanceCents) {
          throw conflict(`El monto excede el saldo pendiente de ${formatPayment(balanceCents)}.`);
        }
        const method = body.method ?? DEFAULT_PAYMENT_METHOD;
        const move = { actorId: actor.id, method, receiptIds: [row.id], chosenShiftId: body.shiftId };
        const payment = await q.insertPayment(trx, {
          receiptId: row.id,
          amountCents,
          note: body.note || MANUAL_PAYMENT_NOTE,
          userId: actor.id,
          createdAt: at,
          method,
          shiftId: await cash.drawerFor(trx, move),
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
        const { balanceCents } = totals(items, payments, row.returnedCents);
        const reopened = row.state === 'Paid' && balanceCents > 0;
        if (reopened) await q.setReceiptState(trx, row.id, 'Pending', at);
        return hydrateOne(trx, reopened ? { ...row, state: 'Pending' } : row);
      });
    },
  };
}
