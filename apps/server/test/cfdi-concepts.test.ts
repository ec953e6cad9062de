import { lineTaxes, type TaxTerms } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { withinProductLimits } from '../src/modules/invoicing/cfdi/arithmetic.js';
import { parseDecimal } from '../src/modules/invoicing/cfdi/decimals.js';
import { cfdiDate, conceptsFromLines, totalsOf } from '../src/modules/invoicing/cfdi/index.js';
import { storedLine } from './helpers/cfdi-corpus.js';

// Stored receipt lines to Conceptos and totals: exact decimal strings from the stored split.

const terms = (
  ivaRate: TaxTerms['ivaRate'],
  iepsRatePpm: number | null = null,
  iepsQuotaMicros: number | null = null,
) => ({
  ivaRate,
  iepsRatePpm,
  iepsQuotaMicros,
});
const decimal = (text: string) => parseDecimal(text)!;

describe('conceptsFromLines', () => {
  it('a 16 % line: Importe is the base, IVA on it', () => {
    const [concepto] = conceptsFromLines([
      storedLine(11_600, 1000, terms('16'), { productName: 'Martillo', units: 'pza', identification: '7501' }),
    ]);
    expect(concepto).toEqual({
      claveProdServ: '50202306',
      noIdentificacion: '7501',
      cantidad: '1',
      claveUnidad: 'H87',
      unidad: 'pza',
      descripcion: 'Martillo',
      valorUnitario: '100.00',
      importe: '100.00',
      objetoImp: '02',
      traslados: [{ base: '100.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '16.00' }],
    });
  });

  it('ValorUnitario has the fewest decimals that give back the Importe, else six', () => {
    const [exact, repeating, weighed] = conceptsFromLines([
      storedLine(1914, 3000, terms('16')), // base 16.50 → 5.50
      storedLine(1972, 3000, terms('16')), // base 17.00 → 5.667 (3 × 5.667 = 17.001)
      storedLine(4350, 1250, terms('0')), // 1.25 kg for 43.50 → 34.80
    ]);
    expect([exact!.importe, exact!.cantidad, exact!.valorUnitario]).toEqual(['16.50', '3', '5.50']);
    expect([repeating!.importe, repeating!.valorUnitario]).toEqual(['17.00', '5.667']);
    expect([weighed!.cantidad, weighed!.valorUnitario]).toEqual(['1.25', '34.80']);
  });

  it("every ValorUnitario is within Anexo 20's limits of the Importe", () => {
    for (let cents = 1; cents < 4000; cents += 37) {
      for (const milli of [1, 7, 250, 333, 1000, 1234, 3000, 12_500, 99_999]) {
        const [concepto] = conceptsFromLines([storedLine(cents, milli, terms('0'))]);
        if (concepto!.importe === '0.00') continue;
        expect(
          withinProductLimits(
            decimal(concepto!.importe),
            decimal(concepto!.cantidad),
            decimal(concepto!.valorUnitario),
          ),
          `${cents} / ${milli}`,
        ).toBe(true);
      }
    }
  });

  it('IEPS by rate: its base is the line base, and IVA is on base + IEPS', () => {
    const line = storedLine(5000, 2000, terms('16', 265_000));
    const split = lineTaxes(5000, 2000, terms('16', 265_000));
    const [concepto] = conceptsFromLines([line]);
    expect(concepto!.importe).toBe((split.baseCents / 100).toFixed(2));
    expect(concepto!.traslados).toEqual([
      {
        base: ((split.baseCents + split.iepsCents) / 100).toFixed(2),
        impuesto: '002',
        tipoFactor: 'Tasa',
        tasaOCuota: '0.160000',
        importe: (split.ivaCents / 100).toFixed(2),
      },
      {
        base: (split.baseCents / 100).toFixed(2),
        impuesto: '003',
        tipoFactor: 'Tasa',
        tasaOCuota: '0.265000',
        importe: (split.iepsCents / 100).toFixed(2),
      },
    ]);
  });

  it('IEPS by cuota: its base is the quantity, its TasaOCuota the pesos per unit with six decimals', () => {
    const [concepto] = conceptsFromLines([storedLine(5400, 3000, terms('16', null, 1_645_100))]);
    const ieps = concepto!.traslados[1]!;
    expect(ieps).toMatchObject({
      base: '3',
      impuesto: '003',
      tipoFactor: 'Cuota',
      tasaOCuota: '1.645100',
      importe: '4.94',
    });
  });

  it('exento: TipoFactor Exento with no TasaOCuota nor Importe', () => {
    const [concepto] = conceptsFromLines([storedLine(2500, 1000, terms('exento'))]);
    expect(concepto!.traslados).toEqual([{ base: '25.00', impuesto: '002', tipoFactor: 'Exento' }]);
  });

  it("writes '/' for '|' (the SAT refuses it) and keeps the rest of the name as sold", () => {
    const [concepto] = conceptsFromLines([
      storedLine(100, 1000, terms('0'), { productName: ' Pan | dulce ', units: '  caja  de\t12 ' }),
    ]);
    expect(concepto!.descripcion).toBe(' Pan / dulce ');
    expect(concepto!.unidad).toBe('caja de 12');
  });
});

describe('totalsOf', () => {
  it('groups traslados by impuesto, factor and rate, and adds in centavos', () => {
    const conceptos = conceptsFromLines([
      storedLine(11_600, 1000, terms('16')),
      storedLine(5_801, 1000, terms('16')),
      storedLine(1_000, 1000, terms('0')),
      storedLine(700, 1000, terms('exento')),
    ]);
    const totals = totalsOf(conceptos);
    // 58.01 = 50.01 + 8.00 (IVA 8.0016 rounds to 8.00).
    expect(totals.subTotal).toBe('167.01');
    expect(totals.impuestos).toEqual({
      totalImpuestosTrasladados: '24.00',
      traslados: [
        { base: '150.01', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', importe: '24.00' },
        { base: '10.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.000000', importe: '0.00' },
        { base: '7.00', impuesto: '002', tipoFactor: 'Exento' },
      ],
    });
    expect(totals.total).toBe('191.01');
  });

  it('only exento lines: no TotalImpuestosTrasladados', () => {
    const totals = totalsOf(conceptsFromLines([storedLine(700, 1000, terms('exento'))]));
    expect(totals).toEqual({
      subTotal: '7.00',
      total: '7.00',
      impuestos: { traslados: [{ base: '7.00', impuesto: '002', tipoFactor: 'Exento' }] },
    });
  });
});

describe('cfdiDate', () => {
  it("is Monterrey's wall clock (UTC−6, no daylight saving since 2022)", () => {
    expect(cfdiDate(Date.UTC(2026, 10, 27, 18, 5, 9))).toBe('2026-11-27T12:05:09');
    expect(cfdiDate(Date.UTC(2026, 6, 1, 3, 0, 0))).toBe('2026-06-30T21:00:00');
    expect(cfdiDate(Date.UTC(2027, 0, 1, 5, 59, 59))).toBe('2026-12-31T23:59:59');
  });
});
