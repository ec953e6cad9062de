import { child, children, type Element, optional, parseTree, required } from './stamped-cfdi.js';

// The Pagos 2.0 complemento of a stamped comprobante de pago, read back from the XML the PAC
// returned (like stamped-cfdi.ts, by namespace), for its printed representation.

const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
const PAGOS_NS = 'http://www.sat.gob.mx/Pagos20';

export interface StampedDocto {
  idDocumento: string;
  serie?: string;
  folio?: string;
  numParcialidad: string;
  impSaldoAnt: string;
  impPagado: string;
  impSaldoInsoluto: string;
  objetoImpDR: string;
}

export interface StampedPago {
  fechaPago: string;
  formaDePagoP: string;
  monedaP: string;
  monto: string;
  doctos: StampedDocto[];
}

const doctoOf = (d: Element): StampedDocto => ({
  idDocumento: required(d, 'IdDocumento'),
  ...optional(d, 'Serie', 'serie'),
  ...optional(d, 'Folio', 'folio'),
  numParcialidad: required(d, 'NumParcialidad'),
  impSaldoAnt: required(d, 'ImpSaldoAnt'),
  impPagado: required(d, 'ImpPagado'),
  impSaldoInsoluto: required(d, 'ImpSaldoInsoluto'),
  objetoImpDR: required(d, 'ObjetoImpDR'),
});

/** The Pagos of a stamped CFDI; null when it carries none (an invoice). */
export function readStampedPagos(xml: string): StampedPago[] | null {
  const complemento = child(parseTree(xml), CFDI_NS, 'Complemento');
  const pagos = complemento && child(complemento, PAGOS_NS, 'Pagos');
  if (!pagos) return null;
  return children(pagos, PAGOS_NS, 'Pago').map((pago) => ({
    fechaPago: required(pago, 'FechaPago'),
    formaDePagoP: required(pago, 'FormaDePagoP'),
    monedaP: required(pago, 'MonedaP'),
    monto: required(pago, 'Monto'),
    doctos: children(pago, PAGOS_NS, 'DoctoRelacionado').map(doctoOf),
  }));
}
