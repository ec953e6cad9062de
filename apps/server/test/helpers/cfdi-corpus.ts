import { lineTaxes, type TaxTerms } from '@mostrador/shared';
import type { CfdiLine, ComprobanteInput } from '../../src/modules/invoicing/cfdi/index.js';

// A corpus of varied CFDI inputs for the invoicing tests: every tax kind the shop sells under
// (16 %, 8 %, 0 %, exento, IEPS by rate and by cuota), weights, text the XML must escape and the
// cadena original must collapse, credit (PPD) and factura global. Deterministic: a seeded PRNG.
// Each line is split as a sale splits it (lineTaxes over the line's amount), as stored.

/** SAT test taxpayers with valid check digits. */
export const EMISOR = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
export const RECEPTOR_MORAL = {
  rfc: 'URE180429TM6',
  nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
  domicilioFiscalReceptor: '86991',
  regimenFiscalReceptor: '601',
  usoCFDI: 'G03',
};
export const RECEPTOR_FISICA = {
  rfc: 'FUNK671228PH6',
  nombre: 'KARLA FUENTE NOLASCO',
  domicilioFiscalReceptor: '01160',
  regimenFiscalReceptor: '612',
  usoCFDI: 'G01',
};
export const LUGAR_EXPEDICION = '64000';

const TERMS: Record<string, TaxTerms> = {
  iva16: { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: null },
  iva8: { ivaRate: '8', iepsRatePpm: null, iepsQuotaMicros: null },
  iva0: { ivaRate: '0', iepsRatePpm: null, iepsQuotaMicros: null },
  exento: { ivaRate: 'exento', iepsRatePpm: null, iepsQuotaMicros: null },
  cerveza: { ivaRate: '16', iepsRatePpm: 265_000, iepsQuotaMicros: null },
  botana: { ivaRate: '0', iepsRatePpm: 80_000, iepsQuotaMicros: null },
  tabaco: { ivaRate: '16', iepsRatePpm: 1_600_000, iepsQuotaMicros: null },
  refresco: { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: 1_645_100 },
  gasolina: { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: 6_455_000 },
};

/** Names a shop really types, and the characters the XML escapes or the XSLT collapses. */
const NAMES = [
  'Coca-Cola 600 ml',
  'Jamón de pavo "FUD" 250 g',
  'Papas & Salsas <Sabritas>',
  "Galletas Marías 'Gamesa'",
  '  Tortillas   de maíz  ',
  'Aceite\t1-2-3\t1 L',
  'Huevo blanco\n(docena)',
  'Café\r\nsoluble',
  'Azúcar\u00a0estándar 1 kg',
  'Piñata 🎉 cumpleaños',
  'Leche Lala® entera',
  'Jabón Zote > 400 g & más',
  'Cerveza Tecate 355 ml',
  'Cigarros Marlboro 20 pzas',
  'Refresco Jarritos de tamarindo',
  'Queso Oaxaca a granel',
  'Frijol negro Verde Valle 1 kg',
  'Pan dulce (concha) c/u',
];
const UNITS: Array<[satUnit: string, units: string | null]> = [
  ['H87', 'pza'],
  ['KGM', 'kg'],
  ['XBX', 'Caja  de 12'],
  ['H87', null],
  ['LTR', 'litro & medio'],
];
const PRODUCT_CODES = ['50202306', '50192100', '50181900', '53131608', '50161813', '01010101'];

/** A small deterministic PRNG (mulberry32). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function storedLine(
  amountCents: number,
  quantityMilli: number,
  terms: TaxTerms,
  extra: Partial<CfdiLine> = {},
): CfdiLine {
  return {
    productName: 'Producto',
    quantityMilli,
    satProductCode: '50202306',
    satUnitCode: 'H87',
    ...terms,
    ...lineTaxes(amountCents, quantityMilli, terms),
    ...extra,
  };
}

function lineFor(next: () => number, termsKey: string, index: number): CfdiLine {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const [satUnitCode, units] = pick(UNITS);
  const weighed = satUnitCode === 'KGM' || satUnitCode === 'LTR';
  const quantityMilli = weighed ? 1 + Math.floor(next() * 12_500) : 1000 * (1 + Math.floor(next() * 12));
  // A cuota line's price is well above its cuota, as on a shelf.
  const priceCents = (termsKey === 'refresco' || termsKey === 'gasolina' ? 1500 : 50) + Math.floor(next() * 30_000);
  const amountCents = Math.round((priceCents * quantityMilli) / 1000);
  return storedLine(amountCents, quantityMilli, TERMS[termsKey]!, {
    productName: NAMES[(index + Math.floor(next() * NAMES.length)) % NAMES.length]!,
    units,
    identification: next() < 0.4 ? `750${Math.floor(next() * 1e10)}` : null,
    satProductCode: pick(PRODUCT_CODES),
    satUnitCode,
  });
}

/** Which tax kinds each document mixes: every kind alone, then mixes. */
const MIXES: string[][] = [
  ['iva16'],
  ['iva8'],
  ['iva0'],
  ['exento'],
  ['cerveza'],
  ['botana'],
  ['refresco'],
  ['tabaco'],
  ['gasolina'],
  ['iva16', 'iva0', 'exento'],
  ['iva16', 'cerveza', 'refresco'],
  ['botana', 'iva0', 'iva16'],
  ['iva8', 'exento', 'iva8'],
  ['exento', 'exento'],
  ['iva16', 'iva8', 'iva0', 'exento', 'cerveza', 'botana', 'refresco', 'tabaco', 'gasolina'],
  ['refresco', 'refresco', 'iva16'],
  ['iva16', 'iva16', 'iva16', 'iva16', 'iva16', 'iva16'],
  ['botana', 'botana', 'exento'],
  ['iva0'],
  ['cerveza', 'iva8'],
  ['iva16', 'exento'],
  ['gasolina', 'iva0', 'botana'],
  ['iva16', 'cerveza'],
  ['iva0', 'iva16', 'refresco'],
];

export interface CorpusEntry {
  name: string;
  input: ComprobanteInput;
}

/**
 * 24 inputs: clients (moral, física), PUE and PPD, three factura globals, odd series and folios;
 * then three notas de crédito (egresos) with CfdiRelacionados made from some of them.
 */
export function cfdiCorpus(): CorpusEntry[] {
  const entries = ingresos();
  return [...entries, ...egresosOf(entries)];
}

/** Notas de crédito: TipoDeComprobante E, PUE, one or several related UUIDs, one or two groups. */
function egresosOf(entries: readonly CorpusEntry[]): CorpusEntry[] {
  const related = [
    [{ tipoRelacion: '01' as const, uuids: ['5FB2822E-396D-4725-8521-CDC4BDD20CCF'] }],
    [
      {
        tipoRelacion: '01' as const,
        uuids: ['6f1e2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', 'A0B1C2D3-E4F5-4A6B-8C7D-9E0F1A2B3C4D'],
      },
    ],
    [
      { tipoRelacion: '01' as const, uuids: ['11111111-2222-4333-8444-555555555555'] },
      { tipoRelacion: '07' as const, uuids: ['99999999-8888-4777-8666-555555555555'] },
    ],
  ];
  return [0, 3, 14].map((from, index) => {
    const { name, input } = entries[from]!;
    return {
      name: `${entries.length + index + 1}: egreso of ${name}`,
      input: {
        ...input,
        tipoDeComprobante: 'E',
        serie: index === 1 ? 'NC "D&V"' : 'NC',
        metodoPago: 'PUE',
        formaPago: ['01', '15', '04'][index]!,
        cfdiRelacionados: related[index]!,
      },
    };
  });
}

function ingresos(): CorpusEntry[] {
  const next = random(2026);
  return MIXES.map((mix, index) => {
    const lines = mix.map((key, line) => lineFor(next, key, index + line));
    const global = index % 8 === 5;
    const credit = index % 7 === 3;
    const emisor =
      index % 3 === 0
        ? EMISOR
        : { ...EMISOR, nombre: index % 3 === 1 ? 'ESCUELA  KEMPER\tURGATE & "HIJOS"' : ' ESCUELA KEMPER URGATE ' };
    const input: ComprobanteInput = {
      serie: index % 4 === 0 ? 'A' : index % 4 === 1 ? 'F&C' : index % 4 === 2 ? 'Mostrador "1"' : undefined,
      folio: index % 5 === 4 ? undefined : String(1000 + index),
      issuedAt: Date.UTC(2026, index % 12, 1 + index, (index * 7) % 24, (index * 13) % 60, (index * 17) % 60),
      emisor,
      receptor: global
        ? {
            rfc: 'XAXX010101000',
            nombre: 'PUBLICO EN GENERAL',
            domicilioFiscalReceptor: LUGAR_EXPEDICION,
            regimenFiscalReceptor: '616',
            usoCFDI: 'S01',
          }
        : index % 2 === 0
          ? RECEPTOR_MORAL
          : RECEPTOR_FISICA,
      lugarExpedicion: LUGAR_EXPEDICION,
      metodoPago: credit ? 'PPD' : 'PUE',
      formaPago: credit ? '99' : ['01', '04', '28', '03'][index % 4]!,
      lines: global
        ? lines.map((line, i) => ({
            ...line,
            satProductCode: '01010101',
            satUnitCode: 'ACT',
            units: null,
            identification: `T-${4000 + i}`,
          }))
        : lines,
    };
    if (global) {
      const bimonthly = index === 13;
      input.informacionGlobal = {
        periodicidad: bimonthly ? '05' : index === 5 ? '01' : '04',
        meses: bimonthly ? '14' : String((index % 12) + 1).padStart(2, '0'),
        año: '2026',
      };
    }
    return { name: `${index + 1}: ${mix.join(' + ')}${global ? ' (global)' : ''}${credit ? ' (PPD)' : ''}`, input };
  });
}
