import { MILLI_PER_UNIT } from '@mostrador/shared';
import { type Kysely, sql } from 'kysely';
import { PREPARE_MARK } from '../../db/prepared-statements.js';
import type { DB } from '../../db/schema.js';
import type { AppError } from '../../lib/errors.js';
import { stockRefusal } from '../inventory/stock.js';
import type { lateEntryRow } from '../reports/late-entries.js';
import { IdempotencyKeyTaken, type StoredAnswer } from './idempotency.js';
import type { ClientForSale, ProductForSale } from './receipts.queries.js';
import { columnsOf, type LogCommon, type NewPaymentRow, type NewReceiptRow } from './receipts.rows.js';
import type { ReceiptItemRow } from '../../db/schema.js';

// A sale on PostgreSQL in two round trips (docs/decisions.md, "A sale in two round trips"):
// 1. one SELECT: the products and client the rules need, a stored Idempotency-Key answer and the
//    new rows' ids (nextval), so Node prices the sale and builds the whole answer;
// 2. one call of mostrador_sell (migration 2026-11-24d-pg-sale): every write and every check
//    that must hold at commit (key claim, credit limit, stock), atomic on its own.
// An id taken in step 1 by a sale refused later is a gap in the numbering, as a failed INSERT
// already leaves one on PostgreSQL.

const PREPARED = sql.raw(PREPARE_MARK);

export interface SaleRead {
  products: ProductForSale[];
  client: ClientForSale | null;
  stored: StoredAnswer | null;
  receiptId: number;
  itemIds: number[];
  paymentId: number | null;
}

export async function readForSale(
  db: Kysely<DB>,
  ask: {
    productIds: number[];
    clientId: number | null;
    key: { userId: number; key: string; liveAfter: number } | null;
    lines: number;
    cash: boolean;
  },
): Promise<SaleRead> {
  const { rows } = await sql<SaleRead>`${PREPARED} select
    (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'units', units,
        'sellsByWeight', sells_by_weight, 'priceCents', price_cents, 'wholesalePriceCents', wholesale_price_cents,
        'wholesaleMinMilli', wholesale_min_milli)), '[]'::json)
      from products where id = any(${ask.productIds}::integer[])) as products,
    (select json_build_object('id', id, 'firstName', first_name, 'lastName', last_name, 'isEnabled', is_enabled)
      from clients where id = ${ask.clientId}::integer) as client,
    (select json_build_object('operation', operation, 'requestHash', request_hash, 'statusCode', status_code,
        'responseBody', response_body, 'createdAt', created_at)
      from idempotency_keys
      where user_id = ${ask.key?.userId ?? null}::integer and key = ${ask.key?.key ?? null}::text
        and created_at > ${ask.key?.liveAfter ?? null}::bigint) as stored,
    nextval('receipts_id_seq')::integer as receipt_id,
    array(select nextval('receipt_items_id_seq')::integer from generate_series(1, ${ask.lines}::integer)) as item_ids,
    case when ${ask.cash}::boolean then nextval('payments_id_seq')::integer end as payment_id`.execute(db);
  return rows[0]!;
}

export interface SaleWrite {
  /** Claimed with the answer already in it; taken over only when expired at `expiredAt`. */
  key: {
    userId: number;
    key: string;
    operation: string;
    requestHash: string;
    statusCode: number;
    responseBody: string;
    createdAt: number;
    expiredAt: number;
  } | null;
  /** Credit sale of a client: held to the limit unless `authorizedBy` (an Admin or Manager) is set. */
  credit: { clientId: number; saleCents: number; authorizedBy: number | null } | null;
  receipt: NewReceiptRow & { id: number };
  items: ReceiptItemRow[];
  payment: (NewPaymentRow & { id: number }) | null;
  /** One change per product, ascending product id (no deadlocks). */
  stock: Array<{ productId: number; deltaMilli: number }>;
  log: LogCommon;
  /** Late entries (reports/late-entries.ts), written only when their day already has a cut. */
  late: Array<ReturnType<typeof lateEntryRow>>;
  at: number;
}

/** Why mostrador_sell refused, in the same errors the SQLite path throws. */
export interface SaleRefusals {
  overLimit(limitCents: number, balanceCents: number): AppError;
}

export async function writeSale(db: Kysely<DB>, sale: SaleWrite, refusals: SaleRefusals): Promise<void> {
  const payload = {
    key: sale.key && { ...columnsOf(sale.key), expired_at: sale.key.expiredAt },
    credit: sale.credit && columnsOf(sale.credit),
    receipt: columnsOf(sale.receipt),
    items: sale.items.map(columnsOf),
    payment: sale.payment && columnsOf(sale.payment),
    stock: sale.stock.map(columnsOf),
    log: columnsOf(sale.log),
    late: sale.late.map(columnsOf),
    at: sale.at,
    milli_per_unit: MILLI_PER_UNIT,
  };
  try {
    await sql`${PREPARED} select mostrador_sell(${JSON.stringify(payload)}::jsonb)`.execute(db);
  } catch (error) {
    throw refusalOf(error, refusals) ?? error;
  }
}

function refusalOf(error: unknown, refusals: SaleRefusals): Error | undefined {
  const { message, detail } = (error ?? {}) as { message?: unknown; detail?: unknown };
  if (message === 'mostrador:key-taken') return new IdempotencyKeyTaken();
  if (typeof detail !== 'string') return undefined;
  if (message === 'mostrador:over-limit') {
    const { limitCents, balanceCents } = JSON.parse(detail) as { limitCents: number; balanceCents: number };
    return refusals.overLimit(limitCents, balanceCents);
  }
  if (message === 'mostrador:stock') {
    const refused = JSON.parse(detail) as {
      productId: number;
      deltaMilli: number;
      product: { name: string; stockMilli: number; sellsByWeight: number } | null;
    };
    return stockRefusal(refused.product ?? undefined, refused);
  }
  return undefined;
}
