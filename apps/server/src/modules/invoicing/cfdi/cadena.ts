import type { Comprobante, Traslado } from './cfdi.model.js';
import { relacionadosCadena } from './relacionados.js';
import { pagosCadena } from './pagos.cadena.js';

// The cadena original of a CFDI 4.0 without complements, as the SAT's cadenaoriginal_4_0.xslt
// makes it, computed here so that a shop's server needs no XSLT processor. Its rules (with
// cfd/2/cadenaoriginal_2_0/utilerias.xslt):
// - it starts with '||' and ends with '||'; every field is '|' + its value;
// - a required field is always written (even empty); an optional one only when present;
// - every value goes through XPath 1.0's normalize-space: runs of space, tab, CR and LF become
//   one space and the ends are trimmed; nothing else (not a no-break space) counts as space;
// - the order is the XSLT's, not the XML's.
// apps/server/test/cfdi-cadena.test.ts proves it byte-identical to xsltproc on a corpus; a
// change here must keep that test green.

/** XPath 1.0 normalize-space: only #x20, #x9, #xD and #xA are white space. */
export function normalizeSpace(value: string): string {
  return value.replace(/[\x20\t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

export function cadenaOriginal(comprobante: Comprobante): string {
  const fields: string[] = [];
  const required = (value: string | undefined) => fields.push(normalizeSpace(value ?? ''));
  const optional = (value: string | undefined) => {
    if (value !== undefined) fields.push(normalizeSpace(value));
  };
  const traslado = (tax: Traslado) => {
    required(tax.base);
    required(tax.impuesto);
    required(tax.tipoFactor);
    optional(tax.tasaOCuota);
    optional(tax.importe);
  };

  required('4.0');
  optional(comprobante.serie);
  optional(comprobante.folio);
  required(comprobante.fecha);
  optional(comprobante.formaPago);
  required(comprobante.noCertificado);
  // CondicionesDePago: not written by this model.
  required(comprobante.subTotal);
  // Descuento: not written by this model.
  required(comprobante.moneda);
  // TipoCambio: not written (MXN only).
  required(comprobante.total);
  required(comprobante.tipoDeComprobante);
  required(comprobante.exportacion);
  optional(comprobante.metodoPago);
  required(comprobante.lugarExpedicion);
  // Confirmacion: not written by this model.

  const global = comprobante.informacionGlobal;
  if (global) {
    required(global.periodicidad);
    required(global.meses);
    required(global.año);
  }
  relacionadosCadena(comprobante.cfdiRelacionados ?? []).forEach(required);
  const { emisor, receptor } = comprobante;
  required(emisor.rfc);
  required(emisor.nombre);
  required(emisor.regimenFiscal);
  required(receptor.rfc);
  required(receptor.nombre);
  required(receptor.domicilioFiscalReceptor);
  required(receptor.regimenFiscalReceptor);
  required(receptor.usoCFDI);

  for (const concepto of comprobante.conceptos) {
    required(concepto.claveProdServ);
    optional(concepto.noIdentificacion);
    required(concepto.cantidad);
    required(concepto.claveUnidad);
    optional(concepto.unidad);
    required(concepto.descripcion);
    required(concepto.valorUnitario);
    required(concepto.importe);
    required(concepto.objetoImp);
    concepto.traslados.forEach(traslado);
  }

  const impuestos = comprobante.impuestos;
  if (impuestos) {
    impuestos.traslados.forEach(traslado);
    optional(impuestos.totalImpuestosTrasladados);
  }
  // The complementos come after the Impuestos (cfdi:Complemento).
  if (comprobante.pagos) pagosCadena(comprobante.pagos, required, optional);
  return `||${fields.join('|')}||`;
}
