// The invoice's printed representation (docs/decisions/094-invoice-pdf.md).
export { invoicePdf, type InvoicePdfFormat, type InvoicePdfInput } from './invoice.pdf.js';
export { readStampedCfdi, UnreadableCfdiError, type StampedCfdi } from './stamped-cfdi.js';
export { tfdCadenaOriginal } from './tfd-cadena.js';
export { qrTotal, satVerificationUrl, type SatVerificationFields } from './verification-url.js';
export { drawQr } from '../../../lib/pdf-qr.js';
