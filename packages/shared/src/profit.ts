// Profit (utilidad bruta) of sold lines, the one rule behind the dashboard, the profit report and
// the cut (issue 37; docs/decisions/102-profit.md). Money in integer centavos, costs in millionths
// of a peso (micros), quantities in thousandths (milli).
//
// - A line's revenue is its baseCents: its amount without IVA and without IEPS (taxes the shop
//   collects for the SAT).
// - A line's cost is round(quantityMilli × unitCostMicros / 10^7), half up: the product's average
//   cost when it was sold, kept on the line so past profit never changes.
// - A line with no known cost (unitCostMicros null) is 'sin costo': its revenue is counted apart
//   and never as profit (it would read as a 100 % margin).
// - A return takes its own baseCents and the cost of its own quantity (at the line's unit cost)
//   out of the figures of the day it is made, as the cut and the tax report count returns.
// The SQL of the server repeats lineCostCents' arithmetic (costs.ts: integer division of the
// product plus half the divisor); the tests compare both to the centavo.
import { lineCostCents } from './costs.js';

/** Micros × milli → centavos: 10^6 × 10^3 / 10^2 (the divisor of lineCostCents). */
export const COST_DIVISOR = 10_000_000;

/** Sums of sold lines, centavos: revenue and cost of the lines with a cost, the 'sin costo' revenue apart. */
export interface ProfitCents {
  revenueCents: number;
  costCents: number;
  noCostRevenueCents: number;
}

/** One sold line, or (sign −1) one return of part of it. */
export interface ProfitLine {
  baseCents: number;
  quantityMilli: number;
  /** The line's unit cost when sold; null: 'sin costo'. */
  unitCostMicros: number | null;
}

export const ZERO_PROFIT: Readonly<ProfitCents> = Object.freeze({
  revenueCents: 0,
  costCents: 0,
  noCostRevenueCents: 0,
});

/** `sums` with one line added (a sale, sign 1) or taken out (a return, sign −1). */
export function addProfitLine(sums: ProfitCents, line: ProfitLine, sign: 1 | -1 = 1): ProfitCents {
  if (line.unitCostMicros === null) {
    return { ...sums, noCostRevenueCents: sums.noCostRevenueCents + sign * line.baseCents };
  }
  return {
    ...sums,
    revenueCents: sums.revenueCents + sign * line.baseCents,
    costCents: sums.costCents + sign * lineCostCents(line.quantityMilli, line.unitCostMicros),
  };
}

export function addProfitCents(a: ProfitCents, b: ProfitCents): ProfitCents {
  return {
    revenueCents: a.revenueCents + b.revenueCents,
    costCents: a.costCents + b.costCents,
    noCostRevenueCents: a.noCostRevenueCents + b.noCostRevenueCents,
  };
}

export function subtractProfitCents(a: ProfitCents, b: ProfitCents): ProfitCents {
  return {
    revenueCents: a.revenueCents - b.revenueCents,
    costCents: a.costCents - b.costCents,
    noCostRevenueCents: a.noCostRevenueCents - b.noCostRevenueCents,
  };
}

/** Margin = profit / revenue, in percent to one decimal (half up); null without revenue to divide. */
export function marginPercent(profitCents: number, revenueCents: number): number | null {
  if (revenueCents <= 0) return null;
  return Math.round((profitCents / revenueCents) * 1000) / 10;
}

/** The figures as the API sends them: pesos, and the margin in percent. */
export interface ProfitFigures {
  /** Revenue without IVA and IEPS of the lines with a known cost. */
  revenue: number;
  cost: number;
  profit: number;
  /** Percent of revenue (one decimal); null without revenue. */
  margin: number | null;
  /** Revenue without taxes of the 'sin costo' lines, apart, never counted as profit. */
  noCostRevenue: number;
}

export function profitFigures(sums: ProfitCents): ProfitFigures {
  const profitCents = sums.revenueCents - sums.costCents;
  return {
    revenue: sums.revenueCents / 100,
    cost: sums.costCents / 100,
    profit: profitCents / 100,
    margin: marginPercent(profitCents, sums.revenueCents),
    noCostRevenue: sums.noCostRevenueCents / 100,
  };
}
