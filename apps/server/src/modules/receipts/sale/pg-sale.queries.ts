import { MILLI_PER_UNIT } from '@mostrador/shared';
import { type Kysely, sql } from 'kysely';
import { PREPARE_MARK } from '../../../db/prepared-statements.js';
import { columnsOf, type LogCommon, type NewPaymentRow, type NewReceiptRow } from '../../../db/rows.js';
import type { DB, IdempotencyKeysTable, ReceiptItemRow } from '../../../db/schema.js';
import type { StoredAnswer } from '../../idempotency/index.js';
import type { lateEntryRow } from '../../late-entries/index.js';
import type { SessionUserRow } from '../../sessions/sessions.service.js';
import type { AuthorizationRecord } from '../../supervisors/index.js';
import type { ClientForSale, ProductForSale } from '../receipts.queries.js';

// The two statements of a batch of sales on PostgreSQL (pg.writer.ts):
// 1. readForSales, one SELECT: the products and clients the rules need, the sellers' sessions,
//    stored Idempotency-Key answers and the new rows' ids (nextval), so Node prices each sale and
//    builds its whole answer;
// 2. writeSales, one call of mostrador_sell_batch (db/sql/mostrador_sell_batch.sql): every write
//    and every check that must hold at commit (key claim, credit limit, stock) for the whole
//    batch, one COMMIT.
// An id taken in step 1 by a sale refused later is a gap in the numbering, as a failed INSERT
// already leaves one on PostgreSQL.

const PREPARED = sql.raw(PREPARE_MARK);

/** What one sale needs read before Node can price it. */
export interface SaleAsk {
  productIds: number[];
  clientId: number | null;
  /** The seller's session, when the sale checks it itself (SessionToCheck); null when already checked. */
  sessionId: string | null;
  key: { userId: number; key: string; liveAfter: number } | null;
  lines: number;
  cash: boolean;
}

export interface SaleRead {
  products: ProductForSale[];
  client: ClientForSale | null;
  /** The asked session and its user as stored now; null when not asked or not found. */
  session: SessionUserRow | null;
  stored: StoredAnswer | null;
  receiptId: number;
  itemIds: number[];
  paymentId: number | null;
}

/** The reads of several sales in one SELECT, one SaleRead per ask, in order. */
export async function readForSales(db: Kysely<DB>, asks: readonly SaleAsk[]): Promise<SaleRead[]> {
  const productIds = [...new Set(asks.flatMap((ask) => ask.productIds))];
  const clientIds = [...new Set(asks.flatMap((ask) => (ask.clientId === null ? [] : [ask.clientId])))];
  const sessionIds = [...new Set(asks.flatMap((ask) => (ask.sessionId === null ? [] : [ask.sessionId])))];
  const keyed = asks.flatMap((ask, i) => (ask.key ? [{ i, ...ask.key }] : []));
  const lines = asks.reduce((sum, ask) => sum + ask.lines, 0);
  const cash = asks.filter((ask) => ask.cash).length;
  const { rows } = await sql<{
    products: ProductForSale[];
    clients: ClientForSale[];
    sessions: Array<SessionUserRow & { sessionId: string }>;
    stored: Array<StoredAnswer & { i: number }>;
    receiptIds: number[];
    itemIds: number[];
    paymentIds: number[];
  }>`${PREPARED} select
    (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'units', units,
        'sellsByWeight', sells_by_weight, 'priceCents', price_cents, 'wholesalePriceCents', wholesale_price_cents,
        'wholesaleMinMilli', wholesale_min_milli, 'ivaRate', iva_rate, 'iepsRatePpm', ieps_rate_ppm,
        'iepsQuotaMicros', ieps_quota_micros, 'satProductCode', sat_product_code, 'satUnitCode', sat_unit_code,
        'averageCostMicros', average_cost_micros)), '[]'::json)
      from products where id = any(${productIds}::integer[])) as products,
    (select coalesce(json_agg(json_build_object('id', id, 'firstName', first_name, 'lastName', last_name,
        'isEnabled', is_enabled)), '[]'::json)
      from clients where id = any(${clientIds}::integer[])) as clients,
    (select coalesce(json_agg(json_build_object('sessionId', s.id, 'id', u.id, 'name', u.name, 'email', u.email,
        'role', u.role, 'isEnabled', u.is_enabled, 'revokedAt', s.revoked_at)), '[]'::json)
      from sessions s join users u on u.id = s.user_id where s.id = any(${sessionIds}::text[])) as sessions,
    (select coalesce(json_agg(json_build_object('i', k.i, 'operation', s.operation, 'requestHash', s.request_hash,
        'statusCode', s.status_code, 'responseBody', s.response_body, 'createdAt', s.created_at)), '[]'::json)
      from unnest(${keyed.map((k) => k.i)}::integer[], ${keyed.map((k) => k.userId)}::integer[],
        ${keyed.map((k) => k.key)}::text[], ${keyed.map((k) => k.liveAfter)}::bigint[]) as k(i, user_id, key, live_after)
      join idempotency_keys s on s.user_id = k.user_id and s.key = k.key and s.created_at > k.live_after) as stored,
    array(select nextval('receipts_id_seq')::integer from generate_series(1, ${asks.length}::integer)) as receipt_ids,
    array(select nextval('receipt_items_id_seq')::integer from generate_series(1, ${lines}::integer)) as item_ids,
    array(select nextval('payments_id_seq')::integer from generate_series(1, ${cash}::integer)) as payment_ids`.execute(
    db,
  );
  const read = rows[0]!;
  const products = new Map(read.products.map((p) => [p.id, p]));
  const clients = new Map(read.clients.map((c) => [c.id, c]));
  const sessions = new Map(read.sessions.map(({ sessionId, ...row }) => [sessionId, row]));
  const stored = new Map(read.stored.map(({ i, ...answer }) => [i, answer]));
  // nextval hands out ascending ids: the sales get theirs in the batch's order.
  const receiptIds = [...read.receiptIds].sort((a, b) => a - b);
  const itemIds = [...read.itemIds].sort((a, b) => a - b);
  const paymentIds = [...read.paymentIds].sort((a, b) => a - b);
  let nextItem = 0;
  let nextPayment = 0;
  return asks.map((ask, i) => {
    const items = itemIds.slice(nextItem, nextItem + ask.lines);
    nextItem += ask.lines;
    return {
      products: ask.productIds.flatMap((id) => products.get(id) ?? []),
      client: ask.clientId === null ? null : (clients.get(ask.clientId) ?? null),
      session: ask.sessionId === null ? null : (sessions.get(ask.sessionId) ?? null),
      stored: stored.get(i) ?? null,
      receiptId: receiptIds[i]!,
      itemIds: items,
      paymentId: ask.cash ? paymentIds[nextPayment++]! : null,
    };
  });
}

export interface SaleWrite {
  /** Claimed with the answer already in it; taken over only when expired. */
  key: IdempotencyKeysTable | null;
  /** Credit sale of a client: held to the limit unless `authorizedBy` (an Admin or Manager) is set. */
  credit: { clientId: number; saleCents: number; authorizedBy: number | null } | null;
  /** The supervisors' authorisations; the OVER_LIMIT one is written only if the sale goes over the limit. */
  authorizations: AuthorizationRecord[];
  receipt: NewReceiptRow & { id: number };
  items: ReceiptItemRow[];
  payment: (NewPaymentRow & { id: number }) | null;
  /** One change per product, ascending product id (no deadlocks). */
  stock: Array<{ productId: number; deltaMilli: number }>;
  log: LogCommon;
  /** Late entries (late-entries module), written only when their day already has a cut. */
  late: Array<ReturnType<typeof lateEntryRow>>;
  at: number;
}

/** Why one sale of a batch was refused, as mostrador_sell_batch returns it ('mostrador:<reason>', DETAIL as JSON). */
export interface SaleFailure {
  message: string;
  detail: string | null;
  code: string;
}

const payloadOf = (sale: SaleWrite) => ({
  key: sale.key && columnsOf(sale.key),
  credit: sale.credit && columnsOf(sale.credit),
  authorizations: sale.authorizations.map(columnsOf),
  receipt: columnsOf(sale.receipt),
  items: sale.items.map(columnsOf),
  payment: sale.payment && columnsOf(sale.payment),
  stock: sale.stock.map(columnsOf),
  log: columnsOf(sale.log),
  late: sale.late.map(columnsOf),
  at: sale.at,
});

/**
 * Several sales in one call, one transaction, in order, as if one after another: per sale, null
 * when it was written, or why it was refused. Throws when the batch as a whole failed (nothing
 * of it was written).
 */
export async function writeSales(
  db: Kysely<DB>,
  sales: readonly SaleWrite[],
  keyTtlMs: number,
): Promise<Array<SaleFailure | null>> {
  const payload = JSON.stringify({ key_ttl_ms: keyTtlMs, milli_per_unit: MILLI_PER_UNIT, sales: sales.map(payloadOf) });
  const { rows } = await sql<{
    outcomes: Array<SaleFailure | null>;
  }>`${PREPARED} select mostrador_sell_batch(${payload}::jsonb) as outcomes`.execute(db);
  return rows[0]!.outcomes;
}
