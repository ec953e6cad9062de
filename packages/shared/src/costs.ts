import { hasLevel, type Role } from './permissions.js';
// Costs (issue 37; docs/decisions/099-purchases-and-costs.md). A product's cost is kept in
// millionths of a peso (micros): a weighted average rounded to the centavo at every purchase would
// drift away from the true one after a few dozen deliveries. Quantities are thousandths (milli);
// money is centavos. Products of these can pass 2^53 (a stock of 10^12 milli at 10^13 micros),
// so every formula runs on BigInt and rounds half up once, at the end.

export const MICROS_PER_PESO = 1_000_000;
/** Decimals an API cost may carry (a unit cost of $0.0125 per piece is common in bulk). */
export const MAX_COST_DECIMALS = 4;

const MICROS_PER_CENT = 10_000n;
/** milli × micros → centavos: / (1000 × 1,000,000 / 100). */
const MILLI_MICROS_PER_CENT = 10_000_000n;

/** n / d rounded half up (half away from zero for a negative n); d > 0. */
function divideHalfUp(n: bigint, d: bigint): bigint {
  if (n < 0n) return -divideHalfUp(-n, d);
  return (2n * n + d) / (2n * d);
}

// Pesos (at most four decimals, already validated) become micros with taxes.ts's pesosToMicros;
// a purchase line's unit cost goes back out exactly with its microsToPesos.

/** Micros to pesos rounded half up to the centavo: how the API shows averageCost and lastCost. */
export function costToPesos(micros: number): number {
  return Number(divideHalfUp(BigInt(micros), MICROS_PER_CENT)) / 100;
}

/** True when a peso amount has at most MAX_COST_DECIMALS decimals (with a tolerance for binary noise). */
export function hasAtMostFourDecimals(pesos: number): boolean {
  const scaled = pesos * 10 ** MAX_COST_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * What `quantityMilli` at `unitCostMicros` costs, in centavos, rounded half up: a purchase line's
 * amount, and the cost of a sold line (round(q × c / 10^7)).
 */
export function lineCostCents(quantityMilli: number, unitCostMicros: number): number {
  return Number(divideHalfUp(BigInt(quantityMilli) * BigInt(unitCostMicros), MILLI_MICROS_PER_CENT));
}

export interface CostLine {
  /** The quantity coming in (or, on a cancel, going back out), thousandths, > 0. */
  quantityMilli: number;
  /** What each unit of it cost, micros. */
  unitCostMicros: number;
}

export interface CostEntry extends CostLine {
  /** The product's stock before the change, thousandths (a negative one counts as 0). */
  stockMilli: number;
  /** The product's average cost before the change, micros; null: unknown. */
  averageMicros: number | null;
}

/** Σ q and Σ q·c of some lines (one purchase may bring a product on several lines). */
function sumLines(lines: readonly CostLine[]) {
  let quantity = 0n;
  let cost = 0n;
  for (const line of lines) {
    quantity += BigInt(line.quantityMilli);
    cost += BigInt(line.quantityMilli) * BigInt(line.unitCostMicros);
  }
  return { quantity, cost };
}

/**
 * The average after `lines` come in (a purchase, or returned sold lines at their own cost):
 * a' = (s·a + Σ q·c) / (s + Σ q); with no average yet, a' = Σ q·c / Σ q (one line: its cost).
 */
export function averageAfterEntries(
  stockMilli: number,
  averageMicros: number | null,
  lines: readonly CostLine[],
): number | null {
  const { quantity, cost } = sumLines(lines);
  const s = averageMicros === null ? 0n : BigInt(Math.max(0, stockMilli));
  if (s + quantity <= 0n) return averageMicros;
  return Number(divideHalfUp(s * BigInt(averageMicros ?? 0) + cost, s + quantity));
}

/** averageAfterEntries of one line: a purchase of q at c. */
export function averageAfterEntry({ stockMilli, averageMicros, ...line }: CostEntry): number {
  return averageAfterEntries(stockMilli, averageMicros, [line])!;
}

/**
 * The average after a purchase's lines are cancelled (they leave at their cost): the entry
 * undone, a' = (s·a − Σ q·c) / (s − Σ q) when s − Σ q > 0; otherwise (nothing left to average)
 * it stays. Never below 0 (sales and returns in between can make the undone value negative).
 */
export function averageAfterCancels(
  stockMilli: number,
  averageMicros: number | null,
  lines: readonly CostLine[],
): number | null {
  if (averageMicros === null) return null;
  const { quantity, cost } = sumLines(lines);
  const s = BigInt(Math.max(0, stockMilli));
  if (s - quantity <= 0n) return averageMicros;
  const numerator = s * BigInt(averageMicros) - cost;
  if (numerator <= 0n) return 0;
  return Number(divideHalfUp(numerator, s - quantity));
}

/** averageAfterCancels of one line. */
export function averageAfterCancel({ stockMilli, averageMicros, ...line }: CostEntry): number | null {
  return averageAfterCancels(stockMilli, averageMicros, [line]);
}

/**
 * The average after a sold line comes back (a return or a restocking cancellation): the line's
 * own cost at sale enters the average; a line sold 'sin costo' (null) leaves it as it is.
 */
export function averageAfterReturn(entry: Omit<CostEntry, 'unitCostMicros'> & { unitCostMicros: number | null }) {
  if (entry.unitCostMicros === null) return entry.averageMicros;
  return averageAfterEntry({ ...entry, unitCostMicros: entry.unitCostMicros });
}

/** Who sees costs, profit and margin: Admin and Manager; never a Seller (customers can see the counter). */
export function canSeeCosts(role: Role | null | undefined): boolean {
  return hasLevel(role, 'Protected');
}
