import type { Receipt } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { parseFolio, returnFormLines, returnPreview } from './return-form';

describe('parseFolio', () => {
  it('reads the folio as typed, as tickets print it, or scanned', () => {
    expect(parseFolio('123')).toBe(123);
    expect(parseFolio(' #45 ')).toBe(45);
    expect(parseFolio('Remisión #7')).toBe(7);
    expect(parseFolio('remision 7')).toBe(7);
    expect(parseFolio('R-000123')).toBe(123);
  });

  it('refuses what is not a folio', () => {
    expect(parseFolio('')).toBeNull();
    expect(parseFolio('abc')).toBeNull();
    expect(parseFolio('0')).toBeNull();
    expect(parseFolio('12a')).toBeNull();
    expect(parseFolio('1.5')).toBeNull();
  });
});

const item = (id: number, quantity: number, price: number, returnedQuantity = 0, units = 'pza') => ({
  id,
  productId: id,
  quantity,
  price,
  total: 0,
  product: { id, name: `P${id}`, units },
  returnedQuantity,
});

describe('returnPreview', () => {
  const receipt = { items: [item(1, 3, 19.99, 1), item(2, 1.5, 89.9, 0, 'kg')] } as Pick<Receipt, 'items'>;
  const lines = returnFormLines(receipt);

  it('lists sold, returned and returnable per line', () => {
    expect(lines.map((l) => [l.soldMilli, l.returnedMilli, l.returnableMilli])).toEqual([
      [3000, 1000, 2000],
      [1500, 0, 1500],
    ]);
  });

  it('prices what is typed and says what goes back, to the centavo', () => {
    const paid = returnPreview({ balance: 0 }, lines, { 1: '2', 2: '0,333' });
    expect(paid).toEqual({
      items: [
        { itemId: 1, quantity: 2 },
        { itemId: 2, quantity: 0.333 },
      ],
      errors: {},
      amountCents: 3998 + 2994,
      refundCents: 6992,
    });
    // On credit the balance goes down first.
    expect(returnPreview({ balance: 50 }, lines, { 1: '2' })).toMatchObject({ amountCents: 3998, refundCents: 0 });
    expect(returnPreview({ balance: 30 }, lines, { 1: '2' })).toMatchObject({ amountCents: 3998, refundCents: 998 });
  });

  it('marks more than what is left and bad numbers, and leaves them out', () => {
    const preview = returnPreview({ balance: 0 }, lines, { 1: '3', 2: 'x' });
    expect(preview.items).toEqual([]);
    expect(preview.errors).toEqual({
      1: 'De "P1" solo quedan 2 pza por devolver.',
      2: 'Escribe una cantidad con hasta 3 decimales.',
    });
  });
});
