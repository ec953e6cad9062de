import {
  formatQuantity,
  fromMilli,
  type InventoryReason,
  MAX_STOCK,
  MILLI_PER_UNIT,
  toMilli,
  wholeUnitsMessage,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { Actor } from '../../lib/actor.js';
import { type AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import * as q from './stock.queries.js';

const MAX_STOCK_MILLI = toMilli(MAX_STOCK);

export interface StockChange {
  productId: number;
  /** Signed change in thousandths: negative for sales, waste and downward adjustments. */
  deltaMilli: number;
  reason: InventoryReason;
  user: Actor;
  note?: string | null;
  receiptId?: number | null;
  /** The purchase whose entry (or cancelled entry) this is. */
  purchaseId?: number | null;
}

export interface StockChangeResult {
  productId: number;
  productName: string;
  units: string;
  /** Thousandths. */
  beforeMilli: number;
  afterMilli: number;
}

/**
 * The only way stock changes: one conditional UPDATE (never below 0, never above MAX_STOCK, and
 * no fraction of a product sold by the piece) and its inventory-log row. Call it inside a transaction together
 * with whatever caused the change (a sale, a waste…), so both commit or neither does.
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
  const applied: Array<{ change: StockChange; name: string; units: string; after: number }> = [];
  for (const change of changes) {
    const fraction = change.deltaMilli % MILLI_PER_UNIT !== 0;
    const updated = await q.changeStockIfAllowed(db, { ...change, fraction }, now);
    if (!updated) await refuse(db, change);
    // The cap holds on every path that raises stock (entries, adjustments, a cancelled sale's
    // return): the caller's transaction rolls the UPDATE back.
    if (change.deltaMilli > 0 && updated!.stockMilli > MAX_STOCK_MILLI) {
      throw conflict(
        `El stock de "${updated!.name}" no puede ser mayor a ${MAX_STOCK.toLocaleString('es-MX')} (actual: ${fromMilli(updated!.stockMilli - change.deltaMilli)}).`,
      );
    }
    applied.push({ change, name: updated!.name, units: updated!.units, after: updated!.stockMilli });
  }
  if (applied.length === 0) return [];

  await q.insertInventoryLogs(
    db,
    applied.map(({ change, name, after }) => ({
      productId: change.productId,
      receiptId: change.receiptId ?? null,
      purchaseId: change.purchaseId ?? null,
      userId: change.user.id,
      reason: change.reason,
      deltaMilli: change.deltaMilli,
      stockBeforeMilli: after - change.deltaMilli,
      stockAfterMilli: after,
      productName: name,
      userName: change.user.name,
      note: change.note ?? null,
      createdAt: now,
    })),
  );

  return applied.map(({ change, name, units, after }) => ({
    productId: change.productId,
    productName: name,
    units,
    beforeMilli: after - change.deltaMilli,
    afterMilli: after,
  }));
}

/**
 * Why a conditional stock update matched no row: no such product (404), a fraction of a product
 * sold by the piece (400) or too little stock (409).
 */
async function refuse(db: Executor, change: StockChange): Promise<never> {
  throw stockRefusal(await q.findProductStock(db, change.productId), change);
}

/** The error for a refused stock change, from the product as it is now (undefined: no such product). */
export function stockRefusal(
  product: { name: string; stockMilli: number; sellsByWeight: number } | undefined,
  change: Pick<StockChange, 'productId' | 'deltaMilli'>,
): AppError {
  if (!product) return notFound(`El producto #${change.productId} no existe.`);
  if (product.sellsByWeight !== 1 && change.deltaMilli % MILLI_PER_UNIT !== 0) {
    return badRequest(wholeUnitsMessage(product.name));
  }
  return conflict(
    `Stock insuficiente de "${product.name}": disponible ${formatQuantity(fromMilli(product.stockMilli))}.`,
  );
}

export interface InitialStock {
  productId: number;
  productName: string;
  /** Thousandths. */
  quantityMilli: number;
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
    .filter((entry) => entry.quantityMilli > 0)
    .map((entry) => ({
      productId: entry.productId,
      receiptId: null,
      userId: user.id,
      reason: 'ADD' as const,
      deltaMilli: entry.quantityMilli,
      stockBeforeMilli: 0,
      stockAfterMilli: entry.quantityMilli,
      productName: entry.productName,
      userName: user.name,
      note,
      createdAt: now,
    }));
  for (let at = 0; at < rows.length; at += INSERT_CHUNK)
    await q.insertInventoryLogs(db, rows.slice(at, at + INSERT_CHUNK));
}

/** Rows per multi-row INSERT: 12 columns × 1000 stays under both databases' parameter limits. */
export const INSERT_CHUNK = 1000;
