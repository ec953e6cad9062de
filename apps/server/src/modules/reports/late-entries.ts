import {
  businessDayOf,
  centsToPesos,
  clientFullName,
  type CutLateEntry,
  type LateEntryKind,
  toIso,
} from '@mostrador/shared';
import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../db/connection.js';

// Entries recorded into a day that already has a cut (a sale dated into it, a cancellation, a
// payment): the day's next cut lists them in its `late` section and marks them, so each is shown
// once. The receipts module writes them inside its own transaction; the cut reads and marks them
// inside the snapshot it is computed from.

export interface LateEntryInput {
  /** The instant whose Monterrey day is affected (the sale's date, the payment's creation). */
  dayOf: number;
  kind: LateEntryKind;
  receiptId: number;
  paymentId?: number;
  amountCents: number;
  userId: number;
  at: number;
}

/** The late_entries row of an entry (without its id). */
export function lateEntryRow(entry: LateEntryInput) {
  return {
    day: businessDayOf(entry.dayOf),
    kind: entry.kind,
    receiptId: entry.receiptId,
    paymentId: entry.paymentId ?? null,
    amountCents: entry.amountCents,
    userId: entry.userId,
    createdAt: entry.at,
    reportedInCutId: null,
  };
}

// PostgreSQL: a writer decides to record a late entry by looking for the day's cut in READ
// COMMITTED, while the cut reads from a snapshot; a write committing as the cut takes it would
// be in neither. Both lock the cut_fence table (migration 2026-11-25c-cut-fence) before anything
// else: the cut waits for the writers in flight, later writers wait for the cut and then see it.
// SQLite needs none: one write transaction at a time, the cut's included.
const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** First in a transaction that may write a late entry; writers do not wait on each other. */
export async function fenceAgainstCut(trx: Executor): Promise<void> {
  if (isPostgres(trx)) await sql`lock table cut_fence in row exclusive mode`.execute(trx);
}

/**
 * First in the cut's snapshot transaction: LOCK TABLE does not take the snapshot (its first query
 * does), so the snapshot holds every write whose transaction held the fence.
 */
export async function waitForWritesInFlight(trx: Executor): Promise<void> {
  if (isPostgres(trx)) await sql`lock table cut_fence in share mode`.execute(trx);
}

/** Records the entry when its day already has a cut; nothing otherwise. */
export async function noteIfDayWasCut(db: Executor, entry: LateEntryInput): Promise<void> {
  const row = lateEntryRow(entry);
  const cut = await db
    .selectFrom('cashCountReports')
    .select('id')
    .where('date', '=', row.day)
    .limit(1)
    .executeTakeFirst();
  if (!cut) return;
  await db.insertInto('lateEntries').values(row).execute();
}

/** The day's entries no cut has listed yet, in the order they were recorded. */
export async function findUnreported(db: Executor, day: string): Promise<{ ids: number[]; entries: CutLateEntry[] }> {
  const rows = await db
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
  return {
    ids: rows.map((row) => row.id),
    entries: rows.map((row) => ({
      kind: row.kind,
      receiptId: row.receiptId,
      client: clientFullName(row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName }),
      date: toIso(row.date),
      paymentMode: row.paymentMode,
      amount: centsToPesos(row.amountCents),
      user: row.userName,
      recordedAt: toIso(row.createdAt),
    })),
  };
}

/** Marks the entries as listed by that cut. */
export async function markReported(db: Executor, ids: readonly number[], cutId: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('lateEntries').set({ reportedInCutId: cutId }).where('id', 'in', ids).execute();
}
