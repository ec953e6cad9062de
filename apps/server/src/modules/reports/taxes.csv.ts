import { csvFixed, csvText, type TaxReport, taxFigures, taxRowLabel } from '@mostrador/shared';

const money = (pesos: number) => csvFixed(pesos, 2);

/**
 * A period's taxes as CSV: one row per combination of rates, the totals, what returns took off,
 * then the declaration's figures (the IVA's base and tax by rate, each IEPS).
 */
export function taxReportCsv(report: TaxReport): Buffer {
  const period = report.from === report.to ? report.from : `${report.from} a ${report.to}`;
  // Money with its two decimals ('15.00'), as the shared writer's fixed numerals keep them.
  const rows = [
    ['Tasas', 'Base', 'IEPS', 'IVA', 'Total'],
    ...report.rows.map((row) => [taxRowLabel(row), money(row.base), money(row.ieps), money(row.iva), money(row.total)]),
    [
      'Total',
      money(report.totals.base),
      money(report.totals.ieps),
      money(report.totals.iva),
      money(report.totals.total),
    ],
    [
      'Devoluciones (ya restadas)',
      money(report.returned.base),
      money(report.returned.ieps),
      money(report.returned.iva),
      money(report.returned.total),
    ],
    [],
    [`Periodo ${period}`],
    ...taxFigures(report.rows).map((figure) => [figure.label, money(figure.amount)]),
  ];
  return Buffer.from(csvText(rows), 'utf8');
}
