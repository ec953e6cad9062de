// Rules of the daily cash-count cut, shared by the server that computes it and the
// tests that check it. Stock in units, money in integer centavos until the JSON is written.
import type { InventoryReason } from './enums.js';

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
  const totals: CutMovements = { sales: 0, returned: 0, adds: 0, merma: 0, adjustments: 0 };
  for (const log of logs) {
    const { column, sign } = CUT_COLUMN_OF_REASON[log.reason];
    totals[column] += sign * log.delta;
  }
  return totals;
}

/** final = initial − sales + returned + adds − merma + adjustments */
export function expectedFinal(row: CutMovements & { initial: number }): number {
  return row.initial - row.sales + row.returned + row.adds - row.merma + row.adjustments;
}

export function inventoryIdentityHolds(row: CutMovements & { initial: number; final: number }): boolean {
  return expectedFinal(row) === row.final;
}

export interface CutTotalsCents {
  totalUnits: number;
  totalAmountCents: number;
  totalPaymentsCents: number;
  totalDueCents: number;
}

/**
 * The summary of a cut: units and amount of its sales rows, the net payments of the day
 * (enabled ADD − enabled REMOVE, already netted) and the sum of the pending balances.
 */
export function cutTotalsFromCents(input: {
  sales: ReadonlyArray<{ units: number; totalCents: number }>;
  netPaymentsCents: number;
  pending: ReadonlyArray<{ pendingCents: number }>;
}): CutTotalsCents {
  return {
    totalUnits: input.sales.reduce((sum, row) => sum + row.units, 0),
    totalAmountCents: input.sales.reduce((sum, row) => sum + row.totalCents, 0),
    totalPaymentsCents: input.netPaymentsCents,
    totalDueCents: input.pending.reduce((sum, row) => sum + row.pendingCents, 0),
  };
}
