import { businessDayOf, pesosToCents, type Receipt } from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { Actor } from '../../lib/actor.js';
import { type LateEntryInput, noteIfDayWasCut } from './late-entries.js';

// What each write flags (late-entries.ts): after a sale, a cancellation or a payment, inside its
// transaction, each day the write changes is flagged when that day already has a cut.

const sameDay = (a: number, b: number) => businessDayOf(a) === businessDayOf(b);

/** A sale: its day's sales; a cash sale's payment counts on the day it was received (now). */
export function saleLateEntries(sale: Receipt, seller: Actor, at: number): LateEntryInput[] {
  const date = Date.parse(sale.date);
  const entries: LateEntryInput[] = [
    { dayOf: date, kind: 'SALE', receiptId: sale.id, amountCents: pesosToCents(sale.total), userId: seller.id, at },
  ];
  const payment = sale.payments[0];
  if (payment && !sameDay(date, at)) {
    entries.push({
      dayOf: at,
      kind: 'PAYMENT',
      receiptId: sale.id,
      paymentId: payment.id,
      amountCents: pesosToCents(payment.amount),
      userId: seller.id,
      at,
    });
  }
  return entries;
}

/** Flags a sale's entries whose day already has a cut (PostgreSQL's sale does it in mostrador_sell_set). */
export async function flagSale(trx: Executor, sale: Receipt, seller: Actor, at: number): Promise<void> {
  for (const entry of saleLateEntries(sale, seller, at)) await noteIfDayWasCut(trx, entry);
}

/** A cancellation: the sale leaves its day's sales; the stock and any refund move today. */
export async function flagCancellation(
  trx: Executor,
  receipt: { id: number; date: number; totalCents: number },
  actor: Actor,
  at: number,
): Promise<void> {
  const entry = {
    kind: 'CANCELLED' as const,
    receiptId: receipt.id,
    amountCents: receipt.totalCents,
    userId: actor.id,
    at,
  };
  await noteIfDayWasCut(trx, { ...entry, dayOf: receipt.date });
  if (!sameDay(receipt.date, at)) await noteIfDayWasCut(trx, { ...entry, dayOf: at });
}

/** A payment received now, or the cancellation of one received on `receivedAt`. */
export async function flagPayment(
  trx: Executor,
  payment: { id: number; receiptId: number; amountCents: number; receivedAt: number },
  kind: 'PAYMENT' | 'PAYMENT_CANCELLED',
  actor: Actor,
  at: number,
): Promise<void> {
  await noteIfDayWasCut(trx, {
    dayOf: payment.receivedAt,
    kind,
    receiptId: payment.receiptId,
    paymentId: payment.id,
    amountCents: payment.amountCents,
    userId: actor.id,
    at,
  });
}

/** A return (devolución) by line: the goods and any refund move today, whatever its receipt's day. */
export async function flagReturn(
  trx: Executor,
  entry: { receiptId: number; amountCents: number },
  actor: Actor,
  at: number,
): Promise<void> {
  await noteIfDayWasCut(trx, { dayOf: at, kind: 'RETURN', ...entry, userId: actor.id, at });
}
