import { describe, expect, it } from 'vitest';
import {
  lineTaxes,
  lineTotalCents,
  percentToPpm,
  pesosToMicros,
  sumTaxes,
  type TaxTerms,
  taxFieldsOf,
  taxTermsOf,
} from '../src/index.js';

const iva16: TaxTerms = { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: null };
const withIepsRate = (percent: number): TaxTerms => ({ ...iva16, iepsRatePpm: percentToPpm(percent) });
const withQuota = (pesos: number): TaxTerms => ({ ...iva16, iepsQuotaMicros: pesosToMicros(pesos) });

describe('lineTaxes: a line total split into base + IEPS + IVA, exactly', () => {
  it.each([
    // [total, quantity in thousandths, terms, base, ieps, iva]
    ['$17.50 at 16 %', 1750, 1000, iva16, 1509, 0, 241],
    ['$0.01 at 16 %', 1, 1000, iva16, 1, 0, 0],
    ['$0.99 at 16 %', 99, 1000, iva16, 85, 0, 14],
    ['$100.00 at 16 %', 10000, 1000, iva16, 8621, 0, 1379],
    ['$100.00 at 8 %', 10000, 1000, { ...iva16, ivaRate: '8' }, 9259, 0, 741],
    ['$100.00 at 0 %', 10000, 1000, { ...iva16, ivaRate: '0' }, 10000, 0, 0],
    ['$100.00 exento', 10000, 1000, { ...iva16, ivaRate: 'exento' }, 10000, 0, 0],
    // 0.750 kg at $183.33 is $137.50: no whole-centavo base gives it, the base takes the centavo.
    ['0.750 kg at $183.33, 16 %', lineTotalCents(18333, 750), 750, iva16, 11854, 0, 1896],
    ['0.750 kg at $183.33, 0 %', lineTotalCents(18333, 750), 750, { ...iva16, ivaRate: '0' }, 13750, 0, 0],
    ['$10.00 snack, IEPS 8 %', 1000, 1000, withIepsRate(8), 798, 64, 138],
    ['$25.00 beer, IEPS 26.5 %', 2500, 1000, withIepsRate(26.5), 1704, 451, 345],
    ['$100.00 tobacco, IEPS 160 %', 10000, 1000, withIepsRate(160), 3316, 5305, 1379],
    ['2 sodas at $18.00, IEPS $1.50 per unit', 3600, 2000, withQuota(1.5), 2804, 300, 496],
    ['a cuota above the price: all tax', 100, 1000, withQuota(5), 0, 86, 14],
  ] as const)('%s', (_, total, milli, terms, base, ieps, iva) => {
    const split = lineTaxes(total, milli, terms);
    expect(split).toEqual({ baseCents: base, iepsCents: ieps, ivaCents: iva });
    expect(split.baseCents + split.iepsCents + split.ivaCents).toBe(total);
  });

  it('each tax is its base times its rate within the SAT tolerance, and the parts add up, for every total to $100', () => {
    for (const terms of [
      iva16,
      { ...iva16, ivaRate: '8' as const },
      withIepsRate(8),
      withIepsRate(26.5),
      withIepsRate(53),
    ]) {
      const iepsRate = (terms.iepsRatePpm ?? 0) / 1e6;
      const ivaRate = terms.ivaRate === '16' ? 0.16 : 0.08;
      for (let total = 1; total <= 10000; total += 1) {
        const { baseCents, iepsCents, ivaCents } = lineTaxes(total, 1000, terms);
        expect(baseCents + iepsCents + ivaCents).toBe(total);
        // The SAT's limits: (base ∓ half a centavo) × rate, truncated below and rounded up above.
        expect(iepsCents).toBeGreaterThanOrEqual(Math.floor((baseCents - 0.5) * iepsRate - 1e-9));
        expect(iepsCents).toBeLessThanOrEqual(Math.ceil((baseCents + 0.5) * iepsRate + 1e-9));
        const ivaBase = baseCents + iepsCents;
        expect(ivaCents).toBeGreaterThanOrEqual(Math.floor((ivaBase - 0.5) * ivaRate - 1e-9));
        expect(ivaCents).toBeLessThanOrEqual(Math.ceil((ivaBase + 0.5) * ivaRate + 1e-9));
      }
    }
  });

  it('a 1,000-line receipt: the lines sum to the receipt total exactly', () => {
    const terms = [iva16, withIepsRate(8), { ...iva16, ivaRate: '0' as const }, withQuota(1.2345)];
    let total = 0;
    const splits = [];
    for (let i = 0; i < 1000; i += 1) {
      const milli = i % 3 === 0 ? 755 + i : 1000 * (1 + (i % 4));
      const line = lineTotalCents(1999 + 37 * i, milli);
      total += line;
      splits.push(lineTaxes(line, milli, terms[i % terms.length]!));
    }
    const sum = sumTaxes(splits);
    expect(sum.baseCents + sum.iepsCents + sum.ivaCents).toBe(total);
    expect(total).toBe(splits.reduce((acc, s) => acc + s.baseCents + s.iepsCents + s.ivaCents, 0));
  });

  it('a zero-priced line has no taxes', () => {
    expect(lineTaxes(0, 1000, iva16)).toEqual({ baseCents: 0, iepsCents: 0, ivaCents: 0 });
  });

  it('converts between the wire (percent, pesos) and the exact terms', () => {
    expect(taxTermsOf({ ivaRate: '16', iepsRate: 26.5, iepsPerUnit: null })).toEqual({
      ivaRate: '16',
      iepsRatePpm: 265000,
      iepsQuotaMicros: null,
    });
    expect(taxFieldsOf({ ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: 987060 })).toEqual({
      ivaRate: '16',
      iepsRate: null,
      iepsPerUnit: 0.98706,
    });
  });
});
