import { describe, expect, it } from 'vitest';
import {
  belowPriceFloor,
  belowPriceMessage,
  lineTotalCents,
  lineTotalFromPesos,
  linePrice,
  missingPriceMessage,
  openPriceFloor,
  priceFloor,
} from '../src/pricing.js';

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

describe("the shop's floor for open prices (a product without a price)", () => {
  const open = { name: 'Granel', price: null, wholesalePrice: null, wholesaleMinQuantity: null };

  it('is none when the shop sets 0: any typed price goes', () => {
    expect(openPriceFloor(0)).toBeNull();
    expect(belowPriceFloor(open, 1, 0.01)).toBeNull();
    expect(belowPriceFloor(open, 1, 0.01, 0)).toBeNull();
  });

  it("is the shop's OPEN_PRICE_FLOOR, to the centavo; a product with a price keeps its own", () => {
    expect(openPriceFloor(5)).toBe(5);
    expect(belowPriceFloor(open, 1, 4.99, 5)).toBe(5);
    expect(belowPriceFloor(open, 1, 5, 5)).toBeNull();
    expect(belowPriceFloor(queso, 1, 189.9, 500)).toBeNull();
  });
});

describe('the price floor of a typed price', () => {
  it("is the product's price below the wholesale quantity, the wholesale price from it up", () => {
    expect(priceFloor(queso, 2.499)).toBe(189.9);
    expect(priceFloor(queso, 2.5)).toBe(175);
  });

  it('is refused below it, to the centavo; at or above it, it goes', () => {
    expect(belowPriceFloor(queso, 1, 189.89)).toBe(189.9);
    expect(belowPriceFloor(queso, 1, 0.01)).toBe(189.9);
    expect(belowPriceFloor(queso, 1, 189.9)).toBeNull();
    expect(belowPriceFloor(queso, 1, 250)).toBeNull();
    // From the wholesale minimum the wholesale price is the floor: 175 goes, 174.99 does not.
    expect(belowPriceFloor(queso, 3, 175)).toBeNull();
    expect(belowPriceFloor(queso, 3, 174.99)).toBe(175);
    // Below the minimum, the wholesale price is under the floor.
    expect(belowPriceFloor(queso, 2, 175)).toBe(189.9);
  });

  it('is none without a typed price, or for a product without a price at that quantity', () => {
    expect(belowPriceFloor(queso, 1)).toBeNull();
    expect(belowPriceFloor(queso, 1, null)).toBeNull();
    expect(belowPriceFloor({ ...queso, price: null }, 1, 0.01)).toBeNull();
    expect(belowPriceFloor({ ...queso, price: null }, 3, 170)).toBe(175);
  });

  it('names the product and the price in the refusal', () => {
    expect(belowPriceMessage('Queso', 189.9)).toBe(
      'El precio de "Queso" no puede ser menor que $189.90; solo un administrador o gerente puede venderlo más barato.',
    );
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
