import type { Pagos } from './pagos.model.js';

// A CFDI 4.0 comprobante as a typed value. Every amount is already the exact decimal string the
// XML carries (decimals.ts makes them from integers): the document, its cadena original and its
// seal are all read from these same strings, so what is sealed is what is sent.
// Property names are the SAT's attribute names in camelCase (claveProdServ ↔ ClaveProdServ).

import type { CfdiRelacionados } from './relacionados.js';

export type { CfdiRelacionados } from './relacionados.js';

export const CFDI_VERSION = '4.0';
export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
/** xsi:schemaLocation as the SAT publishes it: the namespace, then the schema's address. */
export const CFDI_SCHEMA_LOCATION = `${CFDI_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`;

/** c_TipoDeComprobante: I ingreso (a sale), E egreso (a credit note), P pago (a complemento de pago). */
export type TipoDeComprobante = 'I' | 'E' | 'P';
/** c_MetodoPago: PUE paid in one go, PPD in installments or later. */
export type MetodoPago = 'PUE' | 'PPD';
/** c_Impuesto for a traslado: 002 IVA, 003 IEPS. */
export type Impuesto = '002' | '003';
export type TipoFactor = 'Tasa' | 'Cuota' | 'Exento';
/** c_ObjetoImp: 01 not subject to tax, 02 subject (with its traslados), 03 subject but not broken down. */
export type ObjetoImp = '01' | '02' | '03';

export const IMPUESTO = { iva: '002', ieps: '003' } as const satisfies Record<string, Impuesto>;

export interface Emisor {
  rfc: string;
  nombre: string;
  regimenFiscal: string;
}

export interface Receptor {
  rfc: string;
  nombre: string;
  /** The receiver's fiscal zip code (for the general public, the LugarExpedicion). */
  domicilioFiscalReceptor: string;
  regimenFiscalReceptor: string;
  usoCFDI: string;
}

/** Only on a factura global (Receptor XAXX010101000): the period it covers. */
export interface InformacionGlobal {
  /** c_Periodicidad: 01 diario, 02 semanal, 03 quincenal, 04 mensual, 05 bimestral. */
  periodicidad: string;
  /** c_Meses: 01-12, or 13-18 for a two-month period. */
  meses: string;
  /** Four digits. */
  año: string;
}

/**
 * A tax carried over (trasladado) on a concept or in the totals. An Exento traslado has neither
 * TasaOCuota nor Importe.
 */
export interface Traslado {
  base: string;
  impuesto: Impuesto;
  tipoFactor: TipoFactor;
  tasaOCuota?: string;
  importe?: string;
}

export interface Concepto {
  claveProdServ: string;
  noIdentificacion?: string;
  cantidad: string;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  valorUnitario: string;
  importe: string;
  objetoImp: ObjetoImp;
  traslados: Traslado[];
}

/** The comprobante's tax summary: traslados grouped by Impuesto, TipoFactor and TasaOCuota. */
export interface ImpuestosTotales {
  /** Absent when every traslado is Exento (the SAT refuses it then). */
  totalImpuestosTrasladados?: string;
  traslados: Traslado[];
}

export interface Comprobante {
  serie?: string;
  folio?: string;
  /** Local time where it is issued (Monterrey), 'YYYY-MM-DDTHH:mm:ss'. */
  fecha: string;
  /** c_FormaPago; 99 'Por definir' with PPD. */
  formaPago?: string;
  /** The CSD's 20-digit number; set by sealing (it is part of the cadena original). */
  noCertificado: string;
  /** The CSD in base64 DER; set by sealing. */
  certificado?: string;
  /** The seal in base64; set by sealing. */
  sello?: string;
  subTotal: string;
  /** XXX on a comprobante de pago (its amounts are in the complemento). */
  moneda: 'MXN' | 'XXX';
  total: string;
  tipoDeComprobante: TipoDeComprobante;
  /** c_Exportacion: 01, not an export. */
  exportacion: '01';
  metodoPago?: MetodoPago;
  /** The shop's zip code. */
  lugarExpedicion: string;
  informacionGlobal?: InformacionGlobal;
  /** The CFDIs it relates (a nota de crédito's invoice): relacionados.ts. */
  cfdiRelacionados?: CfdiRelacionados[];
  emisor: Emisor;
  receptor: Receptor;
  conceptos: Concepto[];
  impuestos?: ImpuestosTotales;
  /** The Pagos 2.0 complemento of a comprobante 'P' (pagos.model.ts). */
  pagos?: Pagos;
}
