import { type InventoryReason, wholeUnitsMessage } from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';

export interface StockChange {
  productId: number;
  /** Signed change: negative for sales, waste and downward adjustments. */
  delta: number;
  reason: InventoryReason;
  user: Actor;
  note?: string | null;
  receiptId?: number | null;
}

export interface StockChangeResult {
  productId: number;
  productName: string;
  before: number;
  after: number;
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
export async function applyStockChange(db: Executor, change: StockChange, now: number): Promise<StockChangeResult> {
  const [result] = await applyStockChanges(db, [change], now);
  return result!;
}

/**
 * Several stock changes in the order given (callers sort by productId), with their logs written
 * in one multi-row insert: a sale of many lines costs one UPDATE per product plus one INSERT.
 */
export async function applyStockChanges(
  db: Executor,
  changes: readonly StockChange[],
  now: number,
): Promise<StockChangeResult[]> {
  const applied: Array<{ change: StockChange; name: string; after: number }> = [];
  for (const change of changes) {
    // Every product is sold by the piece until the counter-selling migration.
    if (!Number.isInteger(change.delta)) await refuseFraction(db, change.productId);
    const updated = await db
      .updateTable('products')
      .set((eb) => ({ stockQuantity: eb('stockQuantity', '+', change.delta), updatedAt: now }))
      .where('id', '=', change.productId)
      .where((eb) => eb(eb('stockQuantity', '+', change.delta), '>=', 0))
      .returning(['name', 'stockQuantity'])
      .executeTakeFirst();
    if (!updated) await refuse(db, change.productId);
    applied.push({ change, name: updated!.name, after: updated!.stockQuantity });
  }
  if (applied.length === 0) return [];

  await db
    .insertInto('inventoryLogs')
    .values(
      applied.map(({ change, name, after }) => ({
        productId: change.productId,
        receiptId: change.receiptId ?? null,
        userId: change.user.id,
        reason: change.reason,
        delta: change.delta,
        stockBefore: after - change.delta,
        stockAfter: after,
        productName: name,
        userName: change.user.name,
        note: change.note ?? null,
        createdAt: now,
      })),
    )
    .execute();

  return applied.map(({ change, name, after }) => ({
    productId: change.productId,
    productName: name,
    before: after - change.delta,
    after,
  }));
}

/** Why a conditional stock update matched no row: no such product (404) or too little stock (409). */
async function refuse(db: Executor, productId: number): Promise<never> {
  const product = await db
    .selectFrom('products')
    .select(['name', 'stockQuantity'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) throw notFound(`El producto #${productId} no existe.`);
  throw conflict(`Stock insuficiente de "${product.name}": disponible ${product.stockQuantity}.`);
}

async function refuseFraction(db: Executor, productId: number): Promise<never> {
  const product = await db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirst();
  if (!product) throw notFound(`El producto #${productId} no existe.`);
  throw badRequest(wholeUnitsMessage(product.name));
}
