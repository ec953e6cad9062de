import type { InventoryReason } from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/errors.js';

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

export interface InitialStock {
  productId: number;
  productName: string;
  quantity: number;
}

/**
 * The ADD logs of products inserted with their stock already set (a bulk import inserts many
 * rows at once rather than inserting each at 0 and raising it): the log then explains the stock
 * exactly as applyStockChange would have. Call it in the transaction that inserted them.
 */
export async function logInitialStock(
  db: Executor,
  entries: readonly InitialStock[],
  user: Actor,
  note: string,
  now: number,
): Promise<void> {
  const rows = entries
    .filter((entry) => entry.quantity > 0)
    .map((entry) => ({
      productId: entry.productId,
      receiptId: null,
      userId: user.id,
      reason: 'ADD' as const,
      delta: entry.quantity,
      stockBefore: 0,
      stockAfter: entry.quantity,
      productName: entry.productName,
      userName: user.name,
      note,
      createdAt: now,
    }));
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    await db
      .insertInto('inventoryLogs')
      .values(rows.slice(at, at + INSERT_CHUNK))
      .execute();
  }
}

/** Rows per multi-row INSERT: 12 columns × 1000 stays under both databases' parameter limits. */
export const INSERT_CHUNK = 1000;
