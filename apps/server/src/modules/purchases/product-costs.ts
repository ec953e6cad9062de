import { averageAfterEntries, type CostLine } from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { StockChangeResult } from '../inventory/index.js';
import * as q from './purchases.queries.js';

// The average cost of sold goods coming back (a return, a cancelled sale): each line comes back
// at the cost it was sold at (receipt_items.unit_cost_micros), so the average is as if the sale
// had not happened. A line sold 'sin costo' (null) leaves the average as it is.

/** A sold line coming back to stock, with its cost at sale. */
export interface RestockedLine {
  productId: number;
  quantityMilli: number;
  unitCostMicros: number | null;
}

/**
 * Call in the return's transaction right after its stock changes (`restocked`: their results,
 * whose UPDATEs hold each product's row lock on PostgreSQL), so the average moves with the stock.
 */
export async function restockAtSaleCost(
  trx: Executor,
  restocked: readonly StockChangeResult[],
  lines: readonly RestockedLine[],
  now: number,
): Promise<void> {
  for (const stock of restocked) {
    const costLines: CostLine[] = [];
    for (const line of lines) {
      if (line.productId !== stock.productId || line.unitCostMicros === null) continue;
      costLines.push({ quantityMilli: line.quantityMilli, unitCostMicros: Number(line.unitCostMicros) });
    }
    if (costLines.length === 0) continue;
    const { averageCostMicros } = await q.findAverageCost(trx, stock.productId);
    const average = averageAfterEntries(stock.beforeMilli, averageCostMicros, costLines);
    await q.setProductCosts(trx, stock.productId, { averageCostMicros: average }, now);
  }
}
