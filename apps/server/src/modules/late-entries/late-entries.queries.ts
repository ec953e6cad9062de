import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { LateEntriesTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A writer's side of the fence (no-op on SQLite: one write transaction at a time). */
export async function lockFenceForWrite(trx: Executor): Promise<void> {
  if (isPostgres(trx)) await sql`lock table cut_fence in row exclusive mode`.execute(trx);
}

/** The cut's side of the fence. */
export async function lockFenceForCut(trx: Executor): Promise<void> {
  if (isPostgres(trx)) await sql`lock table cut_fence in share mode`.execute(trx);
}

export async function dayHasCut(db: Executor, day: string): Promise<boolean> {
  const cut = await db.selectFrom('cashCountReports').select('id').where('date', '=', day).limit(1).executeTakeFirst();
  return cut !== undefined;
}

export async function insertLateEntry(db: Executor, row: Insertable<LateEntriesTable>): Promise<void> {
  await db.insertInto('lateEntries').values(row).execute();
}

export function findUnreportedRows(db: Executor, day: string) {
  return db
    .selectFrom('lateEntries as l')
    .innerJoin('receipts as r', 'r.id', 'l.receiptId')
    .leftJoin('clients as c', 'c.id', 'r.clientId')
    .leftJoin('users as u', 'u.id', 'l.userId')
    .select([
      'l.id',
      'l.kind',
      'l.receiptId',
      'l.amountCents',
      'l.createdAt',
      'r.date',
      'r.paymentMode',
      'c.firstName',
      'c.lastName',
      'u.name as userName',
    ])
    .where('l.day', '=', day)
    .where('l.reportedInCutId', 'is', null)
    .orderBy('l.id')
    .execute();
}

export async function setReportedIn(db: Executor, ids: readonly number[], cutId: number): Promise<void> {
  await db.updateTable('lateEntries').set({ reportedInCutId: cutId }).where('id', 'in', ids).execute();
}
