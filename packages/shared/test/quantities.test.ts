import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  fromMilli,
  hasAtMostThreeDecimals,
  parseQuantityInput,
  quantityProblem,
  toMilli,
} from '../src/quantities.js';
import { decimalField } from '../src/schemas/common.js';

describe('thousandths', () => {
  it('convert exactly both ways, with no floating-point drift', () => {
    expect(toMilli(0.75)).toBe(750);
    expect(toMilli(1.005)).toBe(1005);
    expect(toMilli(0.1 + 0.2)).toBe(300);
    expect(fromMilli(9250)).toBe(9.25);
    expect(fromMilli(toMilli(10) - toMilli(0.75))).toBe(9.25);
  });

  it('allow at most three decimals', () => {
    expect(hasAtMostThreeDecimals(0.75)).toBe(true);
    expect(hasAtMostThreeDecimals(1.005)).toBe(true);
    expect(hasAtMostThreeDecimals(0.7505)).toBe(false);
    expect(hasAtMostThreeDecimals(Number.NaN)).toBe(false);
  });
});

describe('parseQuantityInput', () => {
  it('reads decimal notation with a point or a comma', () => {
    expect(parseQuantityInput('1.5')).toBe(1.5);
    expect(parseQuantityInput('0,5')).toBe(0.5);
    expect(parseQuantityInput(' 3 ')).toBe(3);
    expect(parseQuantityInput('.750')).toBe(0.75);
    expect(parseQuantityInput('2.')).toBe(2);
  });

  it('refuses anything else', () => {
    for (const text of ['0x10', '1e3', '', ' ', '-1', '1,000.5', '1.2.3', 'Infinity', '+2', '1 5']) {
      expect(parseQuantityInput(text)).toBeNull();
    }
  });
});

describe('quantityProblem', () => {
  it('refuses fractions of a product sold by the piece, naming it', () => {
    expect(quantityProblem({ name: 'Jabón', sellsByWeight: false }, 1.5)).toBe(
      'El producto "Jabón" se vende por piezas completas; la cantidad no puede tener decimales.',
    );
    expect(quantityProblem({ name: 'Jabón', sellsByWeight: false }, 2)).toBeNull();
    expect(quantityProblem({ name: 'Queso', sellsByWeight: true }, 0.75)).toBeNull();
  });
});

describe('formatQuantity', () => {
  it('shows whole quantities bare and fractions with three decimals, with the unit', () => {
    expect(formatQuantity(3, 'pza')).toBe('3 pza');
    expect(formatQuantity(0.75, 'kg')).toBe('0.750 kg');
    expect(formatQuantity(1250.5, 'm')).toBe('1,250.500 m');
    expect(formatQuantity(12)).toBe('12');
  });
});

describe('decimalField', () => {
  const field = decimalField('Mal.');
  it('takes JSON numbers and form strings in decimal notation', () => {
    expect(field.parse(0.75)).toBe(0.75);
    expect(field.parse('0,750')).toBe(0.75);
  });

  it('refuses other notations and too many decimals', () => {
    expect(field.safeParse('1e3').error?.issues[0]?.message).toBe('Mal.');
    expect(field.safeParse('').error?.issues[0]?.message).toBe('Mal.');
    expect(field.safeParse(1.0001).error?.issues[0]?.message).toBe('La cantidad admite como máximo tres decimales.');
  });
});
