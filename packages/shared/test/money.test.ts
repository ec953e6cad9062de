import { describe, expect, it } from 'vitest';
import { centsToPesos, formatPayment, formatTotal, hasAtMostTwoDecimals, pesosToCents } from '../src/money.js';

describe('money', () => {
  it('converts pesos to integer centavos without floating-point drift', () => {
    expect(pesosToCents(0.1)).toBe(10);
    expect(pesosToCents(0.29)).toBe(29);
    expect(pesosToCents(1.15)).toBe(115);
    expect(pesosToCents(19.99)).toBe(1999);
    expect(pesosToCents(1234567.89)).toBe(123456789);
    expect(centsToPesos(1999)).toBe(19.99);
  });

  it('accepts at most two decimals', () => {
    expect(hasAtMostTwoDecimals(10)).toBe(true);
    expect(hasAtMostTwoDecimals(10.5)).toBe(true);
    expect(hasAtMostTwoDecimals(10.55)).toBe(true);
    expect(hasAtMostTwoDecimals(0.29)).toBe(true);
    expect(hasAtMostTwoDecimals(10.555)).toBe(false);
    expect(hasAtMostTwoDecimals(0.001)).toBe(false);
  });

  it('formats totals and payments with centavos (es-MX, MXN): $375.50, never $376', () => {
    expect(formatTotal(123450)).toBe('$1,234.50');
    expect(formatTotal(37550)).toBe('$375.50');
    expect(formatTotal(0)).toBe('$0.00');
    expect(formatPayment(123450)).toBe('$1,234.50');
    expect(formatPayment(5)).toBe('$0.05');
  });
});
