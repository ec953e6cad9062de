import type { Pagos, TrasladoPago } from './pagos.model.js';

// The Pagos 2.0 complemento's part of the cadena original, in the order of the SAT's
// Pagos20.xslt (included by cadenaoriginal_4_0.xslt after the comprobante's Impuestos): Version,
// Totales, then each Pago with its DoctoRelacionados (their TrasladosDR) and its TrasladosP.
// cadena.ts calls it with its own required/optional writers (normalize-space and all).

type Field = (value: string | undefined) => void;

export function pagosCadena(pagos: Pagos, required: Field, optional: Field): void {
  const traslado = (tax: TrasladoPago) => {
    required(tax.base);
    required(tax.impuesto);
    required(tax.tipoFactor);
    optional(tax.tasaOCuota);
    optional(tax.importe);
  };
  required(pagos.version);
  const t = pagos.totales;
  // TotalRetencionesIVA, ISR and IEPS: not written by this model.
  optional(t.totalTrasladosBaseIVA16);
  optional(t.totalTrasladosImpuestoIVA16);
  optional(t.totalTrasladosBaseIVA8);
  optional(t.totalTrasladosImpuestoIVA8);
  optional(t.totalTrasladosBaseIVA0);
  optional(t.totalTrasladosImpuestoIVA0);
  optional(t.totalTrasladosBaseIVAExento);
  required(t.montoTotalPagos);
  for (const pago of pagos.pagos) {
    required(pago.fechaPago);
    required(pago.formaDePagoP);
    required(pago.monedaP);
    optional(pago.tipoCambioP);
    required(pago.monto);
    // NumOperacion and the bank accounts: not written by this model.
    for (const docto of pago.doctos) {
      required(docto.idDocumento);
      optional(docto.serie);
      optional(docto.folio);
      required(docto.monedaDR);
      optional(docto.equivalenciaDR);
      required(docto.numParcialidad);
      required(docto.impSaldoAnt);
      required(docto.impPagado);
      required(docto.impSaldoInsoluto);
      required(docto.objetoImpDR);
      docto.trasladosDR.forEach(traslado);
    }
    pago.trasladosP.forEach(traslado);
  }
}
