import type { TaxTerms } from '@mostrador/shared';
import { IMPUESTO, type Concepto, type Traslado } from './cfdi.model.js';
import { divRoundHalfUp, pesosText, quantityText, sixDecimalsText } from './decimals.js';

// A receipt line becomes a Concepto from the split stored at the time of sale (decision 087): the
// Importe is the line's base, its taxes are the stored IEPS and IVA. Nothing is recomputed from
// the price, so the invoice says exactly what the ticket and the cut said.

/** The stored receipt line's fields an invoice needs (receipt_items' columns, camelCased). */
export interface CfdiLine {
  productName: string;
  /** The shop's unit label ('pza', 'kg'): the optional Unidad. */
  units?: string | null;
  /** The shop's own code (a barcode, a receipt's folio on a factura global): NoIdentificacion. */
  identification?: string | null;
  quantityMilli: number;
  satProductCode: string | null;
  satUnitCode: string | null;
  ivaRate: TaxTerms['ivaRate'];
  iepsRatePpm: number | null;
  iepsQuotaMicros: number | null;
  baseCents: number;
  iepsCents: number;
  ivaCents: number;
}

const IVA_PPM = { '16': 160_000, '8': 80_000, '0': 0 } as const;
/** The SAT's longest Unidad. */
const UNIDAD_MAX = 20;
/** ValorUnitario's most decimals (t_Importe). */
const UNIT_VALUE_MAX_DECIMALS = 6;

/**
 * ValorUnitario = Importe / Cantidad, with the fewest decimals (2 to 6) whose Cantidad × ValorUnitario
 * rounds to the Importe exactly, so the invoice reads right ('3 × 5.50 = 16.50'); else 6 decimals.
 * Any correctly rounded value is within Anexo 20's limits (the limits widen by half a unit of its
 * last decimal), so the fallback is always accepted too.
 */
export function unitValueText(importeCents: number, quantityMilli: number): string {
  const cents = BigInt(importeCents);
  const milli = BigInt(quantityMilli);
  for (let decimals = 2; decimals <= UNIT_VALUE_MAX_DECIMALS; decimals += 1) {
    const scale = 10n ** BigInt(decimals);
    // Importe (cents) / 100 / (milli / 1000), in units of 10^-decimals.
    const unitValue = divRoundHalfUp(cents * 10n * scale, milli);
    // Cantidad × ValorUnitario in cents: milli / 1000 × unitValue / scale × 100.
    const back = divRoundHalfUp(milli * unitValue, 10n * scale);
    if (back === cents || decimals === UNIT_VALUE_MAX_DECIMALS) {
      const digits = unitValue.toString().padStart(decimals + 1, '0');
      return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
    }
  }
  throw new Error('unreachable');
}

/** The line's traslados: IVA on base + IEPS (Ley del IVA, art. 18), then IEPS on the base or per unit. */
export function trasladosOf(line: CfdiLine): Traslado[] {
  const traslados: Traslado[] = [];
  const ivaBase = pesosText(line.baseCents + line.iepsCents);
  if (line.ivaRate === 'exento') {
    traslados.push({ base: ivaBase, impuesto: IMPUESTO.iva, tipoFactor: 'Exento' });
  } else {
    traslados.push({
      base: ivaBase,
      impuesto: IMPUESTO.iva,
      tipoFactor: 'Tasa',
      tasaOCuota: sixDecimalsText(IVA_PPM[line.ivaRate]),
      importe: pesosText(line.ivaCents),
    });
  }
  if (line.iepsQuotaMicros !== null) {
    // A cuota's base is the quantity it is charged on; its TasaOCuota is the pesos per unit.
    traslados.push({
      base: quantityText(line.quantityMilli),
      impuesto: IMPUESTO.ieps,
      tipoFactor: 'Cuota',
      tasaOCuota: sixDecimalsText(line.iepsQuotaMicros),
      importe: pesosText(line.iepsCents),
    });
  } else if (line.iepsRatePpm !== null) {
    traslados.push({
      base: pesosText(line.baseCents),
      impuesto: IMPUESTO.ieps,
      tipoFactor: 'Tasa',
      tasaOCuota: sixDecimalsText(line.iepsRatePpm),
      importe: pesosText(line.iepsCents),
    });
  }
  return traslados;
}

/**
 * A description as the SAT takes it: '|' separates the cadena original's fields, so the schema
 * refuses it in any text. A receipt keeps its product name as sold and can't be edited, so the
 * invoice writes '/' instead rather than never being issuable.
 */
const descriptionText = (name: string) => name.replace(/\|/g, '/');

/** Text as the SAT's fields take it: runs of spaces collapsed, trimmed, cut to `max` characters. */
const fieldText = (text: string, max: number) =>
  [...descriptionText(text).replace(/\s+/g, ' ').trim()].slice(0, max).join('');

/** One Concepto per stored line; ObjetoImp 02: each carries its own traslados. */
export function conceptsFromLines(lines: readonly CfdiLine[]): Concepto[] {
  return lines.map((line) => {
    const unidad = line.units ? fieldText(line.units, UNIDAD_MAX) : '';
    const identification = line.identification ? fieldText(line.identification, 100) : '';
    return {
      claveProdServ: line.satProductCode ?? '',
      ...(identification ? { noIdentificacion: identification } : {}),
      cantidad: quantityText(line.quantityMilli),
      claveUnidad: line.satUnitCode ?? '',
      ...(unidad ? { unidad } : {}),
      descripcion: descriptionText(line.productName),
      valorUnitario: unitValueText(line.baseCents, line.quantityMilli),
      importe: pesosText(line.baseCents),
      objetoImp: '02',
      traslados: trasladosOf(line),
    };
  });
}
