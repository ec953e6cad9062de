import type { PaymentMethod } from '@mostrador/shared';
import { sql } from 'kysely';
import type { DialectName, Executor } from '../../db/connection.js';
import type { CashMovementRow, CashShiftRow } from '../../db/schema.js';

/**
 * The user's open shift id, or null. On PostgreSQL the row is share-locked for the rest of the
 * transaction, so a close running at the same time waits for this payment to commit (and then
 * counts it), or, if the close came first, this reads no open shift: a payment is never stamped
 * on a shift whose figures were already written. SQLite runs one writer at a time.
 */
export async function openShiftIdForPayment(db: Executor, dialect: DialectName, userId: number) {
  let query = db.selectFrom('cashShifts').select('id').where('userId', '=', userId).where('closedAt', 'is', null);
  if (dialect === 'postgres') query = query.forShare();
  const row = await query.executeTakeFirst();
  return row?.id ?? null;
}

/** The shift `id` when it is still open (share-locked on PostgreSQL, as above), or null. */
export async function openShiftById(db: Executor, dialect: DialectName, id: number) {
  let query = db.selectFrom('cashShifts').select('id').where('id', '=', id).where('closedAt', 'is', null);
  if (dialect === 'postgres') query = query.forShare();
  const row = await query.executeTakeFirst();
  return row?.id ?? null;
}

/** The drawers open now, oldest first, with their user's name. */
export function findOpenDrawers(db: Executor) {
  return db
    .selectFrom('cashShifts as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .select(['s.id as shiftId', 's.userId as userId', 'u.name as userName', 's.openedAt as openedAt'])
    .where('s.closedAt', 'is', null)
    .orderBy('s.openedAt')
    .orderBy('s.id')
    .execute();
}

/** The shifts a receipt's enabled Efectivo payments went into, the latest payment's first. */
export async function shiftsPaidInto(db: Executor, receiptIds: readonly number[]): Promise<number[]> {
  if (receiptIds.length === 0) return [];
  const rows = await db
    .selectFrom('payments')
    .select('shiftId')
    .where('receiptId', 'in', receiptIds)
    .where('reason', '=', 'ADD')
    .where('isEnabled', '=', 1)
    .where('shiftId', 'is not', null)
    .orderBy('id', 'desc')
    .execute();
  return [...new Set(rows.map((row) => row.shiftId!))];
}

export function findOpenShift(db: Executor, userId: number): Promise<CashShiftRow | undefined> {
  return db
    .selectFrom('cashShifts')
    .selectAll()
    .where('userId', '=', userId)
    .where('closedAt', 'is', null)
    .executeTakeFirst();
}

/** Takes the open shift's write lock (a row lock on PostgreSQL) by touching it; undefined without one. */
export function lockOpenShift(db: Executor, userId: number): Promise<CashShiftRow | undefined> {
  return db
    .updateTable('cashShifts')
    .set({ openedAt: sql`opened_at` })
    .where('userId', '=', userId)
    .where('closedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function insertShift(db: Executor, shift: { userId: number; openedAt: number; openingFloatCents: number }) {
  return db
    .insertInto('cashShifts')
    .values({
      ...shift,
      closedAt: null,
      cashSalesCents: null,
      cashPaymentsCents: null,
      cashRefundsCents: null,
      entradasCents: null,
      salidasCents: null,
      expectedCents: null,
      countedCents: null,
      differenceCents: null,
      countsJson: null,
      byMethodJson: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks the user's open shift closed; only one of several simultaneous closes gets the row. */
export function claimClose(db: Executor, userId: number, at: number): Promise<CashShiftRow | undefined> {
  return db
    .updateTable('cashShifts')
    .set({ closedAt: at })
    .where('userId', '=', userId)
    .where('closedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function writeClosedFigures(
  db: Executor,
  id: number,
  figures: Pick<
    CashShiftRow,
    | 'cashSalesCents'
    | 'cashPaymentsCents'
    | 'cashRefundsCents'
    | 'entradasCents'
    | 'salidasCents'
    | 'expectedCents'
    | 'countedCents'
    | 'differenceCents'
    | 'countsJson'
    | 'byMethodJson'
  >,
): Promise<CashShiftRow> {
  return db.updateTable('cashShifts').set(figures).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function insertMovement(db: Executor, movement: Omit<CashMovementRow, 'id'>): Promise<CashMovementRow> {
  return db.insertInto('cashMovements').values(movement).returningAll().executeTakeFirstOrThrow();
}

export function findMovementById(db: Executor, id: number): Promise<CashMovementRow | undefined> {
  return db.selectFrom('cashMovements').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMovements(db: Executor, shiftIds: readonly number[]): Promise<CashMovementRow[]> {
  if (shiftIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('cashMovements').selectAll().where('shiftId', 'in', shiftIds).orderBy('id').execute();
}

export interface PaymentSum {
  shiftId: number;
  method: PaymentMethod;
  reason: 'ADD' | 'REMOVE';
  paymentMode: 'Cash' | 'Credit';
  cents: number;
}

/** Σ enabled payments of the shifts, by method, reason and the receipt's payment mode. */
export async function sumPayments(db: Executor, shiftIds: readonly number[]): Promise<PaymentSum[]> {
  if (shiftIds.length === 0) return [];
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('receipts as r', 'r.id', 'p.receiptId')
    .select((eb) => [
      'p.shiftId as shiftId',
      'p.method as method',
      'p.reason as reason',
      'r.paymentMode as paymentMode',
      eb.fn.sum<number | string>('p.amountCents').as('cents'),
    ])
    .where('p.shiftId', 'in', shiftIds)
    .where('p.isEnabled', '=', 1)
    .groupBy(['p.shiftId', 'p.method', 'p.reason', 'r.paymentMode'])
    .execute();
  return rows.map((row) => ({ ...row, shiftId: Number(row.shiftId), cents: Number(row.cents) }));
}

/** Σ enabled Efectivo payments created in [start, end] outside any drawer, by reason and the receipt's mode. */
export async function sumOutsideShifts(db: Executor, start: number, end: number) {
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('receipts as r', 'r.id', 'p.receiptId')
    .select((eb) => [
      'p.reason as reason',
      'r.paymentMode as paymentMode',
      eb.fn.sum<number | string>('p.amountCents').as('cents'),
    ])
    .where('p.shiftId', 'is', null)
    .where('p.method', '=', 'Efectivo')
    .where('p.isEnabled', '=', 1)
    .where('p.createdAt', '>=', start)
    .where('p.createdAt', '<=', end)
    .groupBy(['p.reason', 'r.paymentMode'])
    .execute();
  return rows.map((row) => ({ ...row, cents: Number(row.cents) }));
}

export interface ShiftPageFilter {
  from?: number;
  to?: number;
  userId?: number;
  after?: { openedAt: number; id: number };
  limit: number;
}

/** Shifts newest first by opening, keyset-paged on (opened_at, id). */
export function findShiftsPage(db: Executor, filter: ShiftPageFilter) {
  let query = db
    .selectFrom('cashShifts as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .selectAll('s')
    .select('u.name as userName');
  if (filter.from !== undefined) query = query.where('s.openedAt', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('s.openedAt', '<=', filter.to);
  if (filter.userId !== undefined) query = query.where('s.userId', '=', filter.userId);
  const after = filter.after;
  if (after) {
    query = query.where(
      sql<boolean>`(${sql.ref('s.openedAt')}, ${sql.ref('s.id')}) < (${after.openedAt}, ${after.id})`,
    );
  }
  return query.orderBy('s.openedAt', 'desc').orderBy('s.id', 'desc').limit(filter.limit).execute();
}

export function findShiftWithUser(db: Executor, id: number) {
  return db
    .selectFrom('cashShifts as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .selectAll('s')
    .select('u.name as userName')
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export function userName(db: Executor, id: number) {
  return db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
}
