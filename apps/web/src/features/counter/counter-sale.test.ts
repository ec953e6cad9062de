import { type Product, QUANTITY_DECIMALS_MESSAGE } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import {
  addToSale,
  changeCents,
  type CounterSale,
  EMPTY_SALE,
  INVALID_QUANTITY_MESSAGE,
  missingPrice,
  moveSelection,
  parseCodeEntry,
  priceLine,
  removeSelected,
  saleTotalCents,
  stepSelected,
} from './counter-sale';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'Jabón',
    cuid: 'JAB-1',
    units: 'pza',
    stockQuantity: 100,
    price: 18.5,
    wholesalePrice: null,
    wholesaleMinQuantity: null,
    barcode: '7501000000017',
    minStock: null,
    sellsByWeight: false,
    imageUrl: null,
    createdAt: '2026-11-23T12:00:00.000Z',
    ...overrides,
  } as Product;
}

const soap = product();
const cheese = product({ id: 2, name: 'Queso Oaxaca', cuid: 'QSO', units: 'kg', price: 189.9, sellsByWeight: true });
const rice = product({ id: 3, name: 'Arroz', cuid: 'ARZ', price: 32, wholesalePrice: 28, wholesaleMinQuantity: 12 });

const added = (sale: CounterSale, p: Product, quantity: number | null) => {
  const change = addToSale(sale, p, quantity);
  expect(change.error).toBeNull();
  return change.sale;
};

describe('parseCodeEntry', () => {
  it('reads a code, a count before * and a weight in either decimal notation', () => {
    expect(parseCodeEntry(' 7501000000017 ')).toEqual({ kind: 'code', code: '7501000000017', quantity: null });
    expect(parseCodeEntry('3*JAB-1')).toEqual({ kind: 'code', code: 'JAB-1', quantity: 3 });
    expect(parseCodeEntry('0.750*QSO')).toEqual({ kind: 'code', code: 'QSO', quantity: 0.75 });
    expect(parseCodeEntry('0,5*QSO')).toEqual({ kind: 'code', code: 'QSO', quantity: 0.5 });
    expect(parseCodeEntry('')).toEqual({ kind: 'empty' });
  });

  it('refuses what is not a decimal quantity, zero, a missing code and a fourth decimal', () => {
    for (const text of ['0x10*QSO', '1e3*QSO', '-1*QSO', '0*QSO', '3*', '*QSO']) {
      expect(parseCodeEntry(text)).toEqual({ kind: 'error', message: INVALID_QUANTITY_MESSAGE });
    }
    expect(parseCodeEntry('0.7505*QSO')).toEqual({ kind: 'error', message: QUANTITY_DECIMALS_MESSAGE });
  });
});

describe('the sale', () => {
  it('adds one more on the same line when the product comes again, and selects the line touched', () => {
    let sale = added(EMPTY_SALE, soap, null);
    sale = added(sale, cheese, 0.75);
    expect(sale.selected).toBe(1);
    sale = added(sale, soap, null);
    expect(sale.lines.map((l) => [l.product.id, l.quantity])).toEqual([
      [1, 2],
      [2, 0.75],
    ]);
    expect(sale.selected).toBe(0);
    // Thousandths add exactly: 0.75 + 0.1 + 0.2 is 1.05, not 1.0500000000000003.
    sale = added(added(sale, cheese, 0.1), cheese, 0.2);
    expect(sale.lines[1]!.quantity).toBe(1.05);
  });

  it('refuses a fraction of a product sold in whole pieces, naming it, and leaves the sale as it was', () => {
    const sale = added(EMPTY_SALE, soap, null);
    const change = addToSale(sale, soap, 1.5);
    expect(change.error).toBe(
      'El producto "Jabón" se vende por piezas completas; la cantidad no puede tener decimales.',
    );
    expect(change.sale).toBe(sale);
  });

  it('moves, steps and removes the selected line; a step never reaches zero', () => {
    let sale = added(added(added(EMPTY_SALE, soap, null), cheese, 0.75), rice, 2);
    expect(sale.selected).toBe(2);
    sale = moveSelection(moveSelection(sale, 1), -1);
    expect(sale.selected).toBe(1);
    sale = stepSelected(sale, -1);
    expect(sale.lines[1]!.quantity).toBe(0.75);
    sale = stepSelected(sale, 1);
    expect(sale.lines[1]!.quantity).toBe(1.75);
    sale = moveSelection(moveSelection(sale, 1), 1);
    expect(sale.selected).toBe(2);
    sale = removeSelected(sale);
    expect(sale.lines.map((l) => l.product.id)).toEqual([1, 2]);
    expect(sale.selected).toBe(1);
    sale = removeSelected(removeSelected(sale));
    expect(sale).toEqual(EMPTY_SALE);
  });
});

describe('prices and change', () => {
  it('uses the product price, the wholesale price from its minimum up, and rounds each line to the cent', () => {
    expect(priceLine({ product: rice, quantity: 11 })).toMatchObject({
      price: 32,
      source: 'regular',
      totalCents: 35200,
    });
    expect(priceLine({ product: rice, quantity: 12 })).toMatchObject({
      price: 28,
      source: 'wholesale',
      totalCents: 33600,
    });
    // $189.90 × 0.755 kg = $143.3745 → $143.37.
    expect(priceLine({ product: cheese, quantity: 0.755 }).totalCents).toBe(14337);
    const lines = [priceLine({ product: soap, quantity: 2 }), priceLine({ product: cheese, quantity: 0.75 })];
    // 2 × $18.50 + 0.75 × $189.90 ($142.425 → $142.43).
    expect(saleTotalCents(lines)).toBe(3700 + 14243);
  });

  it('names the first product without a price', () => {
    const free = product({ id: 9, name: 'Bolsa', price: null });
    expect(missingPrice([priceLine({ product: soap, quantity: 1 })])).toBeNull();
    expect(missingPrice([priceLine({ product: soap, quantity: 1 }), priceLine({ product: free, quantity: 1 })])).toBe(
      'El producto "Bolsa" no tiene precio de venta; escribe el precio.',
    );
  });

  it('gives the change in centavos, negative while the money falls short', () => {
    expect(changeCents(500, 31943)).toBe(18057);
    expect(changeCents(200.5, 20050)).toBe(0);
    expect(changeCents(100, 31943)).toBe(-21943);
    expect(changeCents(null, 31943)).toBe(-31943);
  });
});
