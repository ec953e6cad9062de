import type { InventoryReason } from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import { conflict, notFound } from '../../lib/errors.js';

export interface StockChange {
  productId: number;
  /** Signed change: negative for sales, waste and downward adjustments. */
  delta: number;
  reason: InventoryReason;
  user: { id: number; name: string };
  note?: string | null;
  receiptId?: number | null;
}

export interface StockChangeResult {
  productId: number;
  productName: string;
  before: number;
  after: number;
  logId: number;
}

/**
 * The only way stock changes: one conditional UPDATE (never below 0) and its inventory-log row.
 * Call it inside a transaction together with whatever caused the change (a sale, a waste…), so
 * both commit or neither does.
 *
 * Concurrency: on PostgreSQL the UPDATE takes the row lock and re-checks `stock + delta >= 0`
 * after waiting, so parallel changes never lose an update; SQLite has a single writer. When one
 * transaction changes several products, apply them in ascending productId order so two such
 * transactions cannot deadlock on PostgreSQL.
 */
export async function applyStockChange(db: Executor, change: StockChange, now = Date.now()): Promise<StockChangeResult> {
  const updated = await db
    .updateTable('products')
    .set((eb) => ({ stockQuantity: eb('stockQuantity', '+', change.delta), updatedAt: now }))
    .where('id', '=', change.productId)
    .where((eb) => eb(eb('stockQuantity', '+', change.delta), '>=', 0))
    .returning(['id', 'name', 'stockQuantity'])
    .executeTakeFirst();

  if (!updated) {
    const product = await db
      .selectFrom('products')
      .select(['name', 'stockQuantity'])
      .where('id', '=', change.productId)
      .executeTakeFirst();
    if (!product) throw notFound(`El producto #${change.productId} no existe.`);
    throw conflict(`Stock insuficiente de "${product.name}": disponible ${product.stockQuantity}.`);
  }

  const after = updated.stockQuantity;
  const before = after - change.delta;
  const log = await db
    .insertInto('inventoryLogs')
    .values({
      productId: change.productId,
      receiptId: change.receiptId ?? null,
      userId: change.user.id,
      reason: change.reason,
      delta: change.delta,
      stockBefore: before,
      stockAfter: after,
      productName: updated.name,
      userName: change.user.name,
      note: change.note ?? null,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  return { productId: change.productId, productName: updated.name, before, after, logId: log.id };
}
