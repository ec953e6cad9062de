import type { IvaRate } from '@mostrador/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';

/** Σ of the lines' splits for one combination of rates, centavos. */
export interface TaxSums {
  ivaRate: IvaRate;
  iepsRatePpm: number | null;
  byQuota: boolean;
  baseCents: number;
  iepsCents: number;
  ivaCents: number;
}

type Row = {
  ivaRate: IvaRate;
  iepsRatePpm: number | string | null;
  byQuota: number | string;
  base: number | string;
  ieps: number | string;
  iva: number | string;
};

const sums = (alias: 'i' | 'ri') => [
  sql<number>`case when ${sql.ref(`${alias}.iepsQuotaMicros`)} is null then 0 else 1 end`.as('byQuota'),
  sql<number>`sum(${sql.ref(`${alias}.baseCents`)})`.as('base'),
  sql<number>`sum(${sql.ref(`${alias}.iepsCents`)})`.as('ieps'),
  sql<number>`sum(${sql.ref(`${alias}.ivaCents`)})`.as('iva'),
];

const toSums = (row: Row): TaxSums => ({
  ivaRate: row.ivaRate,
  iepsRatePpm: row.iepsRatePpm === null ? null : Number(row.iepsRatePpm),
  byQuota: Number(row.byQuota) === 1,
  baseCents: Number(row.base),
  iepsCents: Number(row.ieps),
  ivaCents: Number(row.iva),
});

/** The splits of the sales dated in [start, end] that are not cancelled, by rates. */
export async function findSalesTaxes(db: Executor, start: number, end: number): Promise<TaxSums[]> {
  const rows = await db
    .selectFrom('receiptItems as i')
    .innerJoin('receipts as r', 'r.id', 'i.receiptId')
    .select(['i.ivaRate', 'i.iepsRatePpm', ...sums('i')])
    .where('r.date', '>=', start)
    .where('r.date', '<=', end)
    .where('r.state', '!=', 'Cancelled')
    .groupBy(['i.ivaRate', 'i.iepsRatePpm', sql`case when ${sql.ref('i.iepsQuotaMicros')} is null then 0 else 1 end`])
    .execute();
  return rows.map(toSums);
}

/**
 * The splits of the returns made in [start, end], whatever the day of their sale, by rates. A
 * receipt cancelled after a return counts for nothing, its return with it: its sale is left out
 * of its day, so subtracting the return too would take the returned part off twice.
 */
export async function findReturnsTaxes(db: Executor, start: number, end: number): Promise<TaxSums[]> {
  const rows = await db
    .selectFrom('receiptReturnItems as ri')
    .innerJoin('receiptReturns as rr', 'rr.id', 'ri.returnId')
    .innerJoin('receipts as r', 'r.id', 'rr.receiptId')
    .select(['ri.ivaRate', 'ri.iepsRatePpm', ...sums('ri')])
    .where('rr.createdAt', '>=', start)
    .where('rr.createdAt', '<=', end)
    .where('r.state', '!=', 'Cancelled')
    .groupBy([
      'ri.ivaRate',
      'ri.iepsRatePpm',
      sql`case when ${sql.ref('ri.iepsQuotaMicros')} is null then 0 else 1 end`,
    ])
    .execute();
  return rows.map(toSums);
}
