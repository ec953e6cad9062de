import { describe, expect, it } from 'vitest';
import {
  averageAfterCancel,
  averageAfterCancels,
  averageAfterEntries,
  averageAfterEntry,
  averageAfterReturn,
  canSeeCosts,
  hasAtMostFourDecimals,
  lineCostCents,
  costToPesos,
} from '../src/costs.js';
import { pesosToMicros } from '../src/taxes.js';

describe('costs: micros and pesos', () => {
  it('reads pesos with up to four decimals as exact micros', () => {
    expect(pesosToMicros(12.3456)).toBe(12_345_600);
    expect(pesosToMicros(0.0001)).toBe(100);
    expect(pesosToMicros(0.1 + 0.2)).toBe(300_000);
    expect(pesosToMicros(10_000_000)).toBe(10_000_000_000_000);
  });

  it('shows micros as pesos rounded half up to the centavo', () => {
    expect(costToPesos(12_345_600)).toBe(12.35);
    expect(costToPesos(12_344_999)).toBe(12.34);
    expect(costToPesos(12_345_000)).toBe(12.35);
    expect(costToPesos(5_000)).toBe(0.01);
    expect(costToPesos(4_999)).toBe(0);
    expect(costToPesos(0)).toBe(0);
  });

  it('accepts at most four decimals', () => {
    expect(hasAtMostFourDecimals(1.2345)).toBe(true);
    expect(hasAtMostFourDecimals(0.0001)).toBe(true);
    expect(hasAtMostFourDecimals(1.23456)).toBe(false);
  });
});

describe('costs: line cost', () => {
  it('is round(quantityMilli × unitCostMicros / 10^7), half up', () => {
    // 3 units at $12.3456 = $37.0368 → 3704 centavos.
    expect(lineCostCents(3_000, 12_345_600)).toBe(3_704);
    // 0.5 kg at $0.01 = half a centavo → 1 (half up).
    expect(lineCostCents(500, 10_000)).toBe(1);
    expect(lineCostCents(499, 10_000)).toBe(0);
    expect(lineCostCents(1_250, 0)).toBe(0);
  });

  it('stays exact past 2^53', () => {
    // 1,000,000 units at $10,000,000: 10^9 × 10^13 = 10^22 (far past 2^53) → 10^15 centavos.
    expect(lineCostCents(1_000_000_000, 10_000_000_000_000)).toBe(1_000_000_000_000_000);
  });
});

describe('costs: weighted average', () => {
  it('takes the cost of the first purchase when there is no average', () => {
    expect(
      averageAfterEntry({ stockMilli: 5_000, averageMicros: null, quantityMilli: 10_000, unitCostMicros: 7_000_000 }),
    ).toBe(7_000_000);
  });

  it('weighs the stock at its average against the entry at its cost, half up to the micro', () => {
    // 10 at $10 + 5 at $13 = $165 / 15 = $11.
    expect(
      averageAfterEntry({
        stockMilli: 10_000,
        averageMicros: 10_000_000,
        quantityMilli: 5_000,
        unitCostMicros: 13_000_000,
      }),
    ).toBe(11_000_000);
    // 2 at $10 + 1 at $11 = $31 / 3 = 10.333333… → 10,333,333 micros.
    expect(
      averageAfterEntry({
        stockMilli: 2_000,
        averageMicros: 10_000_000,
        quantityMilli: 1_000,
        unitCostMicros: 11_000_000,
      }),
    ).toBe(10_333_333);
    // 1 at $10 + 2 at $10.000001 = 30.000002 / 3 = 10.000000666… → 10,000,001.
    expect(
      averageAfterEntry({
        stockMilli: 1_000,
        averageMicros: 10_000_000,
        quantityMilli: 2_000,
        unitCostMicros: 10_000_001,
      }),
    ).toBe(10_000_001);
    // Exactly half a micro rounds up: (1·1 + 1·2) / 2 = 1.5 → 2.
    expect(averageAfterEntry({ stockMilli: 1, averageMicros: 1, quantityMilli: 1, unitCostMicros: 2 })).toBe(2);
  });

  it('treats a negative stock as none', () => {
    expect(
      averageAfterEntry({
        stockMilli: -4_000,
        averageMicros: 50_000_000,
        quantityMilli: 1_000,
        unitCostMicros: 9_000_000,
      }),
    ).toBe(9_000_000);
  });

  it('stays exact when stock × average passes 2^53', () => {
    // 10^9 units (10^12 milli) at $9,999,999.999999 plus one unit at $0.
    const averageMicros = 9_999_999_999_999;
    const next = averageAfterEntry({ stockMilli: 1e12, averageMicros, quantityMilli: 1_000, unitCostMicros: 0 });
    // 10^12 × 9,999,999,999,999 / (10^12 + 1000) = 9,999,999,989,999.00001… → 9,999,999,989,999.
    expect(next).toBe(9_999_999_989_999);
  });
});

describe('costs: a cancelled purchase', () => {
  it('undoes the entry exactly when nothing else happened', () => {
    const entry = { stockMilli: 10_000, averageMicros: 10_000_000, quantityMilli: 5_000, unitCostMicros: 13_000_000 };
    const after = averageAfterEntry(entry);
    expect(averageAfterCancel({ ...entry, stockMilli: 15_000, averageMicros: after })).toBe(10_000_000);
  });

  it('keeps the average when nothing would be left, and never goes below zero', () => {
    expect(
      averageAfterCancel({
        stockMilli: 5_000,
        averageMicros: 13_000_000,
        quantityMilli: 5_000,
        unitCostMicros: 13_000_000,
      }),
    ).toBe(13_000_000);
    expect(
      averageAfterCancel({
        stockMilli: 6_000,
        averageMicros: 1_000_000,
        quantityMilli: 5_000,
        unitCostMicros: 13_000_000,
      }),
    ).toBe(0);
    expect(
      averageAfterCancel({ stockMilli: 6_000, averageMicros: null, quantityMilli: 5_000, unitCostMicros: 1 }),
    ).toBeNull();
  });

  it('rounds half up: (4·$3 − 1·$1) / 3 = $3.666667', () => {
    expect(
      averageAfterCancel({
        stockMilli: 4_000,
        averageMicros: 3_000_000,
        quantityMilli: 1_000,
        unitCostMicros: 1_000_000,
      }),
    ).toBe(3_666_667);
  });
});

describe('costs: a returned sold line', () => {
  it('comes back at its own cost at sale', () => {
    // 4 at $12 and 1 back at $10: $58 / 5 = $11.60.
    expect(
      averageAfterReturn({
        stockMilli: 4_000,
        averageMicros: 12_000_000,
        quantityMilli: 1_000,
        unitCostMicros: 10_000_000,
      }),
    ).toBe(11_600_000);
  });

  it('leaves the average alone for a line sold without a cost', () => {
    expect(
      averageAfterReturn({ stockMilli: 4_000, averageMicros: 12_000_000, quantityMilli: 1_000, unitCostMicros: null }),
    ).toBe(12_000_000);
  });
});

describe('costs: who sees them', () => {
  it('Admin and Manager, never a Seller', () => {
    expect(canSeeCosts('Admin')).toBe(true);
    expect(canSeeCosts('Manager')).toBe(true);
    expect(canSeeCosts('Seller')).toBe(false);
    expect(canSeeCosts(undefined)).toBe(false);
  });
});

describe('costs: several lines of one product', () => {
  it('enter and leave together, exactly', () => {
    const lines = [
      { quantityMilli: 1_000, unitCostMicros: 10_000_000 },
      { quantityMilli: 2_000, unitCostMicros: 11_000_000 },
    ];
    // No average: $32 / 3 = 10.666667.
    expect(averageAfterEntries(0, null, lines)).toBe(10_666_667);
    // 3 at $12 + $32 = $68 / 6 = 11.333333.
    expect(averageAfterEntries(3_000, 12_000_000, lines)).toBe(11_333_333);
    // Cancelled from 6 at $12: ($72 − $32) / 3 = 13.333333.
    expect(averageAfterCancels(6_000, 12_000_000, lines)).toBe(13_333_333);
  });
});
