import {
  businessDayBounds,
  businessDayOf,
  type listReceiptsQuerySchema,
  type Receipt,
  RECEIPT_OUT_OF_SCOPE,
  RECEIPT_PAGE_LINES_MAX,
  RECEIPT_PAGE_SIZE_DEFAULT,
  type ReceiptScope,
  receiptScopeOf,
  type SellerReceiptsScope,
} from '@mostrador/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/connection.js';
import type { ReceiptRow } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import { toReceipts } from './receipts.mapping.js';
import * as q from './receipts.queries.js';
import { findReturnRelations } from './returns.queries.js';

export type ListReceiptsParams = z.output<typeof listReceiptsQuerySchema>;

export const receiptNotFound = (id: number) => notFound(`La remisión #${id} no existe.`);

/** Receipts in the API's shape, with their items, payments, client and seller. */
export async function hydrate(executor: Executor, rows: readonly ReceiptRow[]): Promise<Receipt[]> {
  if (rows.length === 0) return [];
  const [related, returns] = await Promise.all([
    q.findReceiptRelations(executor, rows),
    findReturnRelations(
      executor,
      rows.map((row) => row.id),
    ),
  ]);
  return toReceipts(rows, { ...related, ...returns });
}

export async function hydrateOne(executor: Executor, row: ReceiptRow): Promise<Receipt> {
  const [receipt] = await hydrate(executor, [row]);
  return receipt!;
}

// The list cursor: the last receipt's (date, id).
const encodeCursor = (key: q.ReceiptKey) => encodeKeyset(key.date, key.id);
function decodeCursor(cursor: string): q.ReceiptKey {
  const { sortValue, id } = decodeKeyset(cursor);
  return { date: sortValue, id };
}

/** Who reads: a signed-in user (their role decides what they see), or a trusted caller without a role, who sees all. */
export type ReceiptViewer = Pick<Actor, 'id' | 'role'>;

/**
 * What a viewer limited to 'own-and-today' reads: receipts they sold, and any dated today (the
 * Monterrey day of the clock's now).
 */
type Limited = q.OwnOrToday;

export interface ReceiptReaderDeps {
  db: Executor;
  clock: Clock;
  /** The shop's SELLER_RECEIPTS setting. */
  sellerReceipts: SellerReceiptsScope;
}

/** Reading receipts: one, a client's, and the list's keyset pages, each as far as the viewer may read. */
export function createReceiptReader({ db, clock, sellerReceipts }: ReceiptReaderDeps) {
  const scopeOf = (viewer: ReceiptViewer): ReceiptScope =>
    viewer.role === undefined ? 'all' : receiptScopeOf(viewer.role, sellerReceipts);

  function limitOf(viewer: ReceiptViewer): Limited | null {
    if (scopeOf(viewer) === 'all') return null;
    return { userId: viewer.id, today: businessDayBounds(businessDayOf(clock())) };
  }

  const readable = (row: ReceiptRow, limit: Limited | null) =>
    limit === null || row.userId === limit.userId || (row.date >= limit.today.start && row.date <= limit.today.end);

  /**
   * A limited viewer's streams out of one: the same filter held to their own receipts, and held
   * to today's dates (left out when the filter's dates miss today).
   */
  function limitedStreams(filter: q.ReceiptPageFilter, limit: Limited | null): q.ReceiptPageFilter[] {
    if (limit === null) return [filter];
    const from = Math.max(filter.from ?? limit.today.start, limit.today.start);
    const to = Math.min(filter.to ?? limit.today.end, limit.today.end);
    const own = { ...filter, userId: limit.userId };
    return from <= to ? [own, { ...filter, from, to }] : [own];
  }

  /**
   * The page out of newest-first candidates (up to limit + 1 of them): at most `limit` receipts
   * and RECEIPT_PAGE_LINES_MAX lines (the first receipt always), so the answer's size is bounded
   * however large the receipts are. nextCursor when any candidate is left out.
   */
  async function boundedPage(candidates: readonly ReceiptRow[], limit: number) {
    const head = candidates.slice(0, limit);
    const lines = await q.findLineCounts(
      db,
      head.map((row) => row.id),
    );
    let taken = 0;
    let lineCount = 0;
    for (const row of head) {
      const rowLines = lines.get(row.id) ?? 0;
      if (taken > 0 && lineCount + rowLines > RECEIPT_PAGE_LINES_MAX) break;
      lineCount += rowLines;
      taken += 1;
    }
    const page = head.slice(0, taken);
    const last = page.at(-1);
    const nextCursor = candidates.length > taken && last ? encodeCursor({ date: last.date, id: last.id }) : null;
    return { page, nextCursor };
  }

  return {
    /** One receipt as the database holds it now (404 when there is none; 403 when the viewer may not read it). */
    async details(id: number, viewer: ReceiptViewer): Promise<Receipt> {
      const row = await q.findReceiptRow(db, id);
      if (!row) throw receiptNotFound(id);
      if (!readable(row, limitOf(viewer))) throw forbidden(RECEIPT_OUT_OF_SCOPE);
      return hydrateOne(db, row);
    },

    /**
     * A page of a client's receipts the viewer reads, newest first, bounded like the list's pages;
     * and how many there are.
     */
    async ofClient(
      clientId: number,
      { limit, cursor }: { limit: number; cursor?: string },
      viewer: ReceiptViewer,
    ): Promise<{ receipts: Receipt[]; nextCursor: string | null; total: number }> {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      const only = limitOf(viewer) ?? undefined;
      const [rows, total] = await Promise.all([
        q.findReceiptRowsOfClient(db, clientId, { after, limit: limit + 1, only }),
        q.countReceiptsOfClient(db, clientId, only),
      ]);
      const { page, nextCursor } = await boundedPage(rows, limit);
      return { receipts: await hydrate(db, page), nextCursor, total };
    },

    async list(
      params: ListReceiptsParams,
      viewer: ReceiptViewer,
    ): Promise<{ data: Receipt[]; nextCursor: string | null; scope: ReceiptScope }> {
      const scope = scopeOf(viewer);
      const only = limitOf(viewer);
      if (params.number !== undefined) {
        // A receipt found by its number, whatever its date (if the viewer reads it).
        const row = await q.findReceiptRow(db, params.number);
        const found = row && readable(row, only) ? [await hydrateOne(db, row)] : [];
        return { data: found, nextCursor: null, scope };
      }
      const limit = params.pageSize ?? RECEIPT_PAGE_SIZE_DEFAULT;
      const after = params.cursor === undefined ? undefined : decodeCursor(params.cursor);
      const from = params.fromDate === undefined ? undefined : businessDayBounds(params.fromDate).start;
      const to = params.toDate === undefined ? undefined : businessDayBounds(params.toDate).end;

      // Index-friendly keyset queries merged here instead of one OR, so a day's list stays fast on
      // a million receipts: the date range on receipts(date, id), and Pending receipts of any date
      // on receipts(state, date, id). A viewer who reads their own and today's receipts gets each
      // held to their own and, apart, to today. Each brings at most limit + 1 rows.
      const filters: q.ReceiptPageFilter[] = [{ from, to, after, limit: limit + 1 }];
      if (params.includePending && (from !== undefined || to !== undefined)) {
        filters.push({ state: 'Pending', after, limit: limit + 1 });
      }
      const streams = filters.flatMap((filter) => limitedStreams(filter, only));
      const byId = new Map<number, ReceiptRow>();
      for (const rows of await Promise.all(streams.map((filter) => q.findReceiptRowsPage(db, filter)))) {
        for (const row of rows) byId.set(row.id, row);
      }
      const merged = [...byId.values()].sort((a, b) => b.date - a.date || b.id - a.id);

      const { page, nextCursor } = await boundedPage(merged, limit);
      return { data: await hydrate(db, page), nextCursor, scope };
    },
  };
}
