import { amountInWords } from '@mostrador/shared';
import {
  centsOf,
  cfdiDateTime,
  describe,
  INVOICE_PDF_TEXTS as T,
  money,
  serieFolio,
  taxDetail,
  taxLabel,
} from './invoice-texts.js';
import type { StampedCfdi } from './stamped-cfdi.js';
import { tfdCadenaOriginal } from './tfd-cadena.js';
import { satVerificationUrl } from './verification-url.js';

// What the printed invoice says, the same for letter and for the 80 mm roll: each layout only
// arranges these labelled values.

export interface Field {
  label: string;
  value: string;
}

export interface ConceptView {
  claveProdServ: string;
  cantidad: string;
  unidad: string;
  descripcion: string;
  valorUnitario: string;
  importe: string;
  /** No. identificación, objeto de impuesto, each traslado: small lines under the description. */
  details: string[];
}

export interface InvoiceView {
  title: string;
  cancelled: boolean;
  header: Field[];
  emisor: { nombre: string; fields: Field[] };
  receptor: { nombre: string; fields: Field[] };
  payment: Field[];
  global: Field[] | null;
  /** The CFDIs it relates (a nota de crédito: the invoice it credits). */
  related: Field[] | null;
  concepts: ConceptView[];
  totals: Array<Field & { bold?: boolean }>;
  inWords: string;
  stamp: Field[];
  seals: Field[];
  qrUrl: string;
  uuid: string;
  /** A complemento de pago's Pagos (pagos-view.ts), printed after its concept. */
  pagos?: Array<{ title: string; fields: Field[] }>;
}

export function invoiceView(cfdi: StampedCfdi, cancelled: boolean): InvoiceView {
  const { emisor, receptor, timbre } = cfdi;
  const folio = serieFolio(cfdi.serie, cfdi.folio);
  // An egreso of this shop is a nota de crédito (decision 098).
  const title = cfdi.tipoDeComprobante === 'E' ? T.creditTitle : T.title;
  return {
    title: folio ? `${title} ${folio}` : title,
    cancelled,
    header: [
      { label: T.uuid, value: timbre.uuid },
      { label: T.date, value: cfdiDateTime(cfdi.fecha) },
      { label: T.place, value: cfdi.lugarExpedicion },
      { label: T.type, value: describe.voucherType(cfdi.tipoDeComprobante) },
    ],
    emisor: {
      nombre: emisor.nombre,
      fields: [
        { label: T.rfc, value: emisor.rfc },
        { label: T.regime, value: describe.regime(emisor.regimenFiscal) },
      ],
    },
    receptor: {
      nombre: receptor.nombre,
      fields: [
        { label: T.rfc, value: receptor.rfc },
        { label: T.regime, value: describe.regime(receptor.regimenFiscalReceptor) },
        { label: T.zip, value: receptor.domicilioFiscalReceptor },
        { label: T.use, value: describe.use(receptor.usoCFDI) },
      ],
    },
    payment: [
      { label: T.method, value: describe.method(cfdi.metodoPago) },
      { label: T.form, value: describe.form(cfdi.formaPago) },
      { label: T.currency, value: cfdi.moneda },
      { label: T.export, value: describe.export(cfdi.exportacion) },
    ],
    global: cfdi.informacionGlobal
      ? [
          { label: T.periodicity, value: describe.periodicity(cfdi.informacionGlobal.periodicidad) },
          { label: T.months, value: describe.months(cfdi.informacionGlobal.meses) },
          { label: T.year, value: cfdi.informacionGlobal.año },
        ]
      : null,
    related: cfdi.cfdiRelacionados
      ? cfdi.cfdiRelacionados.flatMap((group) => [
          { label: T.relationType, value: describe.relationType(group.tipoRelacion) },
          ...group.uuids.map((uuid) => ({ label: T.relatedUuid, value: uuid })),
        ])
      : null,
    concepts: cfdi.conceptos.map((c) => ({
      claveProdServ: c.claveProdServ,
      cantidad: c.cantidad,
      unidad: c.unidad ? `${c.claveUnidad} ${c.unidad}` : c.claveUnidad,
      descripcion: c.descripcion,
      valorUnitario: money(c.valorUnitario),
      importe: money(c.importe),
      details: [
        ...(c.noIdentificacion ? [`${T.identification}: ${c.noIdentificacion}`] : []),
        ...(c.descuento ? [`${T.discount}: ${money(c.descuento)}`] : []),
        `${T.taxObject}: ${describe.taxObject(c.objetoImp)}`,
        ...c.traslados.map(taxDetail),
      ],
    })),
    totals: [
      { label: T.subTotal, value: money(cfdi.subTotal) },
      ...(cfdi.descuento ? [{ label: T.discount, value: `-${money(cfdi.descuento)}` }] : []),
      // An exento group has no amount to add: its base is shown on each concept.
      ...cfdi.traslados
        .filter((tax) => tax.importe !== undefined)
        .map((tax) => ({ label: taxLabel(tax), value: money(tax.importe!) })),
      { label: T.total, value: money(cfdi.total), bold: true },
    ],
    inWords: amountInWords(centsOf(cfdi.total)),
    stamp: [
      { label: T.uuid, value: timbre.uuid },
      { label: T.certificate, value: cfdi.noCertificado },
      { label: T.satCertificate, value: timbre.noCertificadoSAT },
      { label: T.stampedAt, value: cfdiDateTime(timbre.fechaTimbrado) },
      { label: T.pac, value: timbre.rfcProvCertif },
    ],
    seals: [
      { label: T.selloCfdi, value: cfdi.sello },
      { label: T.selloSat, value: timbre.selloSAT },
      { label: T.cadena, value: tfdCadenaOriginal(timbre) },
    ],
    qrUrl: satVerificationUrl({
      uuid: timbre.uuid,
      rfcEmisor: emisor.rfc,
      rfcReceptor: receptor.rfc,
      total: cfdi.total,
      sello: cfdi.sello,
    }),
    uuid: timbre.uuid,
  };
}
