import { AGING_BUCKETS, csvFixed, csvText, type Receivables } from '@mostrador/shared';
import { es } from '../../i18n/es';

const t = es.reports.receivables;

const amount = (pesos: number) => csvFixed(pesos, 2);

/**
 * The receivables as a CSV file (pesos with two decimals, a header row and a totals row),
 * through the shared writer: a client's name that looks like a formula is written as text.
 */
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
  return csvText([header, ...rows, totals]);
}
