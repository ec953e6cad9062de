import type { InvoiceStatus } from '@mostrador/shared';
import PDFDocument from 'pdfkit';
import { winAnsi } from '../../../lib/fold-text.js';
import type { BusinessInfo } from '../../printing/index.js';
import { letterInvoice } from './invoice-letter.js';
import { rollInvoice } from './invoice-roll.js';
import { invoiceView } from './invoice-view.js';
import { PAGOS_PDF_TEXTS, pagosView } from './pagos-view.js';
import { readStampedCfdi } from './stamped-cfdi.js';
import { readStampedPagos } from './stamped-pagos.js';

// The invoice's printed representation (representación impresa del CFDI) from the stamped XML
// exactly as the PAC returned it: what is printed is read from the document the SAT has, never
// from the database's copy of its parts (docs/decisions/094-invoice-pdf.md).

export type InvoicePdfFormat = 'letter' | '80mm';

export interface InvoicePdfInput {
  /** The CFDI 4.0 with its TimbreFiscalDigital 1.1, as stored. */
  stampedXml: string;
  format: InvoicePdfFormat;
  /** The shop as the other PDFs print it (printing's businessInfoOf: name, address, phone, logo). */
  shop: BusinessInfo;
  /** 'cancelled' prints the CANCELADA mark. */
  status: InvoiceStatus;
}

/** The PDF; UnreadableCfdiError when the XML is not a stamped CFDI 4.0. */
export function invoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const cfdi = readStampedCfdi(input.stampedXml);
  const invoice = invoiceView(cfdi, input.status === 'cancelled');
  const pagos = readStampedPagos(input.stampedXml);
  // A comprobante de pago: 'Complemento de pago P-3', its Pagos printed after its concept.
  const view = pagos
    ? {
        ...invoice,
        title: [PAGOS_PDF_TEXTS.title, [cfdi.serie, cfdi.folio].filter(Boolean).join('-')].join(' ').trim(),
        // A comprobante de pago has no MetodoPago nor FormaPago: its Pago says how it was paid.
        payment: invoice.payment.filter((field) => field.value !== ''),
        pagos: pagosView(pagos),
      }
    : invoice;
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: winAnsi(`${view.title} ${view.uuid}`), Author: winAnsi(input.shop.name) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (input.format === 'letter') letterInvoice(doc, view, input.shop);
  else rollInvoice(doc, view, input.shop);
  doc.end();
  return done;
}
