import {
  CUT_COLUMN_OF_REASON,
  CUT_MOVEMENT_COLUMNS,
  type CutMovementColumn,
  type PaymentMethod,
} from '@mostrador/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/connection.js';

/** A position in a newest-first order: (createdAt desc, id desc). */
export interface CreatedKey {
  createdAt: number;
  id: number;
}

const before = (key: CreatedKey) =>
  sql<boolean>`(${sql.ref('createdAt')}, ${sql.ref('id')}) < (${key.createdAt}, ${key.id})`;

export interface InventoryLogFilter {
  productId?: number;
  /** Inclusive epoch-ms bounds on the log's creation. */
  from?: number;
  to?: number;
  after?: CreatedKey;
  limit: number;
}

/**
 * One newest-first keyset page of inventory logs: inventory_logs(created_at, id) without a
 * product, inventory_logs(product_id, created_at) with one.
 */
export function findInventoryLogsPage(db: Executor, filter: InventoryLogFilter) {
  let query = db.selectFrom('inventoryLogs').selectAll();
  if (filter.productId !== undefined) query = query.where('productId', '=', filter.productId);
  if (filter.from !== undefined) query = query.where('createdAt', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('createdAt', '<=', filter.to);
  if (filter.after) query = query.where(before(filter.after));
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

/** One newest-first keyset page of cuts, on cash_count_reports(created_at, id). */
export function findCutsPage(db: Executor, { after, limit }: { after?: CreatedKey; limit: number }) {
  let query = db.selectFrom('cashCountReports').selectAll();
  if (after) query = query.where(before(after));
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function findCut(db: Executor, id: number) {
  return db.selectFrom('cashCountReports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCutsOfDay(db: Executor, date: string) {
  return db.selectFrom('cashCountReports').select(['id', 'createdAt']).where('date', '=', date).orderBy('id').execute();
}

export function insertCut(db: Executor, cut: { date: string; data: string; userId: number; createdAt: number }) {
  return db.insertInto('cashCountReports').values(cut).returningAll().executeTakeFirstOrThrow();
}

/** Σ sign × delta (thousandths) of the reasons that make up one column of the cut (CUT_COLUMN_OF_REASON). */
function movementSum(column: CutMovementColumn): RawBuilder<number> {
  const branches = Object.entries(CUT_COLUMN_OF_REASON)
    .filter(([, target]) => target.column === column)
    .map(
      ([reason, { sign }]) =>
        sql`when ${sql.ref('reason')} = ${sql.lit(reason)} then ${sql.lit(sign)} * ${sql.ref('deltaMilli')}`,
    );
  return sql<number>`coalesce(sum(case ${sql.join(branches, sql` `)} else 0 end), 0)`;
}

/** Quantities in thousandths. */
export interface DayMovementRow extends Record<CutMovementColumn, number> {
  productId: number;
  cuid: string;
  name: string;
  units: string;
  initial: number;
  final: number;
}

/**
 * Every product that moved in [start, end], with its movement columns summed in SQL and its
 * stock before the first and after the last movement of the range. Within one product, log
 * ids follow the order the stock actually changed in (each log is written while its product's
 * row is locked), so the first and last logs are the smallest and largest ids.
 */
export async function findDayMovements(db: Executor, start: number, end: number): Promise<DayMovementRow[]> {
  const perProduct = db
    .selectFrom('inventoryLogs')
    .select((eb) => [
      'productId',
      eb.fn.min('id').as('firstId'),
      eb.fn.max('id').as('lastId'),
      movementSum('sales').as('sales'),
      movementSum('returned').as('returned'),
      movementSum('adds').as('adds'),
      movementSum('merma').as('merma'),
      movementSum('adjustments').as('adjustments'),
    ])
    .where('createdAt', '>=', start)
    .where('createdAt', '<=', end)
    .groupBy('productId');

  const rows = await db
    .selectFrom(perProduct.as('m'))
    .innerJoin('inventoryLogs as first', 'first.id', 'm.firstId')
    .innerJoin('inventoryLogs as last', 'last.id', 'm.lastId')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .select([
      'm.productId',
      'p.cuid',
      'p.name',
      'p.units',
      'first.stockBeforeMilli as initial',
      'last.stockAfterMilli as final',
      ...CUT_MOVEMENT_COLUMNS.map((column) => `m.${column}` as const),
    ])
    .execute();
  return rows.map((row) => ({
    ...row,
    initial: Number(row.initial),
    final: Number(row.final),
    sales: Number(row.sales),
    returned: Number(row.returned),
    adds: Number(row.adds),
    merma: Number(row.merma),
    adjustments: Number(row.adjustments),
  }));
}

export interface DaySalesRow {
  productId: number;
  cuid: string;
  name: string;
  /** The product's unit now (old receipt lines are in the same unit). */
  unit: string;
  priceCents: number;
  paymentMode: 'Cash' | 'Credit';
  /** A Cash sale's payment method (its first payment); null for credit. */
  method: PaymentMethod | null;
  quantityMilli: number;
  /** Σ of each line's total, each rounded to the centavo as on its receipt. */
  totalCents: number;
}

/**
 * The items of the non-cancelled receipts dated in [start, end], added up per product, unit
 * price and payment mode (receipts(date, id), then receipt_items(receipt_id)). A line's total is
 * price × thousandths / 1000 rounded half up (all are positive), the rule of lineTotalCents.
 */
export async function findDaySales(db: Executor, start: number, end: number): Promise<DaySalesRow[]> {
  const rows = await db
    .selectFrom('receipts as r')
    .innerJoin('receiptItems as i', 'i.receiptId', 'r.id')
    .innerJoin('products as p', 'p.id', 'i.productId')
    // A Cash sale's payment, made with it (its first ADD): how it was paid splits its rows.
    .leftJoin('payments as m', (join) =>
      join
        .onRef('m.receiptId', '=', 'r.id')
        .on('r.paymentMode', '=', 'Cash')
        .on((eb) =>
          eb(
            'm.id',
            '=',
            eb
              .selectFrom('payments as first')
              .select((f) => f.fn.min<number>('first.id').as('id'))
              .whereRef('first.receiptId', '=', 'r.id')
              .where('first.reason', '=', 'ADD'),
          ),
        ),
    )
    .select((eb) => [
      'i.productId',
      'p.cuid',
      'p.name',
      'p.units as unit',
      'i.priceCents',
      'r.paymentMode',
      'm.method',
      eb.fn.sum<number>('i.quantityMilli').as('quantityMilli'),
      sql<number>`sum((cast(${sql.ref('i.priceCents')} as bigint) * ${sql.ref('i.quantityMilli')} + 500) / 1000)`.as(
        'totalCents',
      ),
    ])
    .where('r.date', '>=', start)
    .where('r.date', '<=', end)
    .where('r.state', '!=', 'Cancelled')
    .groupBy(['i.productId', 'p.cuid', 'p.name', 'p.units', 'i.priceCents', 'r.paymentMode', 'm.method'])
    .execute();
  return rows.map((row) => ({ ...row, quantityMilli: Number(row.quantityMilli), totalCents: Number(row.totalCents) }));
}

/** Enabled ADD − enabled REMOVE of the payments created in [start, end], in centavos. */
export async function findNetPaymentsCents(db: Executor, start: number, end: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(
      sql<number>`coalesce(sum(case when ${sql.ref('reason')} = 'REMOVE' then -${sql.ref('amountCents')} else ${sql.ref('amountCents')} end), 0)`.as(
        'net',
      ),
    )
    .where('createdAt', '>=', start)
    .where('createdAt', '<=', end)
    .where('isEnabled', '=', 1)
    .executeTakeFirst();
  return Number(row?.net ?? 0);
}

/** Enabled ADD − enabled REMOVE of the payments created in [start, end], per method, in centavos. */
export async function findNetPaymentsByMethodCents(db: Executor, start: number, end: number) {
  const rows = await db
    .selectFrom('payments')
    .select([
      'method',
      sql<number>`coalesce(sum(case when ${sql.ref('reason')} = 'REMOVE' then -${sql.ref('amountCents')} else ${sql.ref('amountCents')} end), 0)`.as(
        'net',
      ),
    ])
    .where('createdAt', '>=', start)
    .where('createdAt', '<=', end)
    .where('isEnabled', '=', 1)
    .groupBy('method')
    .execute();
  return rows.map((row) => ({ method: row.method, cents: Number(row.net) }));
}

/**
 * Credit receipts still Pending and dated up to `end`, with their client, items and payments:
 * three queries over the same filter on receipts(state, date, id), however many there are.
 */
export async function findPendingCredit(db: Executor, end: number) {
  const pending = () =>
    db
      .selectFrom('receipts as r')
      .where('r.state', '=', 'Pending')
      .where('r.paymentMode', '=', 'Credit')
      .where('r.date', '<=', end);

  const [receipts, items, payments] = await Promise.all([
    pending()
      .leftJoin('clients as c', 'c.id', 'r.clientId')
      .select(['r.id', 'r.date', 'r.returnedCents', 'c.firstName', 'c.lastName'])
      .orderBy('r.date')
      .orderBy('r.id')
      .execute(),
    pending()
      .innerJoin('receiptItems as i', 'i.receiptId', 'r.id')
      .select(['i.receiptId', 'i.productId', 'i.productName', 'i.units', 'i.quantityMilli', 'i.priceCents'])
      .orderBy('i.id')
      .execute(),
    pending()
      .innerJoin('payments as p', 'p.receiptId', 'r.id')
      .select(['p.id', 'p.receiptId', 'p.amountCents', 'p.reason', 'p.method', 'p.isEnabled', 'p.note', 'p.createdAt'])
      .orderBy('p.id')
      .execute(),
  ]);
  return { receipts, items, payments };
}

/** The returns (devoluciones) recorded in [start, end], in the order they were made. */
export async function findDayReturns(db: Executor, start: number, end: number) {
  const rows = await db
    .selectFrom('receiptReturns as rr')
    .innerJoin('receipts as r', 'r.id', 'rr.receiptId')
    .innerJoin('users as u', 'u.id', 'rr.userId')
    .leftJoin('clients as c', 'c.id', 'r.clientId')
    .select([
      'rr.id',
      'rr.receiptId',
      'r.paymentMode',
      'c.firstName',
      'c.lastName',
      'u.name as userName',
      'rr.method',
      'rr.reason',
      'rr.amountCents',
      'rr.refundCents',
      'rr.createdAt',
    ])
    .where('rr.createdAt', '>=', start)
    .where('rr.createdAt', '<=', end)
    .orderBy('rr.createdAt')
    .orderBy('rr.id')
    .execute();
  return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
}
