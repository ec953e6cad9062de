// The Pagos 2.0 complemento (pago20:Pagos) of a comprobante de pago, as a typed value like the
// rest of the comprobante (cfdi.model.ts): every amount is the exact decimal string the XML
// carries. Property names are the SAT's attribute names in camelCase. Only what a shop's abono
// needs: Pagos in MXN (one per abono), traslados (no retenciones).

export const PAGOS_NAMESPACE = 'http://www.sat.gob.mx/Pagos20';
export const PAGOS_SCHEMA_LOCATION = `${PAGOS_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd`;

/** A traslado of a DoctoRelacionado (…DR) or of the Pago's summary (…P): the same attributes. */
export interface TrasladoPago {
  base: string;
  impuesto: '002' | '003';
  tipoFactor: 'Tasa' | 'Cuota' | 'Exento';
  tasaOCuota?: string;
  importe?: string;
}

export interface DoctoRelacionado {
  /** The paid invoice's UUID. */
  idDocumento: string;
  serie?: string;
  folio?: string;
  monedaDR: 'MXN';
  equivalenciaDR: '1';
  numParcialidad: string;
  impSaldoAnt: string;
  impPagado: string;
  impSaldoInsoluto: string;
  /** 02 with its trasladosDR; 01 when the invoice carries no tax. */
  objetoImpDR: '01' | '02';
  trasladosDR: TrasladoPago[];
}

export interface Pago {
  /** Local time of the payment, 'YYYY-MM-DDTHH:mm:ss'. */
  fechaPago: string;
  /** c_FormaPago: 01 efectivo, 03 transferencia, 04 tarjeta. */
  formaDePagoP: string;
  monedaP: 'MXN';
  tipoCambioP: '1';
  monto: string;
  doctos: DoctoRelacionado[];
  trasladosP: TrasladoPago[];
}

/** pago20:Totales: the IVA traslados by rate and the total paid, in MXN. */
export interface TotalesPagos {
  totalTrasladosBaseIVA16?: string;
  totalTrasladosImpuestoIVA16?: string;
  totalTrasladosBaseIVA8?: string;
  totalTrasladosImpuestoIVA8?: string;
  totalTrasladosBaseIVA0?: string;
  totalTrasladosImpuestoIVA0?: string;
  totalTrasladosBaseIVAExento?: string;
  montoTotalPagos: string;
}

export interface Pagos {
  version: '2.0';
  totales: TotalesPagos;
  pagos: Pago[];
}
