import { divCeil, type Decimal, parseDecimal, rescale } from './decimals.js';

// Anexo 20's limits, exact. A value computed from rounded operands is accepted between:
// - lower = (a − half a unit of a's last decimal) × (b − half a unit of b's), truncated to the
//   result's decimals;
// - upper = (a + half a unit) × (b + half a unit), rounded up to the result's decimals.
// For a tax, b (the TasaOCuota) is exact: only the Base carries half a unit.

/** Whether `result` lies within the limits of a × b (b exact when `bExact`). */
export function withinProductLimits(result: Decimal, a: Decimal, b: Decimal, bExact = false): boolean {
  // Work at one more decimal than each operand, where 'half a unit' is 5.
  const aScale = a.scale + 1;
  const bScale = b.scale + 1;
  const aUnits = rescale(a, aScale);
  const bUnits = rescale(b, bScale);
  const bHalf = bExact ? 0n : 5n;
  const low = (aUnits - 5n) * (bUnits - bHalf);
  const high = (aUnits + 5n) * (bUnits + bHalf);
  // low and high are at scale aScale + bScale: truncate (round up) them to the result's decimals.
  const productScale = aScale + bScale;
  const common = Math.max(productScale, result.scale);
  const widen = 10n ** BigInt(common - productScale);
  const toResult = 10n ** BigInt(common - result.scale);
  const lowAtResult = low < 0n ? 0n : (low * widen) / toResult;
  const highAtResult = divCeil(high * widen, toResult);
  const value = result.units;
  return value >= lowAtResult && value <= highAtResult;
}

/** A decimal's text within the CFDI's forms, or null ('-1', '1e3', '' are not). */
export const decimalOf = (text: string | undefined): Decimal | null => (text === undefined ? null : parseDecimal(text));

/** Whether two decimals are the same number ('1.50' and '1.5'). */
export function sameValue(a: Decimal, b: Decimal): boolean {
  const scale = Math.max(a.scale, b.scale);
  return rescale(a, scale) === rescale(b, scale);
}
