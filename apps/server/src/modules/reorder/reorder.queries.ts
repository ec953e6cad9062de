import type { Executor } from '../../db/connection.js';

/** Ids per query: well under SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

export interface LastPurchaseRow {
  productId: number;
  sellsByWeight: boolean;
  lastCostMicros: number | null;
  supplierId: number | null;
  supplierName: string | null;
  supplierPhone: string | null;
}

/** Each product's last cost and the supplier it was last bought from (products.last_supplier_id). */
export async function findLastPurchases(db: Executor, productIds: readonly number[]): Promise<LastPurchaseRow[]> {
  const rows: LastPurchaseRow[] = [];
  for (let i = 0; i < productIds.length; i += CHUNK) {
    const chunk = productIds.slice(i, i + CHUNK);
    const found = await db
      .selectFrom('products as p')
      .leftJoin('suppliers as s', 's.id', 'p.lastSupplierId')
      .select([
        'p.id as productId',
        'p.sellsByWeight',
        'p.lastCostMicros',
        's.id as supplierId',
        's.name as supplierName',
        's.phone as supplierPhone',
      ])
      .where('p.id', 'in', chunk)
      .execute();
    for (const row of found)
      rows.push({
        ...row,
        sellsByWeight: Number(row.sellsByWeight) === 1,
        lastCostMicros: row.lastCostMicros === null ? null : Number(row.lastCostMicros),
      });
  }
  return rows;
}
