import { describe, expect, it } from 'vitest';
import { amountInWords } from '../src/amount-in-words.js';

// The total in words as printed on a Mexican invoice: exact strings, one per rule of Spanish
// numbers (apocope before a noun, the accented twenties, CIEN, the irregular hundreds, MIL
// without UN, MILLÓN/MILLONES and 'DE' after exact millions).

/** The pesos part alone, for a whole number of pesos. */
const pesos = (n: number) => amountInWords(n * 100).replace(/ 00\/100 M\.N\.$/, '');

describe('amountInWords', () => {
  it('writes centavos as a fraction of 100 and M.N.', () => {
    expect(amountInWords(11_600)).toBe('CIENTO DIECISÉIS PESOS 00/100 M.N.');
    expect(amountInWords(100)).toBe('UN PESO 00/100 M.N.');
    expect(amountInWords(50)).toBe('CERO PESOS 50/100 M.N.');
    expect(amountInWords(0)).toBe('CERO PESOS 00/100 M.N.');
    expect(amountInWords(1)).toBe('CERO PESOS 01/100 M.N.');
    expect(amountInWords(199)).toBe('UN PESO 99/100 M.N.');
    expect(amountInWords(15_440)).toBe('CIENTO CINCUENTA Y CUATRO PESOS 40/100 M.N.');
    expect(amountInWords(100_000_005)).toBe('UN MILLÓN DE PESOS 05/100 M.N.');
  });

  it('writes units, teens and the twenties with their accents', () => {
    const expected: Record<number, string> = {
      2: 'DOS PESOS',
      9: 'NUEVE PESOS',
      10: 'DIEZ PESOS',
      11: 'ONCE PESOS',
      12: 'DOCE PESOS',
      15: 'QUINCE PESOS',
      16: 'DIECISÉIS PESOS',
      17: 'DIECISIETE PESOS',
      19: 'DIECINUEVE PESOS',
      20: 'VEINTE PESOS',
      21: 'VEINTIÚN PESOS',
      22: 'VEINTIDÓS PESOS',
      23: 'VEINTITRÉS PESOS',
      24: 'VEINTICUATRO PESOS',
      26: 'VEINTISÉIS PESOS',
      29: 'VEINTINUEVE PESOS',
      30: 'TREINTA PESOS',
      31: 'TREINTA Y UN PESOS',
      45: 'CUARENTA Y CINCO PESOS',
      99: 'NOVENTA Y NUEVE PESOS',
    };
    for (const [n, words] of Object.entries(expected)) expect(pesos(Number(n))).toBe(words);
  });

  it('writes CIEN alone and the irregular hundreds', () => {
    expect(pesos(100)).toBe('CIEN PESOS');
    expect(pesos(101)).toBe('CIENTO UN PESOS');
    expect(pesos(116)).toBe('CIENTO DIECISÉIS PESOS');
    expect(pesos(200)).toBe('DOSCIENTOS PESOS');
    expect(pesos(321)).toBe('TRESCIENTOS VEINTIÚN PESOS');
    expect(pesos(400)).toBe('CUATROCIENTOS PESOS');
    expect(pesos(500)).toBe('QUINIENTOS PESOS');
    expect(pesos(600)).toBe('SEISCIENTOS PESOS');
    expect(pesos(700)).toBe('SETECIENTOS PESOS');
    expect(pesos(800)).toBe('OCHOCIENTOS PESOS');
    expect(pesos(900)).toBe('NOVECIENTOS PESOS');
    expect(pesos(999)).toBe('NOVECIENTOS NOVENTA Y NUEVE PESOS');
  });

  it('writes thousands: MIL without UN, apocope before MIL', () => {
    expect(pesos(1000)).toBe('MIL PESOS');
    expect(pesos(1001)).toBe('MIL UN PESOS');
    expect(pesos(1100)).toBe('MIL CIEN PESOS');
    expect(pesos(2000)).toBe('DOS MIL PESOS');
    expect(pesos(21_000)).toBe('VEINTIÚN MIL PESOS');
    expect(pesos(31_031)).toBe('TREINTA Y UN MIL TREINTA Y UN PESOS');
    expect(pesos(100_000)).toBe('CIEN MIL PESOS');
    expect(pesos(101_000)).toBe('CIENTO UN MIL PESOS');
    expect(pesos(500_500)).toBe('QUINIENTOS MIL QUINIENTOS PESOS');
    expect(pesos(999_999)).toBe('NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE PESOS');
  });

  it("writes millions, with 'DE PESOS' only after an exact number of millions", () => {
    expect(pesos(1_000_000)).toBe('UN MILLÓN DE PESOS');
    expect(pesos(1_000_001)).toBe('UN MILLÓN UN PESOS');
    expect(pesos(2_000_000)).toBe('DOS MILLONES DE PESOS');
    expect(pesos(2_500_000)).toBe('DOS MILLONES QUINIENTOS MIL PESOS');
    expect(pesos(21_000_000)).toBe('VEINTIÚN MILLONES DE PESOS');
    expect(pesos(100_000_000)).toBe('CIEN MILLONES DE PESOS');
    expect(pesos(1_234_567)).toBe('UN MILLÓN DOSCIENTOS TREINTA Y CUATRO MIL QUINIENTOS SESENTA Y SIETE PESOS');
    expect(pesos(1_000_000_000)).toBe('MIL MILLONES DE PESOS');
    expect(pesos(1_001_000_000)).toBe('MIL UN MILLONES DE PESOS');
    expect(pesos(21_000_000_000)).toBe('VEINTIÚN MIL MILLONES DE PESOS');
    expect(pesos(1_000_000_000_000)).toBe('UN BILLÓN DE PESOS');
    expect(pesos(2_000_001_000_000)).toBe('DOS BILLONES UN MILLÓN DE PESOS');
    expect(pesos(3_000_000_000_500)).toBe('TRES BILLONES QUINIENTOS PESOS');
  });

  it('never leaves double or trailing spaces, and every peso amount has a distinct wording', () => {
    const seen = new Set<string>();
    for (let n = 0; n <= 3000; n++) {
      const words = amountInWords(n * 100);
      expect(words).not.toMatch(/ {2}|^ | $|UNO/);
      seen.add(words);
    }
    expect(seen.size).toBe(3001);
  });

  it('refuses what is not a whole, non-negative number of centavos', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
  });
});
