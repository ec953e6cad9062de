// Rules of the daily cash-count cut, shared by the server that computes it and the
// tests that check it. Quantities are added in integer thousandths and money in integer
// centavos until the JSON is written.
import type { InventoryReason } from './enums.js';
import { fromMilli, toMilli } from './quantities.js';

export type CutMovementColumn = 'sales' | 'returned' | 'adds' | 'merma' | 'adjustments';

/**
 * Where each inventory-log reason goes in a cut's inventory row, and with which sign: a
 * column is Σ sign × delta of its logs. Sales and waste are written as positive amounts taken
 * out; returns (RETURN and the legacy REMOVE) and entries as amounts put in; adjustments keep
 * their sign. With these signs the identity below is exactly "final = initial + Σ delta".
 */
export const CUT_COLUMN_OF_REASON: Record<InventoryReason, { column: CutMovementColumn; sign: 1 | -1 }> = {
  SALE: { column: 'sales', sign: -1 },
  RETURN: { column: 'returned', sign: 1 },
  REMOVE: { column: 'returned', sign: 1 },
  ADD: { column: 'adds', sign: 1 },
  MERMA: { column: 'merma', sign: -1 },
  ADJUSTMENT: { column: 'adjustments', sign: 1 },
};

export const CUT_MOVEMENT_COLUMNS: readonly CutMovementColumn[] = ['sales', 'returned', 'adds', 'merma', 'adjustments'];

export type CutMovements = Record<CutMovementColumn, number>;

/** One product's movement columns from its logs of the day. */
export function movementsFromLogs(logs: ReadonlyArray<{ reason: InventoryReason; delta: number }>): CutMovements {
  const milli: CutMovements = { sales: 0, returned: 0, adds: 0, merma: 0, adjustments: 0 };
  for (const log of logs) {
    const { column, sign } = CUT_COLUMN_OF_REASON[log.reason];
    milli[column] += sign * toMilli(log.delta);
  }
  const totals = { ...milli };
  for (const column of CUT_MOVEMENT_COLUMNS) totals[column] = fromMilli(milli[column]);
  return totals;
}

/** final = initial − sales + returned + adds − merma + adjustments */
export function expectedFinal(row: CutMovements & { initial: number }): number {
  const m = (quantity: number) => toMilli(quantity);
  return fromMilli(m(row.initial) - m(row.sales) + m(row.returned) + m(row.adds) - m(row.merma) + m(row.adjustments));
}

export function inventoryIdentityHolds(row: CutMovements & { initial: number; final: number }): boolean {
  return expectedFinal(row) === row.final;
}

export interface CutTotalsCents {
  /** Σ quantity per unit, in the order units first appear: kilograms are never added to pieces. */
  totalQuantities: Array<{ unit: string; quantity: number }>;
  totalAmountCents: number;
  totalPaymentsCents: number;
  totalDueCents: number;
}

/**
 * The summary of a cut: quantities per unit and amount of its sales rows, the net payments of
 * the day (enabled ADD − enabled REMOVE, already netted) and the sum of the pending balances.
 */
export function cutTotalsFromCents(input: {
  sales: ReadonlyArray<{ unit: string; units: number; totalCents: number }>;
  netPaymentsCents: number;
  pending: ReadonlyArray<{ pendingCents: number }>;
}): CutTotalsCents {
  const milliByUnit = new Map<string, number>();
  for (const row of input.sales) milliByUnit.set(row.unit, (milliByUnit.get(row.unit) ?? 0) + toMilli(row.units));
  return {
    totalQuantities: [...milliByUnit].map(([unit, milli]) => ({ unit, quantity: fromMilli(milli) })),
    totalAmountCents: input.sales.reduce((sum, row) => sum + row.totalCents, 0),
    totalPaymentsCents: input.netPaymentsCents,
    totalDueCents: input.pending.reduce((sum, row) => sum + row.pendingCents, 0),
  };
}
