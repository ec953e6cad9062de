import {
  csvFixed,
  csvText,
  PROFIT_CSV_COLUMNS,
  PROFIT_GROUPING_LABELS,
  type ProfitFigures,
  type ProfitReport,
} from '@mostrador/shared';

const money = (pesos: number) => csvFixed(pesos, 2);
const figures = (row: ProfitFigures) => [
  money(row.revenue),
  money(row.cost),
  money(row.profit),
  row.margin === null ? null : csvFixed(row.margin, 1),
  money(row.noCostRevenue),
];

/** The profit report as CSV: one row per group (by product with its unit and quantity), then the totals. */
export function profitReportCsv(report: ProfitReport): Buffer {
  const byProduct = report.by === 'product';
  const head = byProduct ? ['Producto', 'Unidad', 'Cantidad'] : [PROFIT_GROUPING_LABELS[report.by]];
  const rows = [
    [...head, ...PROFIT_CSV_COLUMNS],
    ...report.rows.map((row) => [row.label, ...(byProduct ? [row.unit, row.quantity] : []), ...figures(row)]),
    ['Total', ...(byProduct ? [null, null] : []), ...figures(report.totals)],
  ];
  return Buffer.from(csvText(rows), 'utf8');
}
