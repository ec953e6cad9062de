// The CFDI 4.0 document: its model, built from stored receipt lines, serialised, sealed and
// validated before it is sent to a PAC (docs/decisions/090-cfdi-document.md).
export * from './cfdi.model.js';
export { conceptsFromLines, type CfdiLine } from './concepts.js';
export { totalsOf } from './totals.js';
export { buildComprobante, cfdiDate, type ComprobanteInput } from './comprobante.js';
export { comprobanteXml } from './cfdi.xml.js';
export { cadenaOriginal } from './cadena.js';
export { sealComprobante, verifySello, type SealedComprobante, type SealingCsd } from './seal.js';
export { validateComprobante } from './cfdi.validation.js';
export { TIPO_RELACION_NOTA_DE_CREDITO, type TipoRelacion } from './relacionados.js';
export * from './pagos.model.js';
export { buildPagos, type PaidInvoice, type PagoInput } from './pagos.build.js';
