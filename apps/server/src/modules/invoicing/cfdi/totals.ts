import type { Concepto, ImpuestosTotales, Traslado } from './cfdi.model.js';
import { type Decimal, parseDecimal, pesosText, roundTo, sumDecimals } from './decimals.js';

// The comprobante's totals from its conceptos, in exact integers: SubTotal is the sum of the
// Importes; the tax summary groups the concepts' traslados by Impuesto, TipoFactor and TasaOCuota,
// each Base and Importe the sum of the group's rounded to the centavo (Anexo 20); Total is
// SubTotal plus the traslados. The validator recomputes these same sums to check a document.

const CENT_SCALE = 2;

/** A decimal the model wrote itself; a malformed one is a bug, not a user's error. */
function exact(text: string): Decimal {
  const value = parseDecimal(text);
  if (!value) throw new Error(`Not a CFDI decimal: '${text}'`);
  return value;
}

/** Sum of decimals rounded half up to the centavo. */
export const sumToCents = (texts: readonly string[]): bigint => roundTo(sumDecimals(texts.map(exact)), CENT_SCALE);

export const trasladoGroupKey = (traslado: Traslado): string =>
  `${traslado.impuesto}|${traslado.tipoFactor}|${traslado.tasaOCuota ?? ''}`;

/** The concepts' traslados grouped, in the order each group first appears. */
export function groupTraslados(conceptos: readonly Concepto[]): Map<string, Traslado[]> {
  const groups = new Map<string, Traslado[]>();
  for (const traslado of conceptos.flatMap((concepto) => concepto.traslados)) {
    const key = trasladoGroupKey(traslado);
    groups.set(key, [...(groups.get(key) ?? []), traslado]);
  }
  return groups;
}

export function impuestosOf(conceptos: readonly Concepto[]): ImpuestosTotales | undefined {
  const traslados: Traslado[] = [];
  let total = 0n;
  let anyTaxed = false;
  for (const group of groupTraslados(conceptos).values()) {
    const [first] = group as [Traslado, ...Traslado[]];
    const base = pesosText(sumToCents(group.map((traslado) => traslado.base)));
    if (first.tipoFactor === 'Exento') {
      traslados.push({ base, impuesto: first.impuesto, tipoFactor: 'Exento' });
      continue;
    }
    const importe = sumToCents(group.map((traslado) => traslado.importe ?? '0'));
    total += importe;
    anyTaxed = true;
    traslados.push({ ...first, base, importe: pesosText(importe) });
  }
  if (traslados.length === 0) return undefined;
  return anyTaxed ? { totalImpuestosTrasladados: pesosText(total), traslados } : { traslados };
}

/** SubTotal and Total (no discounts, no retentions yet), with the tax summary they come from. */
export function totalsOf(conceptos: readonly Concepto[]): {
  subTotal: string;
  total: string;
  impuestos?: ImpuestosTotales;
} {
  const subTotal = sumToCents(conceptos.map((concepto) => concepto.importe));
  const impuestos = impuestosOf(conceptos);
  const taxes = impuestos?.totalImpuestosTrasladados ? sumToCents([impuestos.totalImpuestosTrasladados]) : 0n;
  return {
    subTotal: pesosText(subTotal),
    total: pesosText(subTotal + taxes),
    ...(impuestos ? { impuestos } : {}),
  };
}
