import { describe, expect, it } from 'vitest';
import { lineTotalCents, lineTotalFromPesos, linePrice, missingPriceMessage } from '../src/pricing.js';

const queso = { name: 'Queso', price: 189.9, wholesalePrice: 175, wholesaleMinQuantity: 2.5 };

describe('linePrice', () => {
  it("is the product's price below the wholesale quantity", () => {
    expect(linePrice(queso, 2.499)).toEqual({ price: 189.9, source: 'regular' });
  });

  it('is the wholesale price from the wholesale quantity up', () => {
    expect(linePrice(queso, 2.5)).toEqual({ price: 175, source: 'wholesale' });
    expect(linePrice(queso, 40)).toEqual({ price: 175, source: 'wholesale' });
  });

  it('compares in thousandths, so 0.1 + 0.2 reaches a 0.3 minimum', () => {
    expect(linePrice({ ...queso, wholesaleMinQuantity: 0.3 }, 0.1 + 0.2)?.source).toBe('wholesale');
  });

  it('lets a typed price win over both', () => {
    expect(linePrice(queso, 3, 150)).toEqual({ price: 150, source: 'typed' });
    expect(linePrice(queso, 1, 150)).toEqual({ price: 150, source: 'typed' });
    expect(linePrice(queso, 1, null)).toEqual({ price: 189.9, source: 'regular' });
  });

  it('uses the wholesale price even without a regular one, and nothing below it', () => {
    const onlyWholesale = { ...queso, price: null };
    expect(linePrice(onlyWholesale, 3)?.price).toBe(175);
    expect(linePrice(onlyWholesale, 1)).toBeNull();
    expect(linePrice({ name: 'x', price: null, wholesalePrice: null, wholesaleMinQuantity: null }, 1)).toBeNull();
  });

  it('says which product lacks a price', () => {
    expect(missingPriceMessage('Queso')).toBe('El producto "Queso" no tiene precio de venta; escribe el precio.');
  });
});

describe('lineTotalCents', () => {
  it('rounds half away from zero to the centavo', () => {
    expect(lineTotalCents(8990, 755)).toBe(6787); // 6787.45
    expect(lineTotalCents(1001, 500)).toBe(501); // 500.5
    expect(lineTotalCents(1001, 1500)).toBe(1502); // 1501.5
    expect(lineTotalCents(-1001, 500)).toBe(-501);
    expect(lineTotalCents(18990, 750)).toBe(14243); // 142.425
  });

  it('is exact for whole quantities and far beyond 2^53 intermediates', () => {
    expect(lineTotalCents(1999, 3000)).toBe(5997);
    expect(lineTotalCents(1_000_000_000, 1_000_000_000)).toBe(1_000_000_000_000_000);
  });

  it('takes pesos and decimal quantities too', () => {
    expect(lineTotalFromPesos(189.9, 0.75)).toBe(14243);
    expect(lineTotalFromPesos(0.1, 3)).toBe(30);
  });

  it('answers ±Infinity instead of throwing when a figure is beyond a double (1e308 pesos)', () => {
    expect(lineTotalFromPesos(1e308, 1)).toBe(Infinity);
    expect(lineTotalFromPesos(10, 1e308)).toBe(Infinity);
    expect(lineTotalFromPesos(-1e308, 1)).toBe(-Infinity);
    expect(lineTotalCents(Number.NaN, 1000)).toBeNaN();
  });
});
