import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { startFakePac } from '../../scripts/fake-pac/fake-pac.js';
import { satFile, transform } from '../../scripts/fake-pac/sat-tools.js';
import { SwSapienPac } from '../../src/modules/invoicing/pac/sw-sapien.js';
import { certificateNumber } from './cfdi-fixture.js';
import { type CsdFiles, makeCsd } from './csd.js';

// A supplier's invoice to the shop, as a supplier's system makes it: a CFDI 4.0 written from its
// lines (discounts, IVA 16/8/0 % or exento, IEPS by rate or by cuota), sealed with a test CSD made
// by openssl (the cadena original by the SAT's XSLT through xsltproc), then stamped by the fake PAC
// (which checks the SAT's schema, the seal and the amounts, and adds the TimbreFiscalDigital). A
// CFDI 3.3 is written too, with a hand-made timbre (no PAC stamps 3.3 any more).

export interface SupplierLine {
  code?: string;
  description: string;
  /** Cantidad as written ('24', '2.5'). */
  quantity: string;
  /** ValorUnitario, 2 decimals. */
  unitValue: string;
  /** Descuento of the line, pesos. */
  discount?: string;
  satProductCode?: string;
  satUnitCode?: string;
  unit?: string;
  iva: '16' | '8' | '0' | 'exento';
  /** IEPS as a rate ('0.080000') or as pesos per unit of `quantity` ('1.645100'). */
  ieps?: { rate: string } | { cuota: string };
}

export interface SupplierInvoice {
  rfc: string;
  name: string;
  serie?: string;
  folio?: string;
  /** 'YYYY-MM-DDTHH:mm:ss'. */
  fecha: string;
  lines: SupplierLine[];
  version?: '4.0' | '3.3';
  tipo?: 'I' | 'E' | 'P';
}

/** The shop that receives the invoices (the SAT's test RFC the shop's CSD uses elsewhere). */
export const SHOP = { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE' };

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pesos = (cents: number) => (cents / 100).toFixed(2);
const cents = (text: string) => Math.round(Number(text) * 100);
const IVA_RATE = { '16': '0.160000', '8': '0.080000', '0': '0.000000' } as const;

interface Traslado {
  base: string;
  impuesto: '002' | '003';
  factor: 'Tasa' | 'Cuota' | 'Exento';
  tasa?: string;
  importe?: number;
}

function conceptoOf(line: SupplierLine, version: '4.0' | '3.3') {
  const importe = Math.round(Number(line.quantity) * cents(line.unitValue));
  const discount = line.discount ? cents(line.discount) : 0;
  const traslados: Traslado[] = [];
  let ieps = 0;
  if (line.ieps && 'rate' in line.ieps) {
    ieps = Math.round((importe - discount) * Number(line.ieps.rate));
    traslados.push({
      base: pesos(importe - discount),
      impuesto: '003',
      factor: 'Tasa',
      tasa: line.ieps.rate,
      importe: ieps,
    });
  } else if (line.ieps) {
    ieps = Math.round(Number(line.quantity) * Number(line.ieps.cuota) * 100);
    traslados.push({ base: line.quantity, impuesto: '003', factor: 'Cuota', tasa: line.ieps.cuota, importe: ieps });
  }
  const ivaBase = pesos(importe - discount + ieps);
  const iva: Traslado =
    line.iva === 'exento'
      ? { base: ivaBase, impuesto: '002', factor: 'Exento' }
      : {
          base: ivaBase,
          impuesto: '002',
          factor: 'Tasa',
          tasa: IVA_RATE[line.iva],
          importe: Math.round((importe - discount + ieps) * Number(IVA_RATE[line.iva])),
        };
  traslados.unshift(iva);
  const attributes = [
    `ClaveProdServ="${line.satProductCode ?? '50202306'}"`,
    line.code ? `NoIdentificacion="${escape(line.code)}"` : '',
    `Cantidad="${line.quantity}"`,
    `ClaveUnidad="${line.satUnitCode ?? 'H87'}"`,
    `Unidad="${escape(line.unit ?? 'Pieza')}"`,
    `Descripcion="${escape(line.description)}"`,
    `ValorUnitario="${line.unitValue}"`,
    `Importe="${pesos(importe)}"`,
    discount ? `Descuento="${pesos(discount)}"` : '',
    version === '4.0' ? 'ObjetoImp="02"' : '',
  ].filter(Boolean);
  const xml = `<cfdi:Concepto ${attributes.join(' ')}><cfdi:Impuestos><cfdi:Traslados>${traslados
    .map(trasladoXml)
    .join('')}</cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>`;
  return { xml, importe, discount, traslados };
}

function trasladoXml(t: Traslado) {
  return `<cfdi:Traslado Base="${t.base}" Impuesto="${t.impuesto}" TipoFactor="${t.factor}"${
    t.tasa ? ` TasaOCuota="${t.tasa}"` : ''
  }${t.importe !== undefined ? ` Importe="${pesos(t.importe)}"` : ''}/>`;
}

/** The comprobante's tax summary: traslados grouped by impuesto, factor and rate. */
function summaryOf(traslados: Traslado[], version: '4.0' | '3.3') {
  const groups = new Map<string, Traslado>();
  for (const t of traslados) {
    const key = `${t.impuesto}|${t.factor}|${t.tasa ?? ''}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { ...t });
    else {
      group.base = pesos(cents(group.base) + cents(t.base));
      if (group.importe !== undefined) group.importe += t.importe ?? 0;
    }
  }
  // CFDI 3.3's summary has no Base nor Exento entries.
  const listed = [...groups.values()].filter((t) => version === '4.0' || t.factor !== 'Exento');
  const total = listed.reduce((sum, t) => sum + (t.importe ?? 0), 0);
  const xml = listed
    .map((t) =>
      version === '4.0'
        ? trasladoXml(t)
        : `<cfdi:Traslado Impuesto="${t.impuesto}" TipoFactor="${t.factor}" TasaOCuota="${t.tasa}" Importe="${pesos(
            t.importe!,
          )}"/>`,
    )
    .join('');
  return { total, xml };
}

function unsealedXml(invoice: SupplierInvoice, seal: { noCertificado: string; certificado: string; sello: string }) {
  const version = invoice.version ?? '4.0';
  const ns = version === '4.0' ? 'http://www.sat.gob.mx/cfd/4' : 'http://www.sat.gob.mx/cfd/3';
  const xsd =
    version === '4.0'
      ? 'http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd'
      : 'http://www.sat.gob.mx/sitio_internet/cfd/3/cfdv33.xsd';
  const conceptos = invoice.lines.map((line) => conceptoOf(line, version));
  const subTotal = conceptos.reduce((sum, c) => sum + c.importe, 0);
  const discount = conceptos.reduce((sum, c) => sum + c.discount, 0);
  const summary = summaryOf(
    conceptos.flatMap((c) => c.traslados),
    version,
  );
  const comprobante = [
    `xmlns:cfdi="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${ns} ${xsd}"`,
    `Version="${version}"`,
    invoice.serie ? `Serie="${escape(invoice.serie)}"` : '',
    invoice.folio ? `Folio="${escape(invoice.folio)}"` : '',
    `Fecha="${invoice.fecha}" Sello="${seal.sello}" FormaPago="01" NoCertificado="${seal.noCertificado}"`,
    `Certificado="${seal.certificado}" SubTotal="${pesos(subTotal)}"`,
    discount ? `Descuento="${pesos(discount)}"` : '',
    `Moneda="MXN" Total="${pesos(subTotal - discount + summary.total)}" TipoDeComprobante="${invoice.tipo ?? 'I'}"`,
    version === '4.0' ? 'Exportacion="01"' : '',
    'MetodoPago="PUE" LugarExpedicion="64000"',
  ].filter(Boolean);
  const receptor =
    version === '4.0'
      ? `<cfdi:Receptor Rfc="${SHOP.rfc}" Nombre="${SHOP.name}" DomicilioFiscalReceptor="64000" RegimenFiscalReceptor="601" UsoCFDI="G01"/>`
      : `<cfdi:Receptor Rfc="${SHOP.rfc}" UsoCFDI="G01"/>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante ${comprobante.join(' ')}>
  <cfdi:Emisor Rfc="${invoice.rfc}" Nombre="${escape(invoice.name)}" RegimenFiscal="601"/>
  ${receptor}
  <cfdi:Conceptos>${conceptos.map((c) => c.xml).join('\n    ')}</cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosTrasladados="${pesos(summary.total)}"><cfdi:Traslados>${summary.xml}</cfdi:Traslados></cfdi:Impuestos>
</cfdi:Comprobante>
`;
}

/** A CFDI 4.0 sealed with the supplier's CSD (made for its RFC when not given), not yet stamped. */
export async function sealedSupplierCfdi(invoice: SupplierInvoice, csd?: CsdFiles): Promise<string> {
  const files = csd ?? makeCsd({ rfc: invoice.rfc, legalName: invoice.name });
  const fields = { noCertificado: certificateNumber(files.cer), certificado: files.cer.toString('base64') };
  const cadena = await transform(satFile('cfdiCadena'), unsealedXml(invoice, { ...fields, sello: '' }));
  const key = createPrivateKey({ key: files.key, format: 'der', type: 'pkcs8', passphrase: files.password });
  const sello = sign('sha256', Buffer.from(cadena, 'utf8'), key).toString('base64');
  return unsealedXml(invoice, { ...fields, sello });
}

/** Stamps sealed CFDIs at a fake PAC of their own (started and stopped here). */
export async function stampAtFakePac(sealed: string[]): Promise<string[]> {
  const fake = await startFakePac();
  try {
    const pac = new SwSapienPac({ url: fake.url, user: fake.user, password: fake.password, timeoutMs: 20_000 });
    const stamped: string[] = [];
    for (const xml of sealed) stamped.push((await pac.stamp(xml)).cfdi);
    return stamped;
  } finally {
    await fake.stop();
  }
}

/** Supplier invoices sealed and stamped, in order. */
export async function stampedSupplierCfdis(invoices: SupplierInvoice[]): Promise<string[]> {
  return stampAtFakePac(await Promise.all(invoices.map((invoice) => sealedSupplierCfdi(invoice))));
}

/** A CFDI 3.3 (unsealed: nothing here checks its seal) with a hand-made TimbreFiscalDigital 1.1. */
export function cfdi33WithTimbre(invoice: SupplierInvoice, uuid = randomUUID().toUpperCase()): string {
  const xml = unsealedXml(
    { ...invoice, version: '3.3' },
    { noCertificado: '30001000000500003416', certificado: 'MA==', sello: 'MA==' },
  );
  const tfd =
    `<cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" ` +
    `UUID="${uuid}" FechaTimbrado="${invoice.fecha}" RfcProvCertif="SPR190613I52" SelloCFD="MA==" ` +
    `NoCertificadoSAT="00001000000700000001" SelloSAT="MA=="/></cfdi:Complemento>`;
  return xml.replace('</cfdi:Comprobante>', `${tfd}</cfdi:Comprobante>`);
}

/** The TimbreFiscalDigital's UUID of a stamped XML. */
export const uuidOf = (xml: string) => /\sUUID="([^"]+)"/.exec(xml)![1]!;
