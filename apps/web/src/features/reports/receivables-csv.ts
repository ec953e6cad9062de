import { AGING_BUCKETS, type Receivables } from '@mostrador/shared';
import { es } from '../../i18n/es';

const t = es.reports.receivables;

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const field = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const amount = (pesos: number) => pesos.toFixed(2);

/** The receivables as CSV (pesos with two decimals, a header row and a totals row). */
export function receivablesCsv(report: Receivables): string {
  const header = [t.client, t.balance, t.overdue, ...AGING_BUCKETS.map((bucket) => t[bucket])];
  const rows = report.clients.map((c) => [
    c.name,
    amount(c.balance),
    amount(c.overdue),
    ...AGING_BUCKETS.map((b) => amount(c[b])),
  ]);
  const totals = [
    t.totals,
    amount(report.totals.balance),
    amount(report.totals.overdue),
    ...AGING_BUCKETS.map((b) => amount(report.totals[b])),
  ];
  return [header, ...rows, totals].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
