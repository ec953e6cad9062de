import { COST_DIVISOR, type ProfitCents } from '@mostrador/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/connection.js';

// The profit's reads (the rule is in packages/shared/src/profit.ts): the lines sold in a range of
// receipts that are not cancelled, and the returns made in a range of instants (of receipts not
// cancelled since: a cancellation takes the whole receipt out, its returns with it). Each line's
// cost is rounded to the centavo before adding, as lineCostCents does:
// (quantity_milli × unit_cost_micros + 5,000,000) / 10,000,000 in integers (bigint on PostgreSQL).
// The sales read receipts_date_totals_idx and receipt_items_profit_idx alone (2026-12-01b-profit).

export interface ProfitSumsRow extends ProfitCents {
  quantityMilli: number;
}

type SumsRaw = { revenue: unknown; cost: unknown; noCost: unknown; quantity: unknown };

/** The sums of one kind of line: `amount` is the base of the line or of its return, `quantity` its quantity. */
function sums(amountRef: string, quantityRef: string) {
  const known = sql`${sql.ref('i.unitCostMicros')} is not null`;
  const amount = sql.ref(amountRef);
  const quantity = sql.ref(quantityRef);
  const cost = sql`(${quantity} * ${sql.ref('i.unitCostMicros')} + ${sql.lit(COST_DIVISOR / 2)}) / ${sql.lit(COST_DIVISOR)}`;
  return [
    sql<number>`sum(case when ${known} then ${amount} else 0 end)`.as('revenue'),
    sql<number>`sum(case when ${known} then ${cost} else 0 end)`.as('cost'),
    sql<number>`sum(case when ${known} then 0 else ${amount} end)`.as('noCost'),
    sql<number>`sum(${quantity})`.as('quantity'),
  ] as const;
}

const toSums = (row: SumsRaw): ProfitSumsRow => ({
  revenueCents: Number(row.revenue ?? 0),
  costCents: Number(row.cost ?? 0),
  noCostRevenueCents: Number(row.noCost ?? 0),
  quantityMilli: Number(row.quantity ?? 0),
});

/** The day (index into dayStarts, ascending) of an instant column, by a CASE on the day starts. */
function dayIndex(column: string, dayStarts: readonly number[]): RawBuilder<number> {
  const branches = dayStarts
    .map((start, day) => ({ start, day }))
    .reverse()
    .map(({ start, day }) => sql`when ${sql.ref(column)} >= ${sql.lit(start)} then ${sql.lit(day)}`);
  return sql<number>`case ${sql.join(branches, sql` `)} end`;
}

function soldLines(db: Executor, start: number, end: number) {
  return db
    .selectFrom('receipts as r')
    .innerJoin('receiptItems as i', 'i.receiptId', 'r.id')
    .where('r.date', '>=', start)
    .where('r.date', '<=', end)
    .where('r.state', '!=', 'Cancelled');
}

function returnedLines(db: Executor, start: number, end: number) {
  return db
    .selectFrom('receiptReturns as rr')
    .innerJoin('receiptReturnItems as ri', 'ri.returnId', 'rr.id')
    .innerJoin('receiptItems as i', 'i.id', 'ri.itemId')
    .innerJoin('receipts as r', 'r.id', 'i.receiptId')
    .where('rr.createdAt', '>=', start)
    .where('rr.createdAt', '<=', end)
    .where('r.state', '!=', 'Cancelled');
}

/** Sold lines of the receipts dated in [start, end] and returns made in it, per product. */
export async function findProfitByProduct(db: Executor, start: number, end: number) {
  const [sold, returned] = await Promise.all([
    soldLines(db, start, end)
      .select(['i.productId', ...sums('i.baseCents', 'i.quantityMilli')])
      .groupBy('i.productId')
      .execute(),
    returnedLines(db, start, end)
      .select(['i.productId', ...sums('ri.baseCents', 'ri.quantityMilli')])
      .groupBy('i.productId')
      .execute(),
  ]);
  const withId = (row: SumsRaw & { productId: number }) => ({ productId: Number(row.productId), ...toSums(row) });
  return { sold: sold.map(withId), returned: returned.map(withId) };
}

/**
 * The same per Monterrey day, the days given by their starts (ascending) and the end of the last:
 * a sale on its receipt's day, a return on the day it was made.
 */
export async function findProfitByDay(db: Executor, dayStarts: readonly number[], end: number) {
  const start = dayStarts[0]!;
  const saleDay = dayIndex('r.date', dayStarts);
  const returnDay = dayIndex('rr.createdAt', dayStarts);
  const [sold, returned] = await Promise.all([
    soldLines(db, start, end)
      .select([saleDay.as('day'), ...sums('i.baseCents', 'i.quantityMilli')])
      .groupBy(saleDay)
      .execute(),
    returnedLines(db, start, end)
      .select([returnDay.as('day'), ...sums('ri.baseCents', 'ri.quantityMilli')])
      .groupBy(returnDay)
      .execute(),
  ]);
  const withDay = (row: SumsRaw & { day: number }) => ({ day: Number(row.day), ...toSums(row) });
  return { sold: sold.map(withDay), returned: returned.map(withDay) };
}

/** Name, unit and category of the products named. */
export async function findProductLabels(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('products').select(['id', 'name', 'units', 'category']).where('id', 'in', ids).execute();
}
