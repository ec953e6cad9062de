import { LOW_STOCK_THRESHOLD, toMilli } from '@mostrador/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';

// The dashboard's reads. Sales are the non-cancelled receipts by their date, exactly the receipts
// the cut adds up (reports.queries findDaySales); a receipt's total_cents is Σ of its lines each
// rounded to the centavo (lineTotalCents), the same sum the cut makes line by line. Sales are net
// of returns (devoluciones): a receipt counts total_cents − returned_cents on its sale's day, and
// a product what was sold of it less what came back.

/** A receipt's net amount: its total less its returns. */
const netCents = sql<number>`${sql.ref('totalCents')} - ${sql.ref('returnedCents')}`;

export interface DaySalesTotals {
  /** Index into the days asked for. */
  day: number;
  paymentMode: 'Cash' | 'Credit';
  receipts: number;
  totalCents: number;
}

/**
 * Receipts and amounts per day and payment mode over consecutive Monterrey days, given by the
 * start of each day (ascending) and the end of the last: one range scan on receipts(date), the day
 * found by a CASE on the day starts (right whatever the UTC offset of each day).
 */
export async function findSalesPerDay(db: Executor, dayStarts: readonly number[], end: number) {
  const branches = dayStarts
    .map((start, day) => ({ start, day }))
    .reverse()
    .map(({ start, day }) => sql`when ${sql.ref('date')} >= ${sql.lit(start)} then ${sql.lit(day)}`);
  const day = sql<number>`case ${sql.join(branches, sql` `)} end`;
  const rows = await db
    .selectFrom('receipts')
    .select((eb) => [
      day.as('day'),
      'paymentMode',
      eb.fn.countAll<number>().as('receipts'),
      eb.fn.sum<number>(netCents).as('totalCents'),
    ])
    .where('date', '>=', dayStarts[0]!)
    .where('date', '<=', end)
    .where('state', '!=', 'Cancelled')
    .groupBy([day, 'paymentMode'])
    .execute();
  return rows.map((row): DaySalesTotals => ({
    day: Number(row.day),
    paymentMode: row.paymentMode,
    receipts: Number(row.receipts),
    totalCents: Number(row.totalCents),
  }));
}

export interface ProductSalesRow {
  productId: number;
  cuid: string;
  name: string;
  unit: string;
  quantityMilli: number;
  totalCents: number;
}

/**
 * Quantity and amount sold per product in [start, end] (the product's unit now, as the cut), each
 * line rounded to the centavo before adding (lineTotalCents), cancelled receipts left out.
 */
export async function findProductSales(db: Executor, start: number, end: number): Promise<ProductSalesRow[]> {
  const returnedPerItem = db
    .selectFrom('receiptReturnItems')
    .select((eb) => [
      'itemId',
      eb.fn.sum<number>('quantityMilli').as('quantityMilli'),
      eb.fn.sum<number>('amountCents').as('amountCents'),
    ])
    .groupBy('itemId');
  const perProduct = db
    .selectFrom('receipts as r')
    .innerJoin('receiptItems as i', 'i.receiptId', 'r.id')
    .leftJoin(returnedPerItem.as('x'), 'x.itemId', 'i.id')
    .select((eb) => [
      'i.productId',
      eb.fn
        .sum<number>(sql`${sql.ref('i.quantityMilli')} - coalesce(${sql.ref('x.quantityMilli')}, 0)`)
        .as('quantityMilli'),
      sql<number>`sum((cast(${sql.ref('i.priceCents')} as bigint) * ${sql.ref('i.quantityMilli')} + 500) / 1000 - coalesce(${sql.ref('x.amountCents')}, 0))`.as(
        'totalCents',
      ),
    ])
    .where('r.date', '>=', start)
    .where('r.date', '<=', end)
    .where('r.state', '!=', 'Cancelled')
    .groupBy('i.productId');
  const rows = await db
    .selectFrom(perProduct.as('s'))
    .innerJoin('products as p', 'p.id', 's.productId')
    .select(['s.productId', 'p.cuid', 'p.name', 'p.units as unit', 's.quantityMilli', 's.totalCents'])
    .execute();
  return rows.map((row) => ({ ...row, quantityMilli: Number(row.quantityMilli), totalCents: Number(row.totalCents) }));
}

/** Receipts and amount per seller in [start, end], cancelled receipts left out. */
export async function findSellerSales(db: Executor, start: number, end: number) {
  const perSeller = db
    .selectFrom('receipts')
    .select((eb) => ['userId', eb.fn.countAll<number>().as('receipts'), eb.fn.sum<number>(netCents).as('totalCents')])
    .where('date', '>=', start)
    .where('date', '<=', end)
    .where('state', '!=', 'Cancelled')
    .groupBy('userId');
  const rows = await db
    .selectFrom(perSeller.as('s'))
    .innerJoin('users as u', 'u.id', 's.userId')
    .select(['s.userId', 'u.name', 's.receipts', 's.totalCents'])
    .execute();
  return rows.map((row) => ({ ...row, receipts: Number(row.receipts), totalCents: Number(row.totalCents) }));
}

/** Products whose stock is at or under their minimum (their own, else LOW_STOCK_THRESHOLD). */
export async function findLowStock(db: Executor) {
  const minimum = sql<number>`coalesce(${sql.ref('minStockMilli')}, ${sql.lit(toMilli(LOW_STOCK_THRESHOLD))})`;
  const rows = await db
    .selectFrom('products')
    .select(['id', 'cuid', 'name', 'units', 'stockMilli', minimum.as('minimumMilli')])
    .where(sql<boolean>`${sql.ref('stockMilli')} <= ${minimum}`)
    .execute();
  return rows.map((row) => ({ ...row, stockMilli: Number(row.stockMilli), minimumMilli: Number(row.minimumMilli) }));
}
