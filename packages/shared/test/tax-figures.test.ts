import { describe, expect, it } from 'vitest';
import { type TaxReportRow, taxFigures, taxPeriodOf, taxRowLabel } from '../src/index.js';

const row = (over: Partial<TaxReportRow>): TaxReportRow => ({
  ivaRate: '16',
  iepsRate: null,
  iepsByQuota: false,
  base: 0,
  ieps: 0,
  iva: 0,
  total: 0,
  ...over,
});

describe('taxFigures', () => {
  it('puts the IEPS in the IVA base and lists each rate only when the period has it', () => {
    const figures = taxFigures([
      row({ base: 100, iva: 16, total: 116 }),
      row({ iepsRate: 8, base: 50.01, ieps: 4, iva: 8.64, total: 62.65 }),
      row({ ivaRate: '0', base: 30.1, total: 30.1 }),
      row({ iepsByQuota: true, base: 10, ieps: 1.5, iva: 1.84, total: 13.34 }),
    ]);
    expect(figures).toEqual([
      { label: 'Ventas a tasa 16 % (base del IVA)', amount: 165.51 },
      { label: 'IVA 16 %', amount: 26.48 },
      { label: 'Ventas a tasa 0 %', amount: 30.1 },
      { label: 'Base IEPS 8 %', amount: 50.01 },
      { label: 'IEPS 8 %', amount: 4 },
      { label: 'Base IEPS cuota', amount: 10 },
      { label: 'IEPS cuota', amount: 1.5 },
    ]);
  });

  it('always shows the IVA at 16 %, even for an empty period', () => {
    expect(taxFigures([])).toEqual([
      { label: 'Ventas a tasa 16 % (base del IVA)', amount: 0 },
      { label: 'IVA 16 %', amount: 0 },
    ]);
  });

  it('shows the 8 % and exentas when there are any', () => {
    const figures = taxFigures([row({ ivaRate: '8', base: 200, iva: 16 }), row({ ivaRate: 'exento', base: 12.5 })]);
    expect(figures.map((f) => [f.label, f.amount])).toEqual([
      ['Ventas a tasa 16 % (base del IVA)', 0],
      ['IVA 16 %', 0],
      ['Ventas a tasa 8 % (base del IVA)', 200],
      ['IVA 8 %', 16],
      ['Ventas exentas', 12.5],
    ]);
  });
});

describe('taxRowLabel and taxPeriodOf', () => {
  it('names the rates of a row', () => {
    expect(taxRowLabel({ ivaRate: '16', iepsRate: 8, iepsByQuota: false })).toBe('IVA 16 % · IEPS 8 %');
    expect(taxRowLabel({ ivaRate: '16', iepsRate: null, iepsByQuota: true })).toBe('IVA 16 % · IEPS cuota');
  });

  it('turns a month into its days, February of a leap year included', () => {
    expect(taxPeriodOf({ month: '2028-02' })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(taxPeriodOf({ from: '2026-11-03' })).toEqual({ from: '2026-11-03', to: '2026-11-03' });
  });
});
