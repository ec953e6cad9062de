import { lazily } from './lazy.js';
// Money is integer centavos everywhere a sum is made; pesos only on the wire and on screen.

const CENTS_PER_PESO = 100;

/** Pesos (at most 2 decimals, already validated) to integer centavos. */
export function pesosToCents(pesos: number): number {
  return Math.round(pesos * CENTS_PER_PESO);
}

export function centsToPesos(cents: number): number {
  return cents / CENTS_PER_PESO;
}

/** True when a peso amount has no more than two decimals. */
export function hasAtMostTwoDecimals(pesos: number): boolean {
  const cents = pesos * CENTS_PER_PESO;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Pesos with exactly `digits` decimals, made on first use. */
const pesosFormat = (digits: number) =>
  lazily(
    () =>
      new Intl.NumberFormat('es-MX', {
        style: 'currency',
        currency: 'MXN',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  );
const exactPesos = pesosFormat(2);

/**
 * Totals show centavos too: a cashier reading '$376' for $375.50 takes the wrong money. Kept
 * apart from formatPayment so the places that show a total stay named.
 */
export function formatTotal(cents: number): string {
  return exactPesos().format(centsToPesos(cents));
}

/** Payments show centavos: two decimals. */
export function formatPayment(cents: number): string {
  return exactPesos().format(centsToPesos(cents));
}
