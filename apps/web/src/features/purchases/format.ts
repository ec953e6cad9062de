import { formatTotal, pesosToCents } from '@mostrador/shared';

/** A Monterrey day 'YYYY-MM-DD' as es-MX shows it, '21/11/2026' (no time zone involved). */
export function formatDay(ymd: string): string {
  const [year, month, day] = ymd.split('-');
  return `${day}/${month}/${year}`;
}

/** Pesos from the API, with centavos: '$1,234.50'. */
export function formatPesos(pesos: number): string {
  return formatTotal(pesosToCents(pesos));
}

/** A unit cost keeps its four decimals when it has them ('$0.0125'), else centavos ('$12.40'). */
export function formatUnitCost(pesos: number): string {
  const cents = pesos * 100;
  if (Math.abs(cents - Math.round(cents)) < 1e-6) return formatPesos(pesos);
  return `$${pesos.toLocaleString('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}
