import {
  addProfitCents,
  businessDayBounds,
  chartDays,
  daysInRange,
  fromMilli,
  PROFIT_NO_CATEGORY,
  profitFigures,
  type ProfitCents,
  type ProfitGrouping,
  type ProfitReport,
  type ProfitReportRow,
  subtractProfitCents,
  ZERO_PROFIT,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import { findProductLabels, findProfitByDay, findProfitByProduct, type ProfitSumsRow } from './profit.queries.js';

// Profit of a period (docs/decisions/102-profit.md): the lines sold on its days less the returns
// made on them, added in centavos per group, then written as pesos with their margin.

const collator = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });

/** Sold less returned, keyed by `key`. */
function net<K>(
  sold: ReadonlyArray<ProfitSumsRow & { key: K }>,
  returned: ReadonlyArray<ProfitSumsRow & { key: K }>,
): Map<K, ProfitSumsRow> {
  const groups = new Map<K, ProfitSumsRow>();
  const add = (row: ProfitSumsRow & { key: K }, sign: 1 | -1) => {
    const group = groups.get(row.key) ?? { ...ZERO_PROFIT, quantityMilli: 0 };
    const sums = sign === 1 ? addProfitCents(group, row) : subtractProfitCents(group, row);
    groups.set(row.key, { ...sums, quantityMilli: group.quantityMilli + sign * row.quantityMilli });
  };
  for (const row of sold) add(row, 1);
  for (const row of returned) add(row, -1);
  return groups;
}

const total = (rows: Iterable<ProfitCents>): ProfitCents => {
  let sum: ProfitCents = ZERO_PROFIT;
  for (const row of rows) sum = addProfitCents(sum, row);
  return sum;
};

/** The profit of every day of `days` (Monterrey, ascending, consecutive), in centavos. */
export async function profitPerDay(db: Executor, days: readonly string[]): Promise<ProfitCents[]> {
  const starts = days.map((day) => businessDayBounds(day).start);
  const { sold, returned } = await findProfitByDay(db, starts, businessDayBounds(days.at(-1)!).end);
  const groups = net(
    sold.map((row) => ({ ...row, key: row.day })),
    returned.map((row) => ({ ...row, key: row.day })),
  );
  return days.map((_, day) => groups.get(day) ?? ZERO_PROFIT);
}

/** The profit of one Monterrey day, in centavos (the cut's summary). */
export async function dayProfit(db: Executor, date: string): Promise<ProfitCents> {
  const [profit] = await profitPerDay(db, [date]);
  return profit!;
}

const byProfit = (a: ProfitReportRow, b: ProfitReportRow) =>
  b.profit - a.profit || b.noCostRevenue - a.noCostRevenue || collator.compare(a.label, b.label);

/** GET /report/profit: the days from..to grouped by product, category or day. */
export async function profitReport(db: Executor, from: string, to: string, by: ProfitGrouping): Promise<ProfitReport> {
  const days = chartDays(to, daysInRange(from, to));
  if (by === 'day') {
    const perDay = await profitPerDay(db, days);
    return {
      from,
      to,
      by,
      rows: days.map((date, i) => ({
        productId: null,
        label: date,
        unit: null,
        quantity: null,
        ...profitFigures(perDay[i]!),
      })),
      totals: profitFigures(total(perDay)),
    };
  }

  const { sold, returned } = await findProfitByProduct(db, businessDayBounds(from).start, businessDayBounds(to).end);
  const perProduct = net(
    sold.map((row) => ({ ...row, key: row.productId })),
    returned.map((row) => ({ ...row, key: row.productId })),
  );
  const labels = new Map((await findProductLabels(db, [...perProduct.keys()])).map((p) => [p.id, p]));
  const totals = profitFigures(total(perProduct.values()));

  if (by === 'product') {
    const rows = [...perProduct].map(([productId, sums]): ProfitReportRow => {
      const product = labels.get(productId);
      return {
        productId,
        label: product?.name ?? `Producto ${productId}`,
        unit: product?.units ?? null,
        quantity: fromMilli(sums.quantityMilli),
        ...profitFigures(sums),
      };
    });
    return { from, to, by, rows: rows.sort(byProfit), totals };
  }

  // A product's category now (the report answers "what earns", not how it was filed then).
  const perCategory = new Map<string, ProfitCents>();
  for (const [productId, sums] of perProduct) {
    const category = labels.get(productId)?.category?.trim() || PROFIT_NO_CATEGORY;
    perCategory.set(category, addProfitCents(perCategory.get(category) ?? ZERO_PROFIT, sums));
  }
  const rows = [...perCategory].map(([category, sums]): ProfitReportRow => ({
    productId: null,
    label: category,
    unit: null,
    quantity: null,
    ...profitFigures(sums),
  }));
  return { from, to, by, rows: rows.sort(byProfit), totals };
}
