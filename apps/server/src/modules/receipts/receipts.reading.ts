import {
  businessDayBounds,
  type listReceiptsQuerySchema,
  type Receipt,
  RECEIPT_PAGE_LINES_MAX,
  RECEIPT_PAGE_SIZE_DEFAULT,
} from '@mostrador/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/connection.js';
import type { ReceiptRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import { toReceipts } from './receipts.mapping.js';
import * as q from './receipts.queries.js';

export type ListReceiptsParams = z.output<typeof listReceiptsQuerySchema>;

export const receiptNotFound = (id: number) => notFound(`La remisión #${id} no existe.`);

/** Receipts in the API's shape, with their items, payments, client and seller. */
export async function hydrate(executor: Executor, rows: readonly ReceiptRow[]): Promise<Receipt[]> {
  return rows.length === 0 ? [] : toReceipts(rows, await q.findReceiptRelations(executor, rows));
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

/** Reading receipts: one, a client's, and the list's keyset pages. */
export function createReceiptReader({ db }: { db: Executor }) {
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
    /** One receipt as the database holds it now (404 when there is none). */
    async details(id: number): Promise<Receipt> {
      const row = await q.findReceiptRow(db, id);
      if (!row) throw receiptNotFound(id);
      return hydrateOne(db, row);
    },

    /** A page of a client's receipts, newest first, bounded like the list's pages; and how many there are. */
    async ofClient(
      clientId: number,
      { limit, cursor }: { limit: number; cursor?: string },
    ): Promise<{ receipts: Receipt[]; nextCursor: string | null; total: number }> {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      const [rows, total] = await Promise.all([
        q.findReceiptRowsOfClient(db, clientId, { after, limit: limit + 1 }),
        q.countReceiptsOfClient(db, clientId),
      ]);
      const { page, nextCursor } = await boundedPage(rows, limit);
      return { receipts: await hydrate(db, page), nextCursor, total };
    },

    async list(params: ListReceiptsParams): Promise<{ data: Receipt[]; nextCursor: string | null }> {
      if (params.number !== undefined) {
        // A receipt found by its number, whatever its date.
        const row = await q.findReceiptRow(db, params.number);
        return { data: row ? [await hydrateOne(db, row)] : [], nextCursor: null };
      }
      const limit = params.pageSize ?? RECEIPT_PAGE_SIZE_DEFAULT;
      const after = params.cursor === undefined ? undefined : decodeCursor(params.cursor);
      const from = params.fromDate === undefined ? undefined : businessDayBounds(params.fromDate).start;
      const to = params.toDate === undefined ? undefined : businessDayBounds(params.toDate).end;

      // Two index-friendly keyset queries merged here instead of one OR, so a day's list stays
      // fast on a million receipts: the date range on receipts(date, id), and Pending receipts of
      // any date on receipts(state, date, id). Each brings at most limit + 1 rows.
      const streams = [q.findReceiptRowsPage(db, { from, to, after, limit: limit + 1 })];
      if (params.includePending && (from !== undefined || to !== undefined)) {
        streams.push(q.findReceiptRowsPage(db, { state: 'Pending', after, limit: limit + 1 }));
      }
      const byId = new Map<number, ReceiptRow>();
      for (const rows of await Promise.all(streams)) for (const row of rows) byId.set(row.id, row);
      const merged = [...byId.values()].sort((a, b) => b.date - a.date || b.id - a.id);

      const { page, nextCursor } = await boundedPage(merged, limit);
      return { data: await hydrate(db, page), nextCursor };
    },
  };
}
