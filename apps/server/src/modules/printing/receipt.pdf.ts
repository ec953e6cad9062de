import PDFDocument from 'pdfkit';
import { winAnsi } from '../../lib/fold-text.js';
import { drawQr } from '../../lib/pdf-qr.js';
import { type Ticket, TICKET_TEXTS, type TicketRow } from './ticket.js';

// The receipt as a PDF the size of thermal paper (80 or 58 mm wide), for shops without an ESC/POS
// printer: the browser prints it and a roll printer's driver cuts after each page. The layout
// runs twice: once to measure the height the content needs, then to draw one page of exactly
// that height per copy. Standard Helvetica: its WinAnsi encoding covers the Spanish letters and $.

export type PaperWidthMm = 80 | 58;

const MM = 72 / 25.4;
const pt = (mm: number) => Math.round(mm * MM * 100) / 100;

interface Paper {
  width: number;
  /** Left and right: 80 mm rolls print 72 mm, 58 mm rolls 48 mm. */
  margin: number;
  title: number;
  body: number;
  small: number;
  /** The autofactura QR's side, its quiet zone included. */
  qr: number;
}

export const PAPERS: Record<PaperWidthMm, Paper> = {
  80: { width: pt(80), margin: pt(4), title: 13, body: 8.5, small: 7.5, qr: pt(30) },
  58: { width: pt(58), margin: pt(5), title: 11, body: 7, small: 6.5, qr: pt(28) },
};
const TOP = pt(4);
const BOTTOM = pt(6);
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

type Doc = InstanceType<typeof PDFDocument>;

/** Lays the ticket out from the top of the page; draws only when `draw`. Returns the height used. */
function layout(doc: Doc, ticket: Ticket, paper: Paper, draw: boolean, copy: boolean): number {
  const left = paper.margin;
  const width = paper.width - 2 * paper.margin;
  let y = TOP;

  const text = (value: string, font: string, size: number, align: 'left' | 'center' | 'right' = 'left') => {
    const clean = winAnsi(value);
    doc.font(font).fontSize(size);
    const height = doc.heightOfString(clean, { width, align, lineGap: 1 });
    if (draw) doc.text(clean, left, y, { width, align, lineGap: 1 });
    y += height;
  };
  const gap = (height: number) => {
    y += height;
  };
  const rule = () => {
    y += 3;
    if (draw) {
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.5)
        .dash(1.5, { space: 1.5 })
        .strokeColor('#000')
        .stroke()
        .undash();
    }
    y += 4;
  };
  /** Label on the left, value on the right; the value wraps under the label when both don't fit. */
  const row = ({ label, value, bold }: TicketRow, size = paper.body) => {
    const l = winAnsi(label);
    const v = winAnsi(value);
    doc.font(bold ? BOLD : FONT).fontSize(size);
    const lineHeight = doc.heightOfString('Áy', { width, lineGap: 1 });
    const fits = doc.widthOfString(l) + doc.widthOfString(v) + 8 <= width;
    if (fits) {
      if (draw) {
        doc.text(l, left, y, { width, lineBreak: false, lineGap: 1 });
        doc.text(v, left, y, { width, align: 'right', lineBreak: false, lineGap: 1 });
      }
      y += lineHeight;
      return;
    }
    text(l, bold ? BOLD : FONT, size);
    text(v, bold ? BOLD : FONT, size, 'right');
  };

  // Business: the logo (when the shop has one) in a box of its own, centred, then the name.
  const logo = ticket.business.logo;
  if (logo) {
    const box = Math.min(pt(16), width);
    if (draw) doc.image(logo.data, left, y, { fit: [width, box], align: 'center', valign: 'center' });
    y += box + 3;
  }
  text(ticket.business.name, BOLD, paper.title, 'center');
  for (const line of ticket.business.details) text(line, FONT, paper.small, 'center');
  rule();

  // Folio, with the COPIA badge on copies (on the same line, so every copy has the same height).
  doc.font(BOLD).fontSize(paper.body + 1.5);
  const folioHeight = doc.heightOfString('Áy', { width, lineGap: 1 });
  if (draw) {
    doc.text(winAnsi(ticket.folio), left, y, { width, lineBreak: false, lineGap: 1 });
    if (copy) {
      const label = TICKET_TEXTS.copy;
      const badgeWidth = doc.widthOfString(label) + 8;
      doc
        .rect(left + width - badgeWidth, y - 1.5, badgeWidth, folioHeight)
        .fill('#000')
        .fillColor('#fff')
        .text(label, left + width - badgeWidth + 4, y, { lineBreak: false, lineGap: 1 })
        .fillColor('#000');
    }
  }
  y += folioHeight + 1;
  for (const r of ticket.rows) row(r);
  rule();

  // Items.
  if (ticket.itemsHeading !== null) {
    row(ticket.itemsHeading ?? { label: TICKET_TEXTS.product, value: TICKET_TEXTS.amount, bold: true }, paper.small);
    rule();
    ticket.items.forEach((item, index) => {
      if (index > 0) gap(2);
      text(item.name, BOLD, paper.body);
      row({ label: `   ${item.detail}`, value: item.total });
    });
    rule();
  }

  // Totals.
  const large = ticket.largeTotal ?? 0;
  ticket.totals.forEach((r, index) => row(r, index === large ? paper.body + 1.5 : paper.body));

  // Payments (credit).
  if (ticket.payments) {
    rule();
    text(TICKET_TEXTS.payments, BOLD, paper.body);
    if (ticket.payments.length === 0) text(TICKET_TEXTS.noPayments, FONT, paper.small);
    for (const p of ticket.payments) {
      const label = [p.date, p.note, p.cancelled ? TICKET_TEXTS.paymentCancelled : ''].filter(Boolean).join('  ');
      row({ label, value: p.amount }, paper.small);
    }
  }

  // A credit ticket's promissory line, with room to sign.
  if (ticket.promissory) {
    rule();
    text(ticket.promissory.text, FONT, paper.small);
    gap(pt(10));
    if (draw)
      doc
        .moveTo(left + width * 0.15, y)
        .lineTo(left + width * 0.85, y)
        .lineWidth(0.5)
        .strokeColor('#000')
        .stroke();
    gap(2);
    text(ticket.promissory.signer, FONT, paper.small, 'center');
  }

  // Footer.
  if (ticket.business.footer.length > 0) {
    rule();
    gap(2);
    for (const line of ticket.business.footer) text(line, FONT, paper.body, 'center');
  }

  // Last: the autofactura link and its QR (its quiet zone inside the box), centred.
  if (ticket.invoiceLink) {
    rule();
    text(TICKET_TEXTS.invoiceHere, BOLD, paper.body, 'center');
    text(ticket.invoiceLink, FONT, paper.small, 'center');
    gap(pt(2));
    if (draw) drawQr(doc, ticket.invoiceLink, left + (width - paper.qr) / 2, y, paper.qr);
    y += paper.qr;
  }
  return y + BOTTOM;
}

export interface ReceiptPdfOptions {
  paperWidthMm: PaperWidthMm;
  copies: number;
  title: string;
  author: string;
}

/** One page per copy, every page `paper.width` wide and exactly as tall as the ticket needs. */
export function renderReceiptPdf(ticket: Ticket, options: ReceiptPdfOptions): Promise<Buffer> {
  const paper = PAPERS[options.paperWidthMm];
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: winAnsi(options.title), Author: winAnsi(options.author) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Measured with the copy badge in place; the badge sits on a line every copy has anyway.
  const height = Math.ceil(layout(doc, ticket, paper, false, true) * 100) / 100;
  for (let copy = 0; copy < options.copies; copy++) {
    doc.addPage({ size: [paper.width, height], margin: 0 });
    layout(doc, ticket, paper, true, copy > 0);
  }
  doc.end();
  return done;
}
