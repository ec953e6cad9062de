import { describe, expect, it } from 'vitest';
import { categoriesInUse, formatPercent, marginOf } from './product-margin';

const iva16 = { ivaRate: '16', iepsRate: null, iepsPerUnit: null } as const;

describe('marginOf', () => {
  it('is reckoned on the price without IVA', () => {
    // $23.20 with IVA 16 % → base $20.00; cost $12.40 → profit $7.60, 38.0 %
    expect(marginOf(23.2, 12.4, iva16)).toEqual({ baseCents: 2000, profitCents: 760, percent: 38 });
  });

  it('leaves out the IEPS too (the shop collects it for the SAT)', () => {
    // $29.00 with IEPS 25 % and IVA 16 %: base × 1.25 × 1.16 = 29 → base $20.00
    expect(marginOf(29, 15, { ivaRate: '16', iepsRate: 25, iepsPerUnit: null })).toMatchObject({
      baseCents: 2000,
      percent: 25,
    });
  });

  it('is the whole price at IVA 0 %, and negative when the cost passes it', () => {
    expect(marginOf(18, 12.4, { ivaRate: '0', iepsRate: null, iepsPerUnit: null })).toMatchObject({
      baseCents: 1800,
      percent: 31.1,
    });
    expect(marginOf(11.6, 12, iva16)).toMatchObject({ profitCents: -200, percent: -20 });
  });

  it('is none without a price or a cost', () => {
    expect(marginOf(null, 12, iva16)).toBeNull();
    expect(marginOf(0, 12, iva16)).toBeNull();
    expect(marginOf(20, null, iva16)).toBeNull();
  });
});

describe('formatPercent', () => {
  it('writes one decimal, es-MX', () => {
    expect(formatPercent(31.2)).toBe('31.2 %');
    expect(formatPercent(38)).toBe('38.0 %');
    expect(formatPercent(-20)).toBe('-20.0 %');
  });
});

describe('categoriesInUse', () => {
  it('lists each category once, whatever its accents and case, by name', () => {
    expect(
      categoriesInUse([
        { category: 'Lácteos' },
        { category: 'bebidas' },
        { category: null },
        { category: 'LACTEOS' },
        { category: '  ' },
        { category: 'Abarrotes ' },
        {},
      ]),
    ).toEqual(['Abarrotes', 'bebidas', 'Lácteos']);
  });
});
