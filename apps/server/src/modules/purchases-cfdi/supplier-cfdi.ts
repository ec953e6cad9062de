import { type IvaRate, MAX_CFDI_LINES } from '@mostrador/shared';
import { divRoundHalfUp, microsToCents, microsToMilli, parseMicros } from './cfdi-amounts.js';
import { childOf, childrenOf, parseXmlTree, UnreadableXml, type XmlElement } from './xml-tree.js';

// A supplier's stamped invoice (CFDI 3.3 or 4.0, TipoDeComprobante I, with its
// TimbreFiscalDigital) read into what a purchase needs. Each line's unit cost is net of IVA and
// includes the IEPS the supplier charged: the shop, outside the IEPS chain, cannot credit it, so it
// is part of what the goods cost (decision 100):
//   unit cost = (Importe − Descuento + IEPS trasladado of the line) / Cantidad.
// The seal is not verified here: the user reviews the draft, and the SAT's verifier is the place
// to check that an invoice is real.

const NAMESPACES = { '3.3': 'http://www.sat.gob.mx/cfd/3', '4.0': 'http://www.sat.gob.mx/cfd/4' } as const;
const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';
const IVA = '002';
const IEPS = '003';

const TIPOS: Record<string, string> = {
  E: 'Egreso (una nota de crédito)',
  P: 'Pago (un complemento de pago)',
  T: 'Traslado (una carta porte)',
  N: 'Nómina',
};

export interface SupplierCfdiLine {
  supplierCode: string | null;
  description: string;
  quantityMilli: number;
  units: string;
  /** Per unit, millionths of a peso: net of IVA, IEPS included. */
  unitCostMicros: bigint;
  ivaRate: IvaRate | null;
  satProductCode: string;
  satUnitCode: string;
}

export interface SupplierCfdi {
  version: '3.3' | '4.0';
  emisor: { rfc: string; name: string };
  invoiceFolio: string | null;
  uuid: string;
  /** 'YYYY-MM-DD', the CFDI's Fecha. */
  date: string;
  totalCents: bigint;
  lines: SupplierCfdiLine[];
}

/** The file is not a supplier invoice this reader takes; the message says why, in Spanish. */
export class CfdiRefused extends Error {}

export const NOT_A_CFDI = 'El archivo no es un CFDI (factura electrónica del SAT).';
export const NOT_STAMPED = 'El CFDI no está timbrado: le falta el Timbre Fiscal Digital (TFD).';

function attribute(element: XmlElement, name: string): string {
  const value = element.attributes.get(name)?.trim();
  if (!value) throw new CfdiRefused(`Al CFDI le falta el atributo ${name} en ${element.local}.`);
  return value;
}
const optionalAttribute = (element: XmlElement, name: string) => element.attributes.get(name)?.trim() || null;

function amount(element: XmlElement, name: string, { required = true } = {}): bigint {
  const text = element.attributes.get(name);
  if (text === undefined && !required) return 0n;
  const value = parseMicros(text);
  if (value === null) {
    if (text === undefined) throw new CfdiRefused(`Al CFDI le falta el atributo ${name} en ${element.local}.`);
    throw new CfdiRefused(`El CFDI tiene un importe que no se puede leer: ${name}="${text}" en ${element.local}.`);
  }
  return value;
}

function versionOf(root: XmlElement): '3.3' | '4.0' {
  if (root.local !== 'Comprobante' || !root.uri.startsWith('http://www.sat.gob.mx/cfd/')) {
    throw new CfdiRefused(NOT_A_CFDI);
  }
  const version = root.attributes.get('Version');
  if (version === '4.0' && root.uri === NAMESPACES['4.0']) return '4.0';
  if (version === '3.3' && root.uri === NAMESPACES['3.3']) return '3.3';
  throw new CfdiRefused(`Solo se leen CFDI versión 3.3 o 4.0; este es versión ${version ?? 'desconocida'}.`);
}

function ivaRateOf(traslado: XmlElement | undefined): IvaRate | null {
  if (!traslado) return null;
  if (traslado.attributes.get('TipoFactor') === 'Exento') return 'exento';
  const rate = parseMicros(traslado.attributes.get('TasaOCuota'));
  if (rate === 160_000n) return '16';
  if (rate === 80_000n) return '8';
  if (rate === 0n) return '0';
  throw new CfdiRefused(`El CFDI tiene una tasa de IVA que no se conoce: ${traslado.attributes.get('TasaOCuota')}.`);
}

/** A concepto's traslados (IVA and IEPS it carries). */
const trasladosOf = (concepto: XmlElement, ns: string) =>
  childrenOf(childOf(concepto, ns, 'Impuestos'), ns, 'Traslados').flatMap((group) => childrenOf(group, ns, 'Traslado'));

function lineOf(concepto: XmlElement, ns: string, index: number): SupplierCfdiLine {
  const traslados = trasladosOf(concepto, ns);
  const ieps = traslados
    .filter((t) => t.attributes.get('Impuesto') === IEPS && t.attributes.get('TipoFactor') !== 'Exento')
    .reduce((sum, t) => sum + amount(t, 'Importe'), 0n);
  const cantidad = amount(concepto, 'Cantidad');
  const quantityMilli = microsToMilli(cantidad);
  if (quantityMilli <= 0n) throw new CfdiRefused(`El concepto ${index + 1} del CFDI tiene cantidad cero.`);
  const net = amount(concepto, 'Importe') - amount(concepto, 'Descuento', { required: false });
  if (net < 0n) throw new CfdiRefused(`El concepto ${index + 1} del CFDI tiene un descuento mayor que su importe.`);
  const claveUnidad = attribute(concepto, 'ClaveUnidad');
  return {
    supplierCode: optionalAttribute(concepto, 'NoIdentificacion'),
    description: attribute(concepto, 'Descripcion').replace(/\s+/g, ' '),
    quantityMilli: Number(quantityMilli),
    units: optionalAttribute(concepto, 'Unidad') ?? claveUnidad,
    // The cost of what came in, over the quantity as written (not the rounded one).
    unitCostMicros: divRoundHalfUp((net + ieps) * 1_000_000n, cantidad),
    ivaRate: ivaRateOf(traslados.find((t) => t.attributes.get('Impuesto') === IVA)),
    satProductCode: attribute(concepto, 'ClaveProdServ'),
    satUnitCode: claveUnidad,
  };
}

/**
 * The totals a PAC checked, checked again against the lines, so a hand-edited file is not taken for
 * the invoice it claims to be: SubTotal = Σ Importe, Descuento = Σ Descuento, Total = SubTotal −
 * Descuento + taxes carried − taxes withheld, and the taxes carried the lines' sum within a
 * centavo per line (Anexo 20 rounds each group).
 */
function checkTotals(root: XmlElement, ns: string, conceptos: XmlElement[]) {
  const sumCents = (name: string, required: boolean) =>
    microsToCents(conceptos.reduce((sum, c) => sum + amount(c, name, { required }), 0n));
  const subTotal = microsToCents(amount(root, 'SubTotal'));
  const descuento = microsToCents(amount(root, 'Descuento', { required: false }));
  const impuestos = childOf(root, ns, 'Impuestos');
  const trasladados = impuestos
    ? microsToCents(amount(impuestos, 'TotalImpuestosTrasladados', { required: false }))
    : 0n;
  const retenidos = impuestos ? microsToCents(amount(impuestos, 'TotalImpuestosRetenidos', { required: false })) : 0n;
  const total = microsToCents(amount(root, 'Total'));
  const lineTaxes = microsToCents(
    conceptos
      .flatMap((c) => trasladosOf(c, ns))
      .filter((t) => t.attributes.get('TipoFactor') !== 'Exento')
      .reduce((sum, t) => sum + amount(t, 'Importe'), 0n),
  );
  const problems = [
    subTotal !== sumCents('Importe', true) && 'el SubTotal no es la suma de los importes de los conceptos',
    descuento !== sumCents('Descuento', false) && 'el Descuento no es la suma de los descuentos de los conceptos',
    total !== subTotal - descuento + trasladados - retenidos &&
      'el Total no es el SubTotal menos el descuento más los impuestos',
    (lineTaxes - trasladados > BigInt(conceptos.length) || trasladados - lineTaxes > BigInt(conceptos.length)) &&
      'los impuestos trasladados no son la suma de los de los conceptos',
  ].filter(Boolean);
  if (problems.length > 0) throw new CfdiRefused(`Los importes del CFDI no cuadran: ${problems.join('; ')}.`);
}

function invoiceFolioOf(root: XmlElement): string | null {
  const serie = optionalAttribute(root, 'Serie');
  const folio = optionalAttribute(root, 'Folio');
  return [serie, folio].filter(Boolean).join('-') || null;
}

/** Reads one file; CfdiRefused (or UnreadableXml) with a Spanish message when it is not one to take. */
export function readSupplierCfdi(data: Buffer): SupplierCfdi {
  const root = parseXmlTree(data);
  const version = versionOf(root);
  const ns = NAMESPACES[version];
  const tipo = attribute(root, 'TipoDeComprobante');
  if (tipo !== 'I') {
    throw new CfdiRefused(
      `El CFDI es de tipo ${TIPOS[tipo] ?? tipo}, no una factura de ingreso: no trae mercancía para registrar una compra.`,
    );
  }
  const moneda = attribute(root, 'Moneda');
  if (moneda !== 'MXN') throw new CfdiRefused(`El CFDI está en ${moneda}: solo se leen facturas en pesos (MXN).`);
  const tfd = childrenOf(root, ns, 'Complemento').flatMap((c) => childrenOf(c, TFD_NS, 'TimbreFiscalDigital'))[0];
  if (!tfd) throw new CfdiRefused(NOT_STAMPED);
  const emisor = childOf(root, ns, 'Emisor');
  if (!emisor) throw new CfdiRefused('Al CFDI le falta el Emisor.');
  const conceptos = childrenOf(childOf(root, ns, 'Conceptos'), ns, 'Concepto');
  if (conceptos.length === 0) throw new CfdiRefused('El CFDI no tiene conceptos.');
  if (conceptos.length > MAX_CFDI_LINES) {
    throw new CfdiRefused(
      `El CFDI tiene ${conceptos.length} conceptos; una compra lleva ${MAX_CFDI_LINES} como máximo.`,
    );
  }
  checkTotals(root, ns, conceptos);
  const fecha = attribute(root, 'Fecha');
  if (!/^\d{4}-\d{2}-\d{2}T/.test(fecha))
    throw new CfdiRefused(`El CFDI tiene una fecha que no se puede leer: ${fecha}.`);
  const rfc = attribute(emisor, 'Rfc').toUpperCase();
  return {
    version,
    emisor: { rfc, name: optionalAttribute(emisor, 'Nombre')?.replace(/\s+/g, ' ') ?? rfc },
    invoiceFolio: invoiceFolioOf(root),
    uuid: attribute(tfd, 'UUID').toUpperCase(),
    date: fecha.slice(0, 10),
    totalCents: microsToCents(amount(root, 'Total')),
    lines: conceptos.map((concepto, index) => lineOf(concepto, ns, index)),
  };
}

export { UnreadableXml };
