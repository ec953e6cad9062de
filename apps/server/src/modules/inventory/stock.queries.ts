import type { Insertable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { InventoryLogsTable } from '../../db/schema.js';

/**
 * The conditional stock UPDATE: applied only when the stock stays at or above zero and, for a
 * fraction of a unit, only to a product sold by weight. Undefined when it matched no row.
 */
export function changeStockIfAllowed(
  db: Executor,
  change: { productId: number; deltaMilli: number; fraction: boolean },
  now: number,
) {
  let update = db
    .updateTable('products')
    .set((eb) => ({ stockMilli: eb('stockMilli', '+', change.deltaMilli), updatedAt: now }))
    .where('id', '=', change.productId)
    .where((eb) => eb(eb('stockMilli', '+', change.deltaMilli), '>=', 0));
  if (change.fraction) update = update.where('sellsByWeight', '=', 1);
  return update.returning(['name', 'units', 'stockMilli']).executeTakeFirst();
}

export function findProductStock(db: Executor, productId: number) {
  return db
    .selectFrom('products')
    .select(['name', 'stockMilli', 'sellsByWeight'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

export async function insertInventoryLogs(db: Executor, rows: ReadonlyArray<Insertable<InventoryLogsTable>>) {
  await db
    .insertInto('inventoryLogs')
    .values([...rows])
    .execute();
}
