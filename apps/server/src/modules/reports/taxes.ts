import {
  businessDayBounds,
  centsToPesos,
  IVA_RATES,
  ppmToPercent,
  type TaxReport,
  type TaxReportRow,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import { findReturnsTaxes, findSalesTaxes, type TaxSums } from './taxes.queries.js';

const IVA_ORDER = new Map(IVA_RATES.map((rate, index) => [rate, index]));
const keyOf = (s: TaxSums) => `${s.ivaRate}|${s.iepsRatePpm ?? ''}|${s.byQuota ? 1 : 0}`;

const money = (base: number, ieps: number, iva: number) => ({
  base: centsToPesos(base),
  ieps: centsToPesos(ieps),
  iva: centsToPesos(iva),
  total: centsToPesos(base + ieps + iva),
});

/**
 * The tax figures of the Monterrey days `from`..`to`: the sales of those days by rates, less the
 * returns made in them. Sums are made in centavos; rows come by IVA rate (16, 8, 0, exento), then
 * without IEPS first, then by IEPS rate.
 */
export async function taxReport(db: Executor, from: string, to: string): Promise<TaxReport> {
  const start = businessDayBounds(from).start;
  const end = businessDayBounds(to).end;
  const [sales, returns] = await Promise.all([findSalesTaxes(db, start, end), findReturnsTaxes(db, start, end)]);
  const rows = new Map<string, TaxSums>();
  const add = (s: TaxSums, sign: 1 | -1) => {
    const row = rows.get(keyOf(s)) ?? { ...s, baseCents: 0, iepsCents: 0, ivaCents: 0 };
    row.baseCents += sign * s.baseCents;
    row.iepsCents += sign * s.iepsCents;
    row.ivaCents += sign * s.ivaCents;
    rows.set(keyOf(s), row);
  };
  for (const s of sales) add(s, 1);
  for (const s of returns) add(s, -1);

  const sorted = [...rows.values()].sort(
    (a, b) =>
      IVA_ORDER.get(a.ivaRate)! - IVA_ORDER.get(b.ivaRate)! ||
      Number(a.byQuota) - Number(b.byQuota) ||
      (a.iepsRatePpm ?? 0) - (b.iepsRatePpm ?? 0),
  );
  const total = (list: readonly TaxSums[]) =>
    list.reduce(
      (sum, s) => ({ base: sum.base + s.baseCents, ieps: sum.ieps + s.iepsCents, iva: sum.iva + s.ivaCents }),
      { base: 0, ieps: 0, iva: 0 },
    );
  const totals = total(sorted);
  const returned = total(returns);
  return {
    from,
    to,
    rows: sorted.map((s): TaxReportRow => ({
      ivaRate: s.ivaRate,
      iepsRate: s.iepsRatePpm === null ? null : ppmToPercent(s.iepsRatePpm),
      iepsByQuota: s.byQuota,
      ...money(s.baseCents, s.iepsCents, s.ivaCents),
    })),
    totals: money(totals.base, totals.ieps, totals.iva),
    returned: money(returned.base, returned.ieps, returned.iva),
  };
}
