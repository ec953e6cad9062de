// The dashboard's rules: which days it shows, how a figure compares with the same weekday of the
// week before, the average ticket and the quantity the 'Lista de compras' suggests ordering.
// Money in integer centavos and quantities in integer thousandths until they are shown.
import { dayjs } from './dates.js';
import { MILLI_PER_UNIT } from './quantities.js';

/** Days of the sales chart, today included. */
export const DASHBOARD_CHART_DAYS = 30;
/** The widest from/to range the top products and sellers accept. */
export const DASHBOARD_MAX_RANGE_DAYS = 366;
/** How many products each top list has. */
export const DASHBOARD_TOP_PRODUCTS = 10;

const addDays = (ymd: string, days: number) => dayjs(ymd).add(days, 'day').format('YYYY-MM-DD');

/** The same weekday of the week before (a Monday compares with the Monday before). */
export function sameWeekdayLastWeek(ymd: string): string {
  return addDays(ymd, -7);
}

/** The chart's days, oldest first, ending with `today`. */
export function chartDays(today: string, days = DASHBOARD_CHART_DAYS): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}

/** The range the dashboard shows when none is asked for: the chart's 30 days. */
export function defaultDashboardRange(today: string): { from: string; to: string } {
  return { from: addDays(today, 1 - DASHBOARD_CHART_DAYS), to: today };
}

/** Calendar days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return dayjs(to).diff(dayjs(from), 'day') + 1;
}

/**
 * Change from `previous` to `current` in percent, one decimal; null when there is nothing to
 * compare with (previous 0).
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** Total ÷ receipts to the centavo (half up); 0 without receipts. */
export function averageTicketCents(totalCents: number, receipts: number): number {
  return receipts === 0 ? 0 : Math.round(totalCents / receipts);
}

/**
 * What the 'Lista de compras' suggests ordering of a low product, in thousandths: enough to bring
 * the stock up to twice its minimum, or to what sold in the last 30 days if that is more (a month
 * of sales), rounded up to whole units (one orders whole kilos or pieces), and at least one unit.
 */
export function suggestedOrderMilli({
  stockMilli,
  minimumMilli,
  soldLast30DaysMilli,
}: {
  stockMilli: number;
  minimumMilli: number;
  soldLast30DaysMilli: number;
}): number {
  const target = Math.max(2 * minimumMilli, soldLast30DaysMilli);
  const missing = Math.max(target - stockMilli, 0);
  return Math.max(Math.ceil(missing / MILLI_PER_UNIT), 1) * MILLI_PER_UNIT;
}
