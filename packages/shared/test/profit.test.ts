import { describe, expect, it } from 'vitest';
import { addProfitLine, lineCostCents, marginPercent, profitFigures, ZERO_PROFIT } from '../src/index.js';

describe('profit rule', () => {
  it('costs a line to the centavo, half up: quantity (milli) × unit cost (micros) / 10^7', () => {
    expect(lineCostCents(3000, 12_345_678)).toBe(3704); // 37.037034
    expect(lineCostCents(1000, 12_345_678)).toBe(1235); // 12.345678
    expect(lineCostCents(1255, 98_500_000)).toBe(12_362); // 123.6175
    expect(lineCostCents(255, 98_500_000)).toBe(2512); // 25.1175
    expect(lineCostCents(1, 5_000_000)).toBe(1); // 0.005 → 0.01
    expect(lineCostCents(1, 4_999_999)).toBe(0);
    expect(lineCostCents(0, 12_345_678)).toBe(0);
    // Past 2^53 in the product: 9,000,000 units at $999,999.999999.
    expect(lineCostCents(9_000_000_000, 999_999_999_999)).toBe(899_999_999_999_100);
  });

  it("keeps 'sin costo' revenue apart and takes returns out of revenue and cost", () => {
    let sums = addProfitLine(ZERO_PROFIT, { baseCents: 6000, quantityMilli: 3000, unitCostMicros: 12_345_678 });
    sums = addProfitLine(sums, { baseCents: 2000, quantityMilli: 4000, unitCostMicros: null });
    sums = addProfitLine(sums, { baseCents: 18_825, quantityMilli: 1255, unitCostMicros: 98_500_000 });
    sums = addProfitLine(sums, { baseCents: 3825, quantityMilli: 255, unitCostMicros: 98_500_000 }, -1);
    expect(sums).toEqual({ revenueCents: 21_000, costCents: 13_554, noCostRevenueCents: 2000 });
    expect(profitFigures(sums)).toEqual({
      revenue: 210,
      cost: 135.54,
      profit: 74.46,
      margin: 35.5, // 7446 / 21000 = 35.457 %
      noCostRevenue: 20,
    });
  });

  it('gives the margin in percent with one decimal, none without revenue', () => {
    expect(marginPercent(1531, 4000)).toBe(38.3);
    expect(marginPercent(-500, 2000)).toBe(-25);
    expect(marginPercent(0, 0)).toBeNull();
    expect(marginPercent(100, -200)).toBeNull();
    expect(
      profitFigures(addProfitLine(ZERO_PROFIT, { baseCents: 500, quantityMilli: 1000, unitCostMicros: null })),
    ).toEqual({ revenue: 0, cost: 0, profit: 0, margin: null, noCostRevenue: 5 });
  });
});
