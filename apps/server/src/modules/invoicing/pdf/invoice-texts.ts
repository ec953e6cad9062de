import {
  SAT_CFDI_USES,
  SAT_MONTHS,
  SAT_PAYMENT_FORMS,
  SAT_PAYMENT_METHODS,
  SAT_PERIODICITIES,
  SAT_REGIMES,
} from '@mostrador/shared';
import type { CfdiTraslado } from './stamped-cfdi.js';

// The invoice PDF's words and how it shows the XML's values: amounts grouped by thousands from
// their decimal strings (never through a float), rates as percentages, codes with the SAT
// catalogue's description.

export const INVOICE_PDF_TEXTS = {
  title: 'Factura',
  creditTitle: 'Nota de crédito',
  related: 'CFDI relacionado',
  relationType: 'Tipo de relación',
  relatedUuid: 'Folio fiscal relacionado (UUID)',
  cancelled: 'CANCELADA',
  uuid: 'Folio fiscal (UUID)',
  date: 'Fecha de emisión',
  place: 'Lugar de expedición',
  type: 'Tipo de comprobante',
  emisor: 'Emisor',
  receptor: 'Receptor',
  rfc: 'RFC',
  regime: 'Régimen fiscal',
  zip: 'Domicilio fiscal (C.P.)',
  use: 'Uso del CFDI',
  payment: 'Pago',
  method: 'Método de pago',
  form: 'Forma de pago',
  currency: 'Moneda',
  export: 'Exportación',
  global: 'Información global',
  periodicity: 'Periodicidad',
  months: 'Meses',
  year: 'Año',
  columns: ['Clave SAT', 'Cantidad', 'Unidad', 'Descripción', 'Valor unitario', 'Importe'] as const,
  identification: 'No. identificación',
  taxObject: 'Objeto de impuesto',
  subTotal: 'Subtotal',
  discount: 'Descuento',
  total: 'Total',
  inWords: 'Importe con letra',
  certificate: 'No. de serie del CSD del emisor',
  satCertificate: 'No. de serie del certificado del SAT',
  stampedAt: 'Fecha y hora de certificación',
  pac: 'RFC del proveedor de certificación',
  selloCfdi: 'Sello digital del CFDI',
  selloSat: 'Sello digital del SAT',
  cadena: 'Cadena original del complemento de certificación digital del SAT',
  legend: 'Este documento es una representación impresa de un CFDI 4.0.',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
} as const;

const TAXES: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };
const VOUCHER_TYPES: Record<string, string> = {
  I: 'Ingreso',
  E: 'Egreso',
  T: 'Traslado',
  N: 'Nómina',
  P: 'Pago',
};
/** c_TipoRelacion (not among the generated catalogues). */
const RELATION_TYPES: Record<string, string> = {
  '01': 'Nota de crédito de los documentos relacionados',
  '02': 'Nota de débito de los documentos relacionados',
  '03': 'Devolución de mercancía sobre facturas o traslados previos',
  '04': 'Sustitución de los CFDI previos',
  '05': 'Traslados de mercancías facturados previamente',
  '06': 'Factura generada por los traslados previos',
  '07': 'CFDI por aplicación de anticipo',
};
/** c_Exportacion (not among the generated catalogues: a shop only ever writes 01). */
const EXPORTS: Record<string, string> = {
  '01': 'No aplica',
  '02': 'Definitiva con clave A1',
  '03': 'Temporal',
  '04': 'Definitiva con clave distinta a A1 o cuando no existe enajenación en términos del CFF',
};
const TAX_OBJECTS: Record<string, string> = {
  '01': 'No objeto de impuesto',
  '02': 'Sí objeto de impuesto',
  '03': 'Sí objeto del impuesto y no obligado al desglose',
  '04': 'Sí objeto del impuesto y no causa impuesto',
  '05': 'Sí objeto del impuesto, IVA crédito PODEBI',
};

const named = (list: readonly { code: string; name: string }[]) => (code: string | undefined) => {
  if (code === undefined) return '';
  const entry = list.find((item) => item.code === code);
  return entry ? `${code} - ${entry.name}` : code;
};
const mapped = (map: Record<string, string>) => (code: string) => (map[code] ? `${code} - ${map[code]}` : code);

export const describe = {
  regime: named(SAT_REGIMES),
  use: named(SAT_CFDI_USES),
  form: named(SAT_PAYMENT_FORMS),
  method: named(SAT_PAYMENT_METHODS),
  periodicity: named(SAT_PERIODICITIES),
  months: named(SAT_MONTHS),
  voucherType: mapped(VOUCHER_TYPES),
  relationType: mapped(RELATION_TYPES),
  export: mapped(EXPORTS),
  taxObject: mapped(TAX_OBJECTS),
};

/** A decimal string with its integer part grouped by thousands: '1234567.5' → '1,234,567.5'. */
export function grouped(decimal: string): string {
  const [whole = '', fraction] = decimal.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

export const money = (decimal: string) => `$${grouped(decimal)}`;

/** A 2-decimal amount (SubTotal, Total in MXN) as integer centavos, by its digits. */
export function centsOf(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new RangeError(`Importe con más de 2 decimales: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A TasaOCuota as a percentage by moving its decimal point: '0.160000' → '16', '0.265000' → '26.5'. */
export function percent(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const padded = fraction.padEnd(2, '0');
  const integer = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : integer;
}

/** 'IVA 16 %', 'IEPS 26.5 %', 'IEPS cuota $1.6451', 'IVA exento'. */
export function taxLabel(tax: CfdiTraslado): string {
  const name = TAXES[tax.impuesto] ?? tax.impuesto;
  if (tax.tipoFactor === 'Exento') return `${name} exento`;
  if (tax.tipoFactor === 'Cuota') return `${name} cuota $${(tax.tasaOCuota ?? '').replace(/(\.\d*?[1-9])0+$/, '$1')}`;
  return `${name} ${percent(tax.tasaOCuota ?? '0')} %`;
}

/**
 * A concept's traslado on one line: 'IVA 16 %: base $90.00, importe $14.40'; a cuota's base is
 * the quantity it is charged on, not money: 'IEPS cuota $1.6451: base 12, importe $19.74'.
 */
export function taxDetail(tax: CfdiTraslado): string {
  const base = tax.tipoFactor === 'Cuota' ? tax.base : money(tax.base);
  return `${taxLabel(tax)}: base ${base}${tax.importe !== undefined ? `, importe ${money(tax.importe)}` : ''}`;
}

/** The CFDI's local date-time 'YYYY-MM-DDTHH:mm:ss' as '27/11/2026 10:15:00'. */
export function cfdiDateTime(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}` : value;
}

export const serieFolio = (serie?: string, folio?: string) => [serie, folio].filter(Boolean).join('-');
