// Labels printed by a shop scale: EAN-13 with prefix 20–29 (GS1's in-store range) carrying a
// product code and a weight in grams. The layout is configurable (SCALE_LABEL_FORMAT) because
// scale brands place the fields differently.

/**
 * 13 letters: `PP` the prefix (20–29), a run of `C` the product code digits, a run of `W` the
 * weight in grams, `X` digits to ignore (e.g. a price check digit), `K` the EAN-13 check digit.
 */
export const DEFAULT_SCALE_LABEL_FORMAT = 'PPCCCCCWWWWWK';

export interface ScaleLabelFormat {
  code: { start: number; end: number };
  weight: { start: number; end: number };
}

export interface ScaleLabel {
  /** The code digits as printed, leading zeros included. */
  codeDigits: string;
  weightGrams: number;
}

export type ScaleLabelReading = { ok: true; label: ScaleLabel } | { ok: false; reason: 'check-digit' };

/** Why a format is refused (for the start-up message), or null when it is good. */
export function scaleLabelFormatProblem(format: string): string | null {
  if (!/^PP[CWX]{10}K$/.test(format)) {
    return 'debe tener 13 letras: PP al inicio, K al final y en medio solo C, W o X';
  }
  if (!/^[^C]*C+[^C]*$/.test(format) || !/^[^W]*W+[^W]*$/.test(format)) {
    return 'las C y las W deben formar un solo grupo cada una';
  }
  return null;
}

/** The positions of a valid format (scaleLabelFormatProblem said null). */
export function compileScaleLabelFormat(format: string): ScaleLabelFormat {
  const run = (letter: string) => ({ start: format.indexOf(letter), end: format.lastIndexOf(letter) + 1 });
  return { code: run('C'), weight: run('W') };
}

/** GS1 check digit over all digits but the last (EAN-8, UPC-A, EAN-13, GTIN-14 alike). */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    // Weights 3, 1, 3, … counted from the rightmost digit of the body.
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** True for 13 digits starting 20–29: what a scale prints, whether its check digit holds or not. */
export function looksLikeScaleLabel(code: string): boolean {
  return /^2\d{12}$/.test(code);
}

/** Reads a scale label; null when `code` is not one (looksLikeScaleLabel). */
export function readScaleLabel(code: string, format: ScaleLabelFormat): ScaleLabelReading | null {
  if (!looksLikeScaleLabel(code)) return null;
  if (!hasValidCheckDigit(code)) return { ok: false, reason: 'check-digit' };
  return {
    ok: true,
    label: {
      codeDigits: code.slice(format.code.start, format.code.end),
      weightGrams: Number(code.slice(format.weight.start, format.weight.end)),
    },
  };
}

/**
 * The product codes a label's code digits stand for: the digits as printed and without their
 * leading zeros ('00123' → '00123', '0123', '123').
 */
export function scaleLabelCodeCandidates(codeDigits: string): string[] {
  const candidates: string[] = [];
  for (let code = codeDigits; code.length > 0; code = code.slice(1)) {
    candidates.push(code);
    if (!code.startsWith('0')) break;
  }
  return candidates;
}

const GRAM_UNITS = new Set(['g', 'gr', 'grs', 'gramo', 'gramos']);

/**
 * The label's weight in the product's unit: grams for a product sold in grams; otherwise
 * thousandths of the unit (kilograms for kg, and the same reading for any other unit a scale is
 * set to print, such as litres).
 */
export function labelQuantity(weightGrams: number, units: string): number {
  return GRAM_UNITS.has(units.trim().toLowerCase()) ? weightGrams : weightGrams / 1000;
}

export const SCALE_LABEL_CHECK_DIGIT_MESSAGE =
  'La etiqueta de báscula no es válida: el dígito verificador no coincide. Vuelve a escanearla.';
