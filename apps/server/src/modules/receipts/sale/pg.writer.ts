import type { Receipt } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { Actor } from '../../../lib/actor.js';
import { type Attempt, findStoredAnswer, IDEMPOTENCY_TTL_MS, IdempotencyKeyTaken } from '../../idempotency/index.js';
import { stockRefusal } from '../../inventory/index.js';
import { lateEntryRow, saleLateEntries } from '../../late-entries/index.js';
import { sessionCheckOf } from '../../sessions/sessions.service.js';
import { toReceipt } from '../receipts.mapping.js';
import { createBatcher, type Queued } from './pg.batcher.js';
import {
  readForSales,
  type SaleAsk,
  type SaleFailure,
  type SaleRead,
  type SaleWrite,
  writeSales,
} from './pg-sale.queries.js';
import {
  admittedSeller,
  cashPaymentOf,
  isCreditSale,
  overLimitAuthorizer,
  overLimitRefusal,
  priceSale,
  receiptRowOf,
  saleAuthorizations,
  saleDate,
  saleLogOf,
  saleProductIds,
  stockChanges,
} from './sale.rules.js';
import type { SaleOrder, SaleWriter } from './sale.writer.js';

// Sales on PostgreSQL, in batches (pg.batcher.ts): the sales waiting together share one read
// (readForSales), are priced and built here in Node with the same rules as on SQLite, and are
// written by one call of mostrador_sell_batch (db/sql/), which holds at commit what only the
// database can hold (the key claim, the credit limit, the stock) and refuses a sale with
// 'mostrador:<reason>' and its figures; the Spanish message is built here from the same rules.

interface Job extends Queued {
  order: SaleOrder;
  ask: SaleAsk;
  resolve: (attempt: Attempt<Receipt>) => void;
}

/** A sale built and ready to write, with its seller as their session stood. */
interface Built {
  job: Job;
  receipt: Receipt;
  write: SaleWrite;
  seller: Actor;
}

/** A batch refused as a whole by one of these (nothing written) is retried one sale at a time. */
const RETRY_ALONE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure

function askOf({ body, seller, claim }: SaleOrder): SaleAsk {
  return {
    productIds: saleProductIds(body),
    clientId: body.clientId ?? null,
    sessionId: 'requirement' in seller ? seller.sessionId : null,
    key: claim ? { userId: claim.userId, key: claim.key, liveAfter: claim.now - IDEMPOTENCY_TTL_MS } : null,
    lines: body.items.length,
    cash: body.paymentMode === 'Cash',
  };
}

/** The rows (and key) a sale's write locks until its batch commits. */
function lockNames(ask: SaleAsk): string[] {
  const names = ask.productIds.map((id) => `p${id}`);
  if (ask.clientId !== null) names.push(`c${ask.clientId}`);
  if (ask.key) names.push(`k${ask.key.userId}:${ask.key.key}`);
  return names;
}

/**
 * One sale out of its read: the session first (a replay, too, is answered only to a session
 * that still holds), then the stored answer of its key, else its answer and the rows to write.
 */
function build(
  order: SaleOrder,
  read: SaleRead,
): { stored: NonNullable<SaleRead['stored']> } | { receipt: Receipt; write: SaleWrite; seller: Actor } {
  const { body, at, claim, supervisor, openPriceFloor } = order;
  const seller =
    'requirement' in order.seller
      ? admittedSeller(sessionCheckOf(read.session ?? undefined, order.seller.sessionId), order.seller)
      : order.seller;
  if (read.stored) return { stored: read.stored };
  const date = saleDate(body, seller, at);
  const client = read.client ?? undefined;
  const { items, totalCents, belowPriceAuthorized } = priceSale(
    body,
    new Map(read.products.map((p) => [p.id, p])),
    client,
    seller,
    supervisor,
    openPriceFloor,
  );
  const overLimitBy = isCreditSale(body, client) ? overLimitAuthorizer(body, seller, supervisor) : null;
  // The database sets who authorised an over-limit sale (it alone knows the balance at commit);
  // neither it nor the payment's cash shift is part of the answer.
  const receiptRow = {
    id: read.receiptId,
    ...receiptRowOf(body, { seller, date, totalCents, at, overLimitAuthorizedBy: null }),
  };
  const itemRows = items.map((item, i) => ({ ...item, id: read.itemIds[i]!, receiptId: receiptRow.id }));
  const payment =
    read.paymentId === null
      ? null
      : {
          id: read.paymentId,
          ...cashPaymentOf(body, { receiptId: receiptRow.id, totalCents, seller, at, shiftId: null }),
        };
  const receipt = toReceipt(receiptRow, itemRows, payment ? [payment] : [], client, seller.name);
  const write: SaleWrite = {
    key: claim
      ? {
          userId: claim.userId,
          key: claim.key,
          operation: claim.operation,
          requestHash: claim.requestHash,
          statusCode: claim.statusCode,
          responseBody: JSON.stringify(receipt),
          createdAt: claim.now,
        }
      : null,
    credit: isCreditSale(body, client)
      ? { clientId: client!.id, saleCents: totalCents, authorizedBy: overLimitBy }
      : null,
    // The OVER_LIMIT one is written only when the database finds the sale over the limit.
    authorizations: saleAuthorizations({
      receiptId: receiptRow.id,
      seller,
      at,
      overLimitBy,
      belowPriceBy: belowPriceAuthorized ? supervisor!.id : null,
    }),
    receipt: receiptRow,
    items: itemRows,
    payment,
    stock: stockChanges(items, -1),
    log: saleLogOf(receiptRow.id, seller, at),
    late: saleLateEntries(receipt, seller, at).map(lateEntryRow),
    at,
  };
  return { receipt, write, seller };
}

/** The error a refused sale gets: the same as on SQLite. Another database error keeps its SQLSTATE in `code`. */
function refusalOf(failure: SaleFailure, order: SaleOrder, seller: Actor): Error {
  const detail = failure.detail === null ? null : (JSON.parse(failure.detail) as Record<string, unknown>);
  if (failure.message === 'mostrador:key-taken') return new IdempotencyKeyTaken();
  if (failure.message === 'mostrador:over-limit' && detail) {
    return overLimitRefusal(order.body, seller, detail.limitCents as number, detail.balanceCents as number);
  }
  if (failure.message === 'mostrador:stock' && detail) {
    const refused = detail as unknown as Parameters<typeof stockRefusal>[1] & {
      product: Parameters<typeof stockRefusal>[0] | null;
    };
    return stockRefusal(refused.product ?? undefined, refused);
  }
  return Object.assign(new Error(failure.message), { code: failure.code, detail: failure.detail ?? undefined });
}

export function createPgSaleWriter({ db }: { db: Kysely<DB> }): SaleWriter {
  async function write(sales: readonly Built[]): Promise<void> {
    let outcomes: Array<SaleFailure | null>;
    try {
      outcomes = await writeSales(
        db,
        sales.map((sale) => sale.write),
        IDEMPOTENCY_TTL_MS,
      );
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (sales.length > 1 && typeof code === 'string' && RETRY_ALONE.has(code)) {
        // Two batches crossed (two keys claimed in opposite orders): the database rolled this
        // one back whole. Each sale alone holds one key at most, so it cannot cross again.
        for (const sale of sales) await write([sale]);
        return;
      }
      for (const { job } of sales) job.reject(error);
      return;
    }
    sales.forEach(({ job, receipt, seller }, i) => {
      const failure = outcomes[i];
      if (failure) job.reject(refusalOf(failure, job.order, seller));
      else job.resolve({ value: receipt });
    });
  }

  async function run(batch: Job[]): Promise<void> {
    const reads = await readForSales(
      db,
      batch.map((job) => job.ask),
    );
    const writes: Built[] = [];
    batch.forEach((job, i) => {
      try {
        const built = build(job.order, reads[i]!);
        // A stored answer of its key: nothing to write, the answer is already committed.
        if ('stored' in built) job.resolve({ stored: built.stored });
        else writes.push({ job, ...built });
      } catch (error) {
        // A rule checked in Node (session, price, quantity, client, date): this sale writes nothing.
        job.reject(error);
      }
    });
    if (writes.length > 0) await write(writes);
  }

  const batcher = createBatcher<Job>(run);

  return {
    sell(order) {
      return new Promise((resolve, reject) => {
        const ask = askOf(order);
        batcher.add({ order, ask, locks: lockNames(ask), queuedAt: performance.now(), resolve, reject });
      });
    },
    storedAnswer: (claim) => findStoredAnswer(db, claim),
  };
}
