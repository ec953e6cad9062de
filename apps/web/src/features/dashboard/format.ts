import { formatPayment, pesosToCents } from '@mostrador/shared';

/** Pesos to the centavo: "$1,234.50". */
export const money = (pesos: number) => formatPayment(pesosToCents(pesos));

const weekdayFormat = new Intl.DateTimeFormat('es-MX', { weekday: 'long', timeZone: 'UTC' });
const dayMonthFormat = new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const longFormat = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const utcOf = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

/** "viernes" */
export const weekdayOf = (ymd: string) => weekdayFormat.format(utcOf(ymd));
/** "13/11" */
export const dayMonthOf = (ymd: string) => dayMonthFormat.format(utcOf(ymd));
/** "viernes, 20 de noviembre de 2026" */
export const longDateOf = (ymd: string) => longFormat.format(utcOf(ymd));
