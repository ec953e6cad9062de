// Whole-database consistency checks, in SQL so they stay fast on a million receipts. Used by the
// reliability tests (after a crash), the benchmark generator and the demo data set.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../src/db/schema.js';

export interface ConsistencyReport {
  /** Products whose stock differs from the sum of their inventory-log deltas (thousandths). */
  stockMismatches: Array<{ id: number; stock: number; logs: number }>;
  /** Logs that do not chain: after ≠ before + delta, or before ≠ the previous log's after. */
  brokenChains: number[];
  /** Receipts whose total differs from Σ price × quantity of their items (each line rounded), or without items. */
  badTotals: number[];
  /** Receipts whose stock moves (SALE and RETURN logs) do not match their items and state. */
  badStockMoves: number[];
  /** Receipts whose state does not match their payments (Paid: balance 0, Pending: > 0, Cancelled: 0 paid). */
  badStates: number[];
}

const ids = (rows: Array<{ id: number | string }>) => rows.map((row) => Number(row.id));

export async function checkConsistency(db: Kysely<DB>, limit = 20): Promise<ConsistencyReport> {
  const stock = await sql<{ id: number; stock: number; logs: number }>`
    SELECT p.id AS id, p.stock_milli AS stock, COALESCE(l.total, 0) AS logs
    FROM products p LEFT JOIN (SELECT product_id, SUM(delta_milli) AS total FROM inventory_logs GROUP BY product_id) l
      ON l.product_id = p.id
    WHERE p.stock_milli <> COALESCE(l.total, 0)
    ORDER BY p.id LIMIT ${limit}`.execute(db);

  const chains = await sql<{ id: number }>`
    SELECT id FROM (
      SELECT id, delta_milli, stock_before_milli, stock_after_milli,
             LAG(stock_after_milli) OVER (PARTITION BY product_id ORDER BY id) AS previous
      FROM inventory_logs) chained
    WHERE stock_after_milli <> stock_before_milli + delta_milli OR stock_before_milli <> COALESCE(previous, 0)
    ORDER BY id LIMIT ${limit}`.execute(db);

  const totals = await sql<{ id: number }>`
    SELECT r.id AS id FROM receipts r
    LEFT JOIN (SELECT receipt_id, SUM((CAST(price_cents AS BIGINT) * quantity_milli + 500) / 1000) AS total
      FROM receipt_items GROUP BY receipt_id) i
      ON i.receipt_id = r.id
    WHERE i.total IS NULL OR r.total_cents <> i.total
    ORDER BY r.id LIMIT ${limit}`.execute(db);

  // Σ SALE deltas = −Σ quantities; RETURN deltas = what its returns took back (devoluciones), and
  // +Σ quantities on a cancelled receipt (the cancellation restocks what the returns left).
  const moves = await sql<{ id: number }>`
    SELECT r.id AS id FROM receipts r
    JOIN (SELECT receipt_id, SUM(quantity_milli) AS units FROM receipt_items GROUP BY receipt_id) i ON i.receipt_id = r.id
    LEFT JOIN (
      SELECT rr.receipt_id, SUM(ri.quantity_milli) AS units, COUNT(DISTINCT rr.id) AS returns
      FROM receipt_returns rr JOIN receipt_return_items ri ON ri.return_id = rr.id GROUP BY rr.receipt_id) rt
      ON rt.receipt_id = r.id
    LEFT JOIN (
      SELECT receipt_id,
             SUM(CASE WHEN reason = 'SALE' THEN delta_milli ELSE 0 END) AS sold,
             SUM(CASE WHEN reason = 'RETURN' THEN delta_milli ELSE 0 END) AS returned
      FROM inventory_logs WHERE receipt_id IS NOT NULL GROUP BY receipt_id) l ON l.receipt_id = r.id
    WHERE COALESCE(l.sold, 0) <> -i.units
       OR COALESCE(l.returned, 0) <> CASE WHEN r.state = 'Cancelled' THEN i.units ELSE COALESCE(rt.units, 0) END
    ORDER BY r.id LIMIT ${limit}`.execute(db);

  const states = await sql<{ id: number }>`
    SELECT r.id AS id FROM receipts r
    LEFT JOIN (
      SELECT receipt_id, SUM(CASE WHEN reason = 'ADD' THEN amount_cents ELSE -amount_cents END) AS paid
      FROM payments WHERE is_enabled = 1 GROUP BY receipt_id) p ON p.receipt_id = r.id
    LEFT JOIN (SELECT receipt_id, SUM(amount_cents) AS returned FROM receipt_returns GROUP BY receipt_id) rr
      ON rr.receipt_id = r.id
    WHERE r.returned_cents <> COALESCE(rr.returned, 0)
       OR (r.state = 'Paid' AND COALESCE(p.paid, 0) <> r.total_cents - r.returned_cents)
       OR (r.state = 'Pending' AND (COALESCE(p.paid, 0) < 0 OR COALESCE(p.paid, 0) >= r.total_cents - r.returned_cents))
       OR (r.state = 'Cancelled' AND COALESCE(p.paid, 0) <> 0)
    ORDER BY r.id LIMIT ${limit}`.execute(db);

  return {
    stockMismatches: stock.rows.map((row) => ({
      id: Number(row.id),
      stock: Number(row.stock),
      logs: Number(row.logs),
    })),
    brokenChains: ids(chains.rows),
    badTotals: ids(totals.rows),
    badStockMoves: ids(moves.rows),
    badStates: ids(states.rows),
  };
}

/** True when every list of the report is empty. */
export function isConsistent(report: ConsistencyReport): boolean {
  return Object.values(report).every((list: unknown[]) => list.length === 0);
}
