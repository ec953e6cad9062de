import { describe, expect, it } from 'vitest';
import { typedNumber } from './typed-ahead';

describe('typedNumber', () => {
  it('keeps a weight typed ahead whole, its first digit too', () => {
    expect(typedNumber('1.25', 3)).toBe('1.25');
    expect(typedNumber('0.750', 3)).toBe('0.750');
  });

  it('keeps an amount received, and drops what a number field drops', () => {
    expect(typedNumber('500', 2)).toBe('500');
    expect(typedNumber('$1,000', 2)).toBe('1000');
    expect(typedNumber('12a3', 2)).toBe('123');
  });

  it('takes one decimal point and no more decimals than the field allows', () => {
    expect(typedNumber('1.2.5', 3)).toBe('1.25');
    expect(typedNumber('10.999', 2)).toBe('10.99');
    expect(typedNumber('1.2345', 3)).toBe('1.234');
    expect(typedNumber('.5', 3)).toBe('.5');
  });

  it('a count of pieces has no decimal point', () => {
    expect(typedNumber('3.5', 0)).toBe('35');
  });

  it('nothing typed, or nothing a number field takes, is empty', () => {
    expect(typedNumber('', 3)).toBe('');
    expect(typedNumber('abc', 2)).toBe('');
  });
});
