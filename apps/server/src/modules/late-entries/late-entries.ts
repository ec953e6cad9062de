import {
  businessDayOf,
  centsToPesos,
  clientFullName,
  type CutLateEntry,
  type LateEntryKind,
  toIso,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import * as q from './late-entries.queries.js';

// Entries recorded into a day that already has a cut (a sale dated into it, a cancellation, a
// payment): the day's next cut lists them in its `late` section and marks them, so each is shown
// once. The receipts and credit modules write them inside their own transactions (late-flags.ts);
// the cut reads and marks them inside the snapshot it is computed from.

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

/** First in a transaction that may write a late entry; writers do not wait on each other. */
export const fenceAgainstCut = (trx: Executor): Promise<void> => q.lockFenceForWrite(trx);

/**
 * First in the cut's snapshot transaction: LOCK TABLE does not take the snapshot (its first query
 * does), so the snapshot holds every write whose transaction held the fence.
 */
export const waitForWritesInFlight = (trx: Executor): Promise<void> => q.lockFenceForCut(trx);

/** Records the entry when its day already has a cut; nothing otherwise. */
export async function noteIfDayWasCut(db: Executor, entry: LateEntryInput): Promise<void> {
  const row = lateEntryRow(entry);
  if (await q.dayHasCut(db, row.day)) await q.insertLateEntry(db, row);
}

/** The day's entries no cut has listed yet, in the order they were recorded. */
export async function findUnreported(db: Executor, day: string): Promise<{ ids: number[]; entries: CutLateEntry[] }> {
  const rows = await q.findUnreportedRows(db, day);
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
  if (ids.length > 0) await q.setReportedIn(db, ids, cutId);
}
