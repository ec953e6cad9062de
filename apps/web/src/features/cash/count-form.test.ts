import { MXN_DENOMINATIONS } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { emptyPieces, liveCountedCents, pieceError, toCounts } from './count-form';

/** Pieces typed by denomination key, the rest left empty. */
function typed(counts: Record<string, number | string>) {
  return MXN_DENOMINATIONS.map((d) => counts[d.key] ?? '');
}

describe('the close count form', () => {
  it('sends only the denominations with pieces, keyed as the API keys them ("0.5", the $20 coin "m20")', () => {
    const pieces = typed({ '500': 1, '20': 2, m20: 3, '0.5': 4, '10': 0 });
    expect(toCounts(pieces)).toEqual({ '500': 1, '20': 2, m20: 3, '0.5': 4 });
    expect(toCounts(emptyPieces())).toEqual({});
  });

  it('adds bills and coins to the centavo', () => {
    // 500 + 2 × 20 (bills) + 3 × 20 (coins) + 4 × 0.50 = 602.00
    expect(liveCountedCents('denominations', typed({ '500': 1, '20': 2, m20: 3, '0.5': 4 }), '')).toBe(60_200);
    // 3 × 0.50 = 1.50; a single total typed counts as typed.
    expect(liveCountedCents('denominations', typed({ '0.5': 3 }), 999)).toBe(150);
    expect(liveCountedCents('total', typed({ '500': 9 }), 615.35)).toBe(61_535);
    expect(liveCountedCents('total', emptyPieces(), '')).toBe(0);
  });

  it('takes whole pieces from 0 to 100,000 (empty is 0)', () => {
    expect(pieceError('')).toBeNull();
    expect(pieceError(0)).toBeNull();
    expect(pieceError(100_000)).toBeNull();
    expect(pieceError(100_001)).toBe('Entero de 0 a 100,000.');
    expect(pieceError(1.5)).toBe('Entero de 0 a 100,000.');
    expect(pieceError(-1)).toBe('Entero de 0 a 100,000.');
  });
});
