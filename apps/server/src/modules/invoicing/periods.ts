import type { GlobalPeriodicity } from '@mostrador/shared';

// The periods of a factura global (c_Periodicidad), as Monterrey days YYYY-MM-DD. A period never
// crosses a month: InformacionGlobal names one month (Meses), so a week that does is cut at the
// month's end and its two parts are two periods.

export interface Period {
  from: string;
  to: string;
}

const ymd = (date: Date) => date.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const lastOfMonth = (day: string) => ymd(new Date(Date.UTC(utc(day).getUTCFullYear(), utc(day).getUTCMonth() + 1, 0)));
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The period of `periodicity` that holds `day`. */
export function periodOf(day: string, periodicity: GlobalPeriodicity): Period {
  switch (periodicity) {
    case '01':
      return { from: day, to: day };
    case '02': {
      // Monday to Sunday, within the month.
      const date = utc(day);
      const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
      const sunday = new Date(monday.getTime() + 6 * 86_400_000);
      const from = ymd(monday) < firstOfMonth(day) ? firstOfMonth(day) : ymd(monday);
      const to = ymd(sunday) > lastOfMonth(day) ? lastOfMonth(day) : ymd(sunday);
      return { from, to };
    }
    case '03':
      return Number(day.slice(8)) <= 15
        ? { from: firstOfMonth(day), to: `${day.slice(0, 7)}-15` }
        : { from: `${day.slice(0, 7)}-16`, to: lastOfMonth(day) };
    case '04':
      return { from: firstOfMonth(day), to: lastOfMonth(day) };
  }
}

/** The first day of the month before `day`'s: how far back the unbilled-sales warning looks. */
export function previousMonthStart(day: string): string {
  const date = utc(firstOfMonth(day));
  return ymd(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)));
}
