import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeForSearch } from '../src/text.js';

describe('accent- and case-insensitive search', () => {
  it('normalizes accents, ñ and case', () => {
    expect(normalizeForSearch('  José PÉREZ Núñez ')).toBe('jose perez nunez');
  });

  it('matches when every word of the query is in the text', () => {
    expect(matchesSearch('José Pérez', 'jose')).toBe(true);
    expect(matchesSearch('José Pérez', 'PEREZ jos')).toBe(true);
    expect(matchesSearch('José Pérez', 'pereza')).toBe(false);
    expect(matchesSearch('Peña', 'pena')).toBe(true);
    expect(matchesSearch(null, '')).toBe(true);
    expect(matchesSearch(undefined, 'x')).toBe(false);
  });
});
