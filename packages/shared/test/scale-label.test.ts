import { describe, expect, it } from 'vitest';
import {
  compileScaleLabelFormat,
  DEFAULT_SCALE_LABEL_FORMAT,
  hasValidCheckDigit,
  labelQuantity,
  readScaleLabel,
  scaleLabelCodeCandidates,
  scaleLabelFormatProblem,
} from '../src/scale-label.js';

const format = compileScaleLabelFormat(DEFAULT_SCALE_LABEL_FORMAT);

describe('check digits', () => {
  it('hold for real EAN-13, EAN-8 and UPC-A codes', () => {
    expect(hasValidCheckDigit('7501055363278')).toBe(true);
    expect(hasValidCheckDigit('96385074')).toBe(true);
    expect(hasValidCheckDigit('036000291452')).toBe(true);
  });

  it('fail when one digit changes, and for non-digits', () => {
    expect(hasValidCheckDigit('7501055363279')).toBe(false);
    expect(hasValidCheckDigit('7501055363268')).toBe(false);
    expect(hasValidCheckDigit('75O1055363278')).toBe(false);
  });
});

describe('readScaleLabel', () => {
  it('reads the code digits and the grams of the default layout', () => {
    expect(readScaleLabel('2100123007509', format)).toEqual({
      ok: true,
      label: { codeDigits: '00123', weightGrams: 750 },
    });
  });

  it('refuses a label whose check digit does not hold', () => {
    expect(readScaleLabel('2100123007508', format)).toEqual({ ok: false, reason: 'check-digit' });
  });

  it('is not concerned with codes outside prefixes 20–29', () => {
    expect(readScaleLabel('7501055363278', format)).toBeNull();
    expect(readScaleLabel('210012300750', format)).toBeNull();
    expect(readScaleLabel('QS-1', format)).toBeNull();
  });

  it('follows another layout', () => {
    const other = compileScaleLabelFormat('PPWWWWWXCCCCK');
    expect(readScaleLabel('2000042012342', other)).toEqual({
      ok: true,
      label: { codeDigits: '1234', weightGrams: 42 },
    });
  });
});

describe('scaleLabelFormatProblem', () => {
  it('accepts the default and refuses malformed layouts', () => {
    expect(scaleLabelFormatProblem(DEFAULT_SCALE_LABEL_FORMAT)).toBeNull();
    expect(scaleLabelFormatProblem('PPCCCCCWWWWW')).not.toBeNull();
    expect(scaleLabelFormatProblem('PPCCWWCCWWWWK')).not.toBeNull();
    expect(scaleLabelFormatProblem('PPCCCCCCCCCCK')).not.toBeNull();
  });
});

describe('code candidates and quantity', () => {
  it('match a product code with or without leading zeros', () => {
    expect(scaleLabelCodeCandidates('00123')).toEqual(['00123', '0123', '123']);
    expect(scaleLabelCodeCandidates('12300')).toEqual(['12300']);
    expect(scaleLabelCodeCandidates('00000')).toEqual(['00000', '0000', '000', '00', '0']);
  });

  it("give the weight in the product's unit", () => {
    expect(labelQuantity(750, 'kg')).toBe(0.75);
    expect(labelQuantity(750, 'g')).toBe(750);
    expect(labelQuantity(1250, 'l')).toBe(1.25);
  });
});
