import { BUSINESS_TIME_ZONE } from '@mostrador/shared';
import type {
  CfdiRelacionados,
  Comprobante,
  Concepto,
  Emisor,
  InformacionGlobal,
  MetodoPago,
  Receptor,
  TipoDeComprobante,
} from './cfdi.model.js';
import { conceptsFromLines, type CfdiLine } from './concepts.js';
import { totalsOf } from './totals.js';

// An unsealed comprobante from its parts: who issues it, who receives it, the stored lines and
// how it is paid. Sealing (seal.ts) adds NoCertificado, Certificado and Sello.

export interface ComprobanteInput {
  tipoDeComprobante?: TipoDeComprobante;
  serie?: string;
  folio?: string;
  /** When it is issued (epoch ms); written as Monterrey's local time. */
  issuedAt: number;
  emisor: Emisor;
  receptor: Receptor;
  /** The shop's zip code. */
  lugarExpedicion: string;
  metodoPago: MetodoPago;
  formaPago: string;
  informacionGlobal?: InformacionGlobal;
  /** The CFDIs it relates (a nota de crédito: its invoice, TipoRelacion 01). */
  cfdiRelacionados?: CfdiRelacionados[];
  lines: readonly CfdiLine[];
  /** Concepts made otherwise (a factura global's, one per receipt), instead of one per line. */
  conceptos?: Concepto[];
}

const LOCAL_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Fecha: the instant as Monterrey's wall clock, 'YYYY-MM-DDTHH:mm:ss' (no zone, as the SAT asks). */
export function cfdiDate(epochMs: number): string {
  const part = Object.fromEntries(LOCAL_PARTS.formatToParts(epochMs).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

export function buildComprobante(input: ComprobanteInput): Comprobante {
  const conceptos = input.conceptos ?? conceptsFromLines(input.lines);
  return {
    ...(input.serie ? { serie: input.serie } : {}),
    ...(input.folio ? { folio: input.folio } : {}),
    fecha: cfdiDate(input.issuedAt),
    formaPago: input.formaPago,
    noCertificado: '',
    moneda: 'MXN',
    tipoDeComprobante: input.tipoDeComprobante ?? 'I',
    exportacion: '01',
    metodoPago: input.metodoPago,
    lugarExpedicion: input.lugarExpedicion,
    ...(input.informacionGlobal ? { informacionGlobal: input.informacionGlobal } : {}),
    ...(input.cfdiRelacionados ? { cfdiRelacionados: input.cfdiRelacionados } : {}),
    emisor: input.emisor,
    receptor: input.receptor,
    conceptos,
    ...totalsOf(conceptos),
  };
}
