import type { TaxReportRow } from './schemas/tax-report.js';
import { ivaLabel, type IvaRate } from './taxes.js';

// What the tax screens, the Panel, the CSV and the PDFs compute from a tax report. Kept out of
// schemas/ so a screen that shows a report loads no zod (schemas/ is a chunk of its own on the web).

/** The days a query covers: a whole month, or from..to (to defaults to from). */
export function taxPeriodOf(query: { month?: string; from?: string; to?: string }): { from: string; to: string } {
  if (query.month) {
    const [year, month] = query.month.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return { from: `${query.month}-01`, to: `${query.month}-${String(lastDay).padStart(2, '0')}` };
  }
  return { from: query.from!, to: query.to ?? query.from! };
}

/** A row's rates as text: 'IVA 16 %', 'IVA 16 % · IEPS 8 %', 'IVA 16 % · IEPS cuota', 'Exento'. */
export function taxRowLabel(row: Pick<TaxReportRow, 'ivaRate' | 'iepsRate' | 'iepsByQuota'>): string {
  const ieps = row.iepsByQuota ? 'IEPS cuota' : row.iepsRate !== null ? `IEPS ${row.iepsRate} %` : null;
  return ieps ? `${ivaLabel(row.ivaRate)} · ${ieps}` : ivaLabel(row.ivaRate);
}

/** One figure of the declaration view: a label and pesos. */
export interface TaxFigure {
  label: string;
  amount: number;
}

const cents = (pesos: number) => Math.round(pesos * 100);

/**
 * The figures a declaration asks for, from a report's rows: the IVA's base (IEPS included, Ley
 * del IVA art. 18) and the IVA at 16 % and at 8 %, the sales at 0 % and exentas, each IEPS rate's
 * base and tax, the IEPS by cuota. Only what the period has; IVA 16 % always.
 */
export function taxFigures(rows: readonly TaxReportRow[]): TaxFigure[] {
  const ivaBase: Record<IvaRate, number> = { '16': 0, '8': 0, '0': 0, exento: 0 };
  const iva: Record<IvaRate, number> = { '16': 0, '8': 0, '0': 0, exento: 0 };
  const iepsByRate = new Map<string, { base: number; ieps: number }>();
  for (const row of rows) {
    ivaBase[row.ivaRate] += cents(row.base) + cents(row.ieps);
    iva[row.ivaRate] += cents(row.iva);
    if (row.iepsRate === null && !row.iepsByQuota) continue;
    const key = row.iepsByQuota ? 'IEPS cuota' : `IEPS ${row.iepsRate} %`;
    const sum = iepsByRate.get(key) ?? { base: 0, ieps: 0 };
    sum.base += cents(row.base);
    sum.ieps += cents(row.ieps);
    iepsByRate.set(key, sum);
  }
  const figures: TaxFigure[] = [
    { label: 'Ventas a tasa 16 % (base del IVA)', amount: ivaBase['16'] },
    { label: 'IVA 16 %', amount: iva['16'] },
  ];
  if (ivaBase['8'] || iva['8']) {
    figures.push(
      { label: 'Ventas a tasa 8 % (base del IVA)', amount: ivaBase['8'] },
      { label: 'IVA 8 %', amount: iva['8'] },
    );
  }
  if (ivaBase['0']) figures.push({ label: 'Ventas a tasa 0 %', amount: ivaBase['0'] });
  if (ivaBase.exento) figures.push({ label: 'Ventas exentas', amount: ivaBase.exento });
  for (const [label, sum] of [...iepsByRate].sort(([a], [b]) => a.localeCompare(b, 'es'))) {
    figures.push({ label: `Base ${label}`, amount: sum.base }, { label, amount: sum.ieps });
  }
  return figures.map((f) => ({ label: f.label, amount: f.amount / 100 }));
}
