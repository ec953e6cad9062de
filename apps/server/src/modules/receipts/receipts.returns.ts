import {
  NOTHING_TO_RETURN_MESSAGE,
  refundCents,
  RETURN_OF_CANCELLED_MESSAGE,
  type ReturnReceiptBody,
  type ReturnReceiptResponse,
  returnLineCents,
  returnLineProblem,
  returnLineProblemMessage,
  returnNeedsSupervisor,
  SUPERVISOR_REQUIRED_MESSAGE,
  toMilli,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DB, ReceiptItemRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { CashService } from '../cash/cash.service.js';
import { keyClaim, runIdempotentTransaction } from '../idempotency/index.js';
import { recordAuthorizations, type Supervisor, type SupervisorsService } from '../supervisors/index.js';
import { applyStockChanges } from '../inventory/index.js';
import { restockAtSaleCost } from '../purchases/index.js';
import { fenceAgainstCut, flagReturn } from '../late-entries/index.js';
import { lineTaxRow, type LineTaxRow, termsOf } from './line-taxes.js';
import { totalsOfRows } from './receipts.mapping.js';
import * as q from './receipts.queries.js';
import { hydrateOne, receiptNotFound } from './receipts.reading.js';
import * as rq from './returns.queries.js';
import { stockChanges } from './sale/sale.rules.js';

export const RETURN_OPERATION = 'receipt/return';
export const RETURN_PAYMENT_NOTE = (returnId: number) => `Devolución #${returnId}`;

export interface ReceiptReturnsDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** The drawer (cash shift) the refund goes through. */
  cash: Pick<CashService, 'drawerFor'>;
  /**
   * What a Seller may return without a supervisor, centavos (the shop's sellerReturnLimit), read
   * inside the return's transaction, so a changed setting applies at once.
   */
  sellerReturnLimitCents: (executor: Executor) => Promise<number>;
  /** Checks the credentials of who authorises a return beyond the cashier's limit. */
  supervisors: Pick<SupervisorsService, 'authorise'>;
}

/** One line of a return, checked: the receipt's item, what is taken back, what that is worth and its taxes. */
interface ReturnLine {
  item: ReceiptItemRow;
  quantityMilli: number;
  amountCents: number;
  taxes: LineTaxRow;
}

/** The body's lines against the receipt's: each exists, fits what is left, and is priced and split into its taxes. */
async function checkedLines(
  trx: Executor,
  receiptId: number,
  items: readonly ReceiptItemRow[],
  wanted: ReturnReceiptBody['items'],
): Promise<ReturnLine[]> {
  const returned = await rq.findReturnedMilliByItem(trx, receiptId);
  const byId = new Map(items.map((item) => [item.id, item]));
  const byWeight = new Map(
    (await rq.findSellsByWeight(trx, [...new Set(items.map((i) => i.productId))])).map((p) => [
      p.id,
      p.sellsByWeight === 1,
    ]),
  );
  return wanted.map(({ itemId, quantity }) => {
    const item = byId.get(itemId);
    if (!item) throw notFound(`La línea #${itemId} no es de la remisión #${receiptId}.`);
    const quantityMilli = toMilli(quantity);
    const returnedMilli = returned.get(item.id) ?? 0;
    const problem = returnLineProblem(
      {
        productName: item.productName,
        units: item.units,
        soldMilli: item.quantityMilli,
        returnedMilli,
        // A product deleted since the sale keeps the rule of what was sold: whole units unless the line has a fraction.
        sellsByWeight: byWeight.get(item.productId) ?? item.quantityMilli % 1000 !== 0,
      },
      quantityMilli,
    );
    if (problem) {
      const message = returnLineProblemMessage(problem);
      throw problem.kind === 'fraction' ? badRequest(message) : conflict(message);
    }
    const amountCents = returnLineCents({ priceCents: item.priceCents, returnedMilli }, quantityMilli);
    // Split with the terms the line was sold with: a rate changed since leaves the return as the sale.
    return { item, quantityMilli, amountCents, taxes: lineTaxRow(amountCents, quantityMilli, termsOf(item)) };
  });
}

/** Returns (devoluciones) by line: part of a receipt comes back, its stock once and its money as paid. */
export function createReceiptReturns({
  db,
  transact,
  clock,
  cash,
  sellerReturnLimitCents,
  supervisors,
}: ReceiptReturnsDeps) {
  async function record(
    trx: Executor,
    body: ReturnReceiptBody,
    actor: Actor,
    supervisor: Supervisor | null,
  ): Promise<ReturnReceiptResponse> {
    const at = clock();
    // The receipt's row lock first: a concurrent return of the same receipt waits here and then
    // reads what this one returned.
    const row = await q.lockReceiptRow(trx, body.receiptId, at);
    if (!row) throw receiptNotFound(body.receiptId);
    if (row.state === 'Cancelled') throw conflict(RETURN_OF_CANCELLED_MESSAGE(row.id));
    const [items, payments] = await Promise.all([q.findReceiptItemRows(trx, row.id), q.findPaymentRows(trx, row.id)]);
    const lines = await checkedLines(trx, row.id, items, body.items);
    const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
    if (lines.length === 0) throw badRequest(NOTHING_TO_RETURN_MESSAGE);
    const needsSupervisor =
      actor.role !== undefined &&
      returnNeedsSupervisor({
        role: actor.role,
        receiptDate: row.date,
        now: at,
        returnCents: amountCents,
        sellerLimitCents: await sellerReturnLimitCents(trx),
      });
    // Beyond the cashier's limit, a Manager or an Admin authorises at the cashier's screen.
    if (needsSupervisor && !supervisor) throw new AppError(403, 'SUPERVISOR_REQUIRED', SUPERVISOR_REQUIRED_MESSAGE);
    const authorizedBy = needsSupervisor ? supervisor!.id : null;
    const before = totalsOfRows(items, payments, row.returnedCents);
    const refund = refundCents(before, amountCents);

    const stored = await rq.insertReturn(trx, {
      receiptId: row.id,
      userId: actor.id,
      method: body.method,
      reason: body.reason,
      amountCents,
      refundCents: refund,
      paymentId: null,
      authorizedBy,
      createdAt: at,
    });
    if (authorizedBy !== null) {
      await recordAuthorizations(trx, [
        { receiptId: row.id, kind: 'RETURN', authorizedBy, userId: actor.id, createdAt: at },
      ]);
    }
    await rq.insertReturnItems(
      trx,
      lines.map((line) => ({
        returnId: stored.id,
        itemId: line.item.id,
        quantityMilli: line.quantityMilli,
        amountCents: line.amountCents,
        ...line.taxes,
      })),
    );
    const note = `Devolución #${stored.id} de la remisión #${row.id}`;
    const restocked = await applyStockChanges(
      trx,
      stockChanges(
        lines.map((line) => ({ productId: line.item.productId, quantityMilli: line.quantityMilli })),
        1,
      ).map((change) => ({ ...change, reason: 'RETURN', user: actor, note, receiptId: row.id })),
      at,
    );
    // What comes back enters the average at its cost at sale (issue 37).
    const backAtCost = lines.map(({ item, quantityMilli }) => ({ ...item, quantityMilli }));
    await restockAtSaleCost(trx, restocked, backAtCost, at);
    if (refund > 0) {
      const payment = await q.insertPayment(trx, {
        receiptId: row.id,
        amountCents: refund,
        reason: 'REMOVE',
        note: RETURN_PAYMENT_NOTE(stored.id),
        userId: actor.id,
        createdAt: at,
        method: body.method,
        // The drawer the refund leaves, by the drawer rules (the user's, the sale's, or the one picked).
        shiftId: await cash.drawerFor(trx, {
          actorId: actor.id,
          method: body.method,
          receiptIds: [row.id],
          chosenShiftId: body.shiftId,
        }),
      });
      await rq.setReturnPayment(trx, stored.id, payment.id);
    }
    // After the day's cut, the day's next cut lists it among what came late.
    await flagReturn(trx, { receiptId: row.id, amountCents }, actor, at);
    let updated = await rq.addReturnedCents(trx, row.id, amountCents);
    // A credit receipt whose balance the return brought to 0 is settled.
    if (updated.state === 'Pending' && before.balanceCents - amountCents + refund <= 0) {
      await q.setReceiptState(trx, row.id, 'Paid', at);
      updated = { ...updated, state: 'Paid' };
    }
    const receipt = await hydrateOne(trx, updated);
    return { receipt, return: receipt.returns.find((r) => r.id === stored.id)! };
  }

  return {
    /** Records a return of some of a receipt's lines; idempotent with a key (201, or the first answer again). */
    async returnItems(body: ReturnReceiptBody, actor: Actor, idempotencyKey?: string) {
      // Credentials are checked first, outside the return's transaction: a wrong try stays counted.
      const supervisor = body.supervisor
        ? await supervisors.authorise(body.supervisor, { cashierId: actor.id, kind: 'RETURN' })
        : null;
      const claim =
        idempotencyKey === undefined
          ? undefined
          : keyClaim({
              userId: actor.id,
              key: idempotencyKey,
              operation: RETURN_OPERATION,
              // The secret is never stored, not even hashed: who was named is enough to tell requests apart.
              body: body.supervisor ? { ...body, supervisor: { login: body.supervisor.login } } : body,
              statusCode: 201,
              now: clock(),
            });
      return runIdempotentTransaction({
        db,
        // The fence before the key's claim too: first in the transaction (late-entries.ts).
        transact: (work) =>
          transact(async (trx) => {
            await fenceAgainstCut(trx);
            return work(trx);
          }),
        claim,
        work: (trx) => record(trx, body, actor, supervisor),
      });
    },
  };
}
