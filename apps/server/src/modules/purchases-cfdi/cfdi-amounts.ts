// The CFDI's decimals as exact integers: amounts and quantities have at most 6 decimals (Anexo 20's
// t_Importe and Cantidad), so millionths (micros) hold them all, in BigInt so no sum or product
// ever loses a digit.

const DECIMAL = /^(\d{1,18})(?:\.(\d{1,6}))?$/;

/** A non-negative decimal of the CFDI in millionths; null when it is not one. */
export function parseMicros(text: string | undefined): bigint | null {
  if (text === undefined) return null;
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** a / b rounded half up (a ≥ 0, b > 0). */
export const divRoundHalfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** Millionths to centavos, half up. */
export const microsToCents = (micros: bigint) => divRoundHalfUp(micros, 10_000n);

/** Millionths to thousandths (a quantity in milli), half up. */
export const microsToMilli = (micros: bigint) => divRoundHalfUp(micros, 1_000n);

/** A cost in millionths as the API's pesos: rounded half up to 4 decimals (what purchase/create takes). */
export const costPesos = (micros: bigint) => Number(divRoundHalfUp(micros, 100n)) / 10_000;

export const centsToPesos = (cents: bigint) => Number(cents) / 100;
