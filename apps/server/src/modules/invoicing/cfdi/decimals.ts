// Money, quantities and rates on a CFDI are exact decimals: integers scaled by a power of ten,
// written as the XML's decimal strings. Never a float: 0.1 + 0.2 is not an invoice's arithmetic.

/** units / 10^scale, e.g. 1234n at scale 2 is 12.34. Never negative on a CFDI 4.0. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;

/** A CFDI decimal ('12.340', '3') read exactly; null when the text is not one. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), scale: fraction.length };
}

/** The value written with exactly `scale` decimals (1234n, 2 → '12.34'; 5n, 6 → '0.000005'). */
export function formatScaled(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Centavos as pesos with two decimals, as MXN amounts are written. */
export const pesosText = (cents: number | bigint): string => formatScaled(BigInt(cents), 2);

/** Millionths as a six-decimal value: a TasaOCuota (160 000 → '0.160000') or a cuota in pesos. */
export const sixDecimalsText = (millionths: number | bigint): string => formatScaled(BigInt(millionths), 6);

/** Thousandths of a unit as the shortest exact decimal: 1000 → '1', 1500 → '1.5', 250 → '0.25'. */
export function quantityText(quantityMilli: number): string {
  return formatScaled(BigInt(quantityMilli), 3).replace(/\.?0+$/, '');
}

/** The value's units at a larger scale (exact). */
export function rescale(value: Decimal, scale: number): bigint {
  if (scale < value.scale) throw new RangeError('rescale only widens');
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** numerator / denominator rounded half up (both non-negative, denominator > 0). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** numerator / denominator rounded up (both non-negative). */
export function divCeil(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** A sum of decimals at the largest of their scales. */
export function sumDecimals(values: readonly Decimal[]): Decimal {
  const scale = Math.max(0, ...values.map((value) => value.scale));
  return { units: values.reduce((sum, value) => sum + rescale(value, scale), 0n), scale };
}

/** A decimal rounded half up to `scale` decimals (or widened, exactly). */
export function roundTo(value: Decimal, scale: number): bigint {
  if (scale >= value.scale) return rescale(value, scale);
  return divRoundHalfUp(value.units, 10n ** BigInt(value.scale - scale));
}
