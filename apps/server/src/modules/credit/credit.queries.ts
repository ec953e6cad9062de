import type { PaymentMethod } from '@mostrador/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { newPaymentRow } from '../../db/rows.js';

/** A client's credit terms (and name and phone for statements). */
export function findClientTerms(db: Executor, id: number) {
  return db
    .selectFrom('clients')
    .select(['id', 'firstName', 'lastName', 'phone', 'creditLimitCents', 'creditDays', 'isEnabled'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Takes the client's row lock for the rest of the transaction without changing it: a row lock on
 * PostgreSQL (a second credit sale or abono of the same client waits here until the first
 * commits, then reads what it wrote); on SQLite the write lock, which the shared runner already
 * holds for one transaction at a time. Undefined when there is no such client.
 */
export function lockClientTerms(db: Executor, id: number) {
  return db
    .updateTable('clients')
    .set((eb) => ({ creditDays: eb.ref('creditDays') }))
    .where('id', '=', id)
    .returning(['id', 'firstName', 'lastName', 'phone', 'creditLimitCents', 'creditDays', 'isEnabled'])
    .executeTakeFirst();
}

/** Locks the client's Pending credit receipts (ascending id), so no other payment lands on them meanwhile. */
export async function lockOpenReceipts(db: Executor, clientId: number, now: number): Promise<void> {
  await db
    .updateTable('receipts')
    .set({ updatedAt: now })
    .where('clientId', '=', clientId)
    .where('state', '=', 'Pending')
    .where('paymentMode', '=', 'Credit')
    .execute();
}

const netPaid = sql<string | number>`coalesce(sum(case when p.is_enabled = 1 and p.reason = 'ADD' then p.amount_cents
  when p.is_enabled = 1 and p.reason = 'REMOVE' then -p.amount_cents else 0 end), 0)`;

/** Pending credit receipts with what is still owed on each; of some clients, or of every client. */
export async function findOpenReceipts(db: Executor, clientIds?: readonly number[]) {
  if (clientIds && clientIds.length === 0) return [];
  let query = db
    .selectFrom('receipts as r')
    .leftJoin('payments as p', 'p.receiptId', 'r.id')
    .select(['r.id', 'r.clientId', 'r.date', 'r.totalCents', 'r.returnedCents', netPaid.as('paidCents')])
    .where('r.state', '=', 'Pending')
    .where('r.paymentMode', '=', 'Credit')
    .where('r.clientId', 'is not', null);
  if (clientIds) query = query.where('r.clientId', 'in', clientIds);
  const rows = await query.groupBy(['r.id', 'r.clientId', 'r.date', 'r.totalCents', 'r.returnedCents']).execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.clientId!,
    date: Number(row.date),
    // Returns (devoluciones) lower what is owed first.
    balanceCents: row.totalCents - row.returnedCents - Number(row.paidCents),
  }));
}

/** Every enabled client's terms and name (the receivables list them by who owes). */
export function findClientsTerms(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('clients')
    .select(['id', 'firstName', 'lastName', 'phone', 'creditLimitCents', 'creditDays'])
    .where('id', 'in', ids)
    .execute();
}

/** Every credit receipt of a client and every payment on them: the account's history. */
/** The client's complementos de pago issued within [start, end] (not refused), with the amount each states. */
export function findPaymentComplements(db: Executor, clientId: number, start: number, end: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('paymentComplementDocuments as d', 'd.invoiceId', 'i.id')
    .select((eb) => [
      'i.id',
      'i.series',
      'i.folio',
      'i.uuid',
      'i.issuedAt',
      'i.status',
      eb.fn.sum<number>('d.paidCents').as('paidCents'),
    ])
    .where('i.kind', '=', 'payment')
    .where('i.clientId', '=', clientId)
    .where('i.status', '!=', 'refused')
    .where('i.issuedAt', '>=', start)
    .where('i.issuedAt', '<=', end)
    .groupBy(['i.id', 'i.series', 'i.folio', 'i.uuid', 'i.issuedAt', 'i.status'])
    .orderBy('i.id')
    .execute();
}

export async function findAccountHistory(db: Executor, clientId: number) {
  const receipts = await db
    .selectFrom('receipts')
    .select(['id', 'date', 'totalCents', 'returnedCents', 'state', 'updatedAt'])
    .where('clientId', '=', clientId)
    .where('paymentMode', '=', 'Credit')
    .execute();
  const returns = receipts.some((r) => r.returnedCents > 0)
    ? await db
        .selectFrom('receiptReturns')
        .select(['id', 'receiptId', 'amountCents', 'reason', 'createdAt'])
        .where(
          'receiptId',
          'in',
          receipts.filter((r) => r.returnedCents > 0).map((r) => r.id),
        )
        .execute()
    : [];
  const payments = receipts.length
    ? await db
        .selectFrom('payments')
        .select(['id', 'receiptId', 'amountCents', 'reason', 'isEnabled', 'note', 'method', 'createdAt', 'cancelledAt'])
        .where(
          'receiptId',
          'in',
          receipts.map((r) => r.id),
        )
        .execute()
    : [];
  return { receipts, payments, returns };
}

export function insertPayment(
  db: Executor,
  payment: {
    receiptId: number;
    amountCents: number;
    note: string;
    userId: number;
    createdAt: number;
    method: PaymentMethod;
    shiftId: number | null;
  },
) {
  return db
    .insertInto('payments')
    .values(newPaymentRow({ ...payment, reason: 'ADD' }))
    .returning(['id', 'receiptId', 'amountCents'])
    .executeTakeFirstOrThrow();
}

export async function markPaid(db: Executor, receiptIds: readonly number[], now: number): Promise<void> {
  if (receiptIds.length === 0) return;
  await db.updateTable('receipts').set({ state: 'Paid', updatedAt: now }).where('id', 'in', receiptIds).execute();
}

/** A new shared statement link's row. */
export function insertStatementLink(
  db: Executor,
  link: { clientId: number; fromDay: string; toDay: string; createdAt: number; createdBy: number; expiresAt: number },
) {
  return db
    .insertInto('statementLinks')
    .values(link)
    .returning(['id', 'clientId', 'fromDay', 'toDay', 'expiresAt'])
    .executeTakeFirstOrThrow();
}

/** A link's row with whether its client is still enabled; undefined when there is no such link. */
export function findStatementLink(db: Executor, id: number) {
  return db
    .selectFrom('statementLinks as l')
    .innerJoin('clients as c', 'c.id', 'l.clientId')
    .select([
      'l.id',
      'l.clientId',
      'l.fromDay',
      'l.toDay',
      'l.expiresAt',
      'l.revokedAt',
      'c.isEnabled as clientEnabled',
    ])
    .where('l.id', '=', id)
    .executeTakeFirst();
}

const linkInfoColumns = [
  'l.id',
  'l.clientId',
  'l.fromDay',
  'l.toDay',
  'l.createdAt',
  'l.expiresAt',
  'l.revokedAt',
  'creator.name as createdBy',
  'revoker.name as revokedBy',
] as const;

/** A client's links that expire after `now`, newest first, with who made and who revoked each. */
export function findLiveStatementLinks(db: Executor, clientId: number, now: number) {
  return db
    .selectFrom('statementLinks as l')
    .leftJoin('users as creator', 'creator.id', 'l.createdBy')
    .leftJoin('users as revoker', 'revoker.id', 'l.revokedBy')
    .select(linkInfoColumns)
    .where('l.clientId', '=', clientId)
    .where('l.expiresAt', '>', now)
    .orderBy('l.id', 'desc')
    .execute();
}

/** One link as the list shows it. */
export function findStatementLinkInfo(db: Executor, id: number) {
  return db
    .selectFrom('statementLinks as l')
    .leftJoin('users as creator', 'creator.id', 'l.createdBy')
    .leftJoin('users as revoker', 'revoker.id', 'l.revokedBy')
    .select(linkInfoColumns)
    .where('l.id', '=', id)
    .executeTakeFirst();
}

/** Revokes a link not revoked yet; false when it was already revoked (or does not exist). */
export async function revokeStatementLink(db: Executor, id: number, at: number, by: number): Promise<boolean> {
  const result = await db
    .updateTable('statementLinks')
    .set({ revokedAt: at, revokedBy: by })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Payments by id with their receipt's client and who took them: the lines of an abono's ticket. */
export function findAbonoPayments(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom('payments as p')
    .innerJoin('receipts as r', 'r.id', 'p.receiptId')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select([
      'p.id',
      'p.receiptId',
      'p.amountCents',
      'p.method',
      'p.createdAt',
      'p.reason',
      'p.isEnabled',
      'p.userId',
      'u.name as userName',
      'r.clientId',
    ])
    .where('p.id', 'in', ids)
    .orderBy('p.id')
    .execute();
}
