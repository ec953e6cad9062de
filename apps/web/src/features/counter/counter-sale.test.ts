import { type Product, QUANTITY_DECIMALS_MESSAGE } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import {
  addToSale,
  articleCount,
  changeCents,
  entryNeeds,
  setSelectedLine,
  type CounterSale,
  EMPTY_SALE,
  INVALID_QUANTITY_MESSAGE,
  missingPrice,
  moveSelection,
  numberValue,
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
  it('adds one more on the same line when a piece product comes again, and selects the line touched', () => {
    let sale = added(EMPTY_SALE, soap, null);
    sale = added(sale, cheese, 0.75);
    expect(sale.selected).toBe(1);
    sale = added(sale, soap, null);
    expect(sale.lines.map((l) => [l.key, l.product.id, l.quantity])).toEqual([
      [1, 1, 2],
      [2, 2, 0.75],
    ]);
    expect(sale.selected).toBe(0);
    // '3*código' adds three to the same line.
    sale = added(sale, soap, 3);
    expect(sale.lines[0]!.quantity).toBe(5);
  });

  it('puts each weighing of a weighed product on a new line, never onto the first', () => {
    let sale = added(EMPTY_SALE, cheese, 0.75);
    sale = added(sale, soap, null);
    sale = added(sale, cheese, 0.255);
    expect(sale.lines.map((l) => [l.key, l.product.id, l.quantity])).toEqual([
      [1, 2, 0.75],
      [2, 1, 1],
      [3, 2, 0.255],
    ]);
    expect(sale.selected).toBe(2);
  });

  it('keeps a price typed for a product without one on its line; another typed price is another line', () => {
    const bag = product({ id: 9, name: 'Bolsa', price: null });
    expect(addToSale(EMPTY_SALE, bag, 2, 3.5).sale.lines).toEqual([
      { key: 1, product: bag, quantity: 2, typedPrice: 3.5 },
    ]);
    let sale = addToSale(EMPTY_SALE, bag, 2, 3.5).sale;
    sale = addToSale(sale, bag, 1, 3.5).sale;
    sale = addToSale(sale, bag, 1, 4).sale;
    expect(sale.lines.map((l) => [l.quantity, l.typedPrice])).toEqual([
      [3, 3.5],
      [1, 4],
    ]);
    // $3.50 × 3 and $4.00 × 1.
    expect(sale.lines.map((l) => priceLine(l).totalCents)).toEqual([1050, 400]);
    expect(missingPrice(sale.lines.map(priceLine))).toBeNull();
  });

  it('says what an entry still needs: the weight of a weighed product, the price of one without', () => {
    const bag = product({ id: 9, name: 'Bolsa', price: null });
    const looseBeans = product({ id: 10, name: 'Frijol', units: 'kg', price: null, sellsByWeight: true });
    expect(entryNeeds(soap, null)).toEqual({ weight: false, price: false });
    expect(entryNeeds(cheese, null)).toEqual({ weight: true, price: false });
    // A scale label or '0.750*' carries the weight: added at once.
    expect(entryNeeds(cheese, 0.75)).toEqual({ weight: false, price: false });
    expect(entryNeeds(bag, null)).toEqual({ weight: false, price: true });
    expect(entryNeeds(looseBeans, null)).toEqual({ weight: true, price: true });
    expect(entryNeeds(looseBeans, 1.5)).toEqual({ weight: false, price: true });
  });

  it('counts articles as units: pieces, plus one per weighed line', () => {
    let sale = added(EMPTY_SALE, soap, 3);
    sale = added(sale, cheese, 0.75);
    sale = added(sale, cheese, 1.255);
    sale = added(sale, rice, 12);
    expect(articleCount(sale.lines)).toBe(3 + 1 + 1 + 12);
    expect(articleCount([])).toBe(0);
  });

  it('types the selected line’s quantity, refusing a fraction of a piece', () => {
    let sale = added(added(EMPTY_SALE, soap, null), cheese, 0.75);
    sale = setSelectedLine(sale, 1.25).sale;
    expect(sale.lines[1]!.quantity).toBe(1.25);
    sale = moveSelection(sale, -1);
    const refused = setSelectedLine(sale, 2.5);
    expect(refused.error).toBe(
      'El producto "Jabón" se vende por piezas completas; la cantidad no puede tener decimales.',
    );
    expect(refused.sale).toBe(sale);
    expect(setSelectedLine(sale, 7).sale.lines[0]!.quantity).toBe(7);
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
    expect(sale).toEqual({ ...EMPTY_SALE, nextKey: 4 });
  });
});

describe('prices and change', () => {
  it('uses the product price, the wholesale price from its minimum up, and rounds each line to the cent', () => {
    expect(priceLine({ key: 1, product: rice, quantity: 11 })).toMatchObject({
      price: 32,
      source: 'regular',
      totalCents: 35200,
    });
    expect(priceLine({ key: 1, product: rice, quantity: 12 })).toMatchObject({
      price: 28,
      source: 'wholesale',
      totalCents: 33600,
    });
    // $189.90 × 0.755 kg = $143.3745 → $143.37.
    expect(priceLine({ key: 1, product: cheese, quantity: 0.755 }).totalCents).toBe(14337);
    const lines = [
      priceLine({ key: 1, product: soap, quantity: 2 }),
      priceLine({ key: 1, product: cheese, quantity: 0.75 }),
    ];
    // 2 × $18.50 + 0.75 × $189.90 ($142.425 → $142.43).
    expect(saleTotalCents(lines)).toBe(3700 + 14243);
  });

  it('names the first product without a price', () => {
    const free = product({ id: 9, name: 'Bolsa', price: null });
    expect(missingPrice([priceLine({ key: 1, product: soap, quantity: 1 })])).toBeNull();
    expect(
      missingPrice([
        priceLine({ key: 1, product: soap, quantity: 1 }),
        priceLine({ key: 1, product: free, quantity: 1 }),
      ]),
    ).toBe('El producto "Bolsa" no tiene precio de venta; escribe el precio.');
  });

  it('reads a number field as Mantine hands it: 12.50 arrives as a string', () => {
    expect(numberValue(12.5)).toBe(12.5);
    expect(numberValue('12.50')).toBe(12.5);
    expect(numberValue('1,234.50')).toBe(1234.5);
    expect(numberValue('0.')).toBe(0);
    expect(numberValue('')).toBeNull();
    expect(numberValue('-')).toBeNull();
  });

  it('gives the change in centavos, negative while the money falls short', () => {
    expect(changeCents(500, 31943)).toBe(18057);
    expect(changeCents(200.5, 20050)).toBe(0);
    expect(changeCents(100, 31943)).toBe(-21943);
    expect(changeCents(null, 31943)).toBe(-31943);
  });
});
