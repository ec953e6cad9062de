import {
  formatDateTime,
  formatPayment,
  formatShortDate,
  type Statement,
  type StatementPaper,
  statementLineConcept,
  businessDayBounds,
} from '@mostrador/shared';
import PDFDocument from 'pdfkit';
import { winAnsi } from '../../lib/fold-text.js';
import { type BusinessInfo, PAPERS } from '../printing/index.js';

// The account statement as a PDF: on an 80 mm roll (one page exactly as tall as the content,
// like the receipt) or on letter paper (a table, page after page). Standard Helvetica, WinAnsi.

type Doc = InstanceType<typeof PDFDocument>;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const LETTER = { width: 612, height: 792, margin: 48 };

const TEXTS = {
  title: 'Estado de cuenta',
  opening: 'Saldo inicial',
  closing: 'Saldo final',
  overdue: 'Vencido',
  noMovements: 'Sin movimientos en el periodo.',
  columns: ['Fecha', 'Concepto', 'Cargo', 'Abono', 'Saldo'] as const,
};

const periodText = (s: Statement) =>
  `Del ${formatShortDate(businessDayBounds(s.from).start)} al ${formatShortDate(businessDayBounds(s.to).start)}`;
const termsText = (s: Statement) => `Plazo: ${s.creditDays} días`;
const conceptOf = (line: Statement['lines'][number]) => statementLineConcept(line);
const pesos = (amount: number) => formatPayment(Math.round(amount * 100));

export interface StatementPdfOptions {
  paper: StatementPaper;
  /** The shop as its settings say: name, address, phone, RFC and logo head the statement. */
  business: BusinessInfo;
  /** When the PDF is made (printed at the bottom). */
  now?: number;
}

/** Lays the statement out on a roll; draws only when `draw`. Returns the height used. */
function rollLayout(doc: Doc, s: Statement, options: StatementPdfOptions, draw: boolean): number {
  const paper = PAPERS[80];
  const left = paper.margin;
  const width = paper.width - 2 * paper.margin;
  let y = 12;
  const text = (value: string, font: string, size: number, align: 'left' | 'center' | 'right' = 'left') => {
    const clean = winAnsi(value);
    doc.font(font).fontSize(size);
    const height = doc.heightOfString(clean, { width, align, lineGap: 1 });
    if (draw) doc.text(clean, left, y, { width, align, lineGap: 1 });
    y += height;
  };
  const row = (label: string, value: string, font = FONT, size = paper.body) => {
    doc.font(font).fontSize(size);
    const height = doc.heightOfString('Áy', { width, lineGap: 1 });
    if (draw) {
      doc.text(winAnsi(label), left, y, { width, lineBreak: false, lineGap: 1 });
      doc.text(winAnsi(value), left, y, { width, align: 'right', lineBreak: false, lineGap: 1 });
    }
    y += height;
  };
  const rule = () => {
    y += 3;
    if (draw)
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.5)
        .dash(1.5, { space: 1.5 })
        .stroke()
        .undash();
    y += 4;
  };

  const logo = options.business.logo;
  if (logo) {
    const box = 16 * (72 / 25.4);
    if (draw) doc.image(logo.data, left, y, { fit: [width, box], align: 'center', valign: 'center' });
    y += box + 3;
  }
  text(options.business.name, BOLD, paper.title, 'center');
  for (const line of options.business.details) text(line, FONT, paper.small, 'center');
  text(TEXTS.title, BOLD, paper.body + 1.5, 'center');
  rule();
  text(s.client.name, BOLD, paper.body);
  text(periodText(s), FONT, paper.small);
  text(termsText(s), FONT, paper.small);
  rule();
  row(TEXTS.opening, pesos(s.opening), BOLD);
  if (s.lines.length === 0) text(TEXTS.noMovements, FONT, paper.small);
  for (const line of s.lines) {
    y += 2;
    text(`${formatShortDate(line.date)}  ${conceptOf(line)}`, FONT, paper.small);
    row(`   ${line.amount > 0 ? '+' : '-'}${pesos(Math.abs(line.amount))}`, pesos(line.balance), FONT, paper.small);
  }
  rule();
  row(TEXTS.closing, pesos(s.closing), BOLD, paper.body + 1.5);
  row(TEXTS.overdue, pesos(s.overdue));
  y += 6;
  text(formatDateTime(options.now ?? Date.now()), FONT, paper.small, 'center');
  return y + 16;
}

/** Letter: a table with the header repeated on each page. */
function letterLayout(doc: Doc, s: Statement, options: StatementPdfOptions) {
  const { margin } = LETTER;
  const width = LETTER.width - 2 * margin;
  const widths = [70, width - 70 - 3 * 80, 80, 80, 80];
  const xs = widths.map((_, i) => margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
  let y = margin;
  const cells = (values: readonly string[], font: string, size = 9) => {
    doc.font(font).fontSize(size);
    const heights = values.map((v, i) => doc.heightOfString(winAnsi(v), { width: widths[i]! - 6 }));
    const height = Math.max(...heights) + 5;
    if (y + height > LETTER.height - margin) {
      doc.addPage({ size: 'LETTER', margin: 0 });
      y = margin;
      if (font !== BOLD) cells(TEXTS.columns, BOLD);
      doc.font(font).fontSize(size);
    }
    values.forEach((v, i) =>
      doc.text(winAnsi(v), xs[i]! + 3, y + 2, { width: widths[i]! - 6, align: i >= 2 ? 'right' : 'left' }),
    );
    y += height;
    doc
      .moveTo(margin, y)
      .lineTo(margin + width, y)
      .lineWidth(0.3)
      .strokeColor('#999')
      .stroke()
      .strokeColor('#000');
  };

  doc.addPage({ size: 'LETTER', margin: 0 });
  const logo = options.business.logo;
  if (logo) doc.image(logo.data, margin + width - 120, y, { fit: [120, 48], align: 'right' });
  const beside = logo ? width - 130 : width;
  doc.font(BOLD).fontSize(16).text(winAnsi(options.business.name), margin, y, { width: beside });
  y = doc.y + 2;
  for (const line of options.business.details) {
    doc.font(FONT).fontSize(9).text(winAnsi(line), margin, y, { width: beside });
    y = doc.y;
  }
  if (logo) y = Math.max(y, margin + 48);
  y += 4;
  doc.font(BOLD).fontSize(13).text(TEXTS.title, margin, y, { width });
  y = doc.y + 8;
  doc.font(BOLD).fontSize(11).text(winAnsi(s.client.name), margin, y, { width });
  y = doc.y + 2;
  doc
    .font(FONT)
    .fontSize(9)
    .text(winAnsi(`${periodText(s)} · ${termsText(s)}`), margin, y, { width });
  y = doc.y + 12;

  cells(TEXTS.columns, BOLD);
  cells(['', TEXTS.opening, '', '', pesos(s.opening)], BOLD);
  if (s.lines.length === 0) cells(['', TEXTS.noMovements, '', '', ''], FONT);
  for (const line of s.lines) {
    const charge = line.amount > 0 ? pesos(line.amount) : '';
    const credit = line.amount < 0 ? pesos(-line.amount) : '';
    cells([formatShortDate(line.date), conceptOf(line), charge, credit, pesos(line.balance)], FONT);
  }
  cells(['', TEXTS.closing, '', '', pesos(s.closing)], BOLD, 10);
  cells(['', TEXTS.overdue, '', '', pesos(s.overdue)], FONT, 10);
  doc
    .font(FONT)
    .fontSize(8)
    .text(winAnsi(formatDateTime(options.now ?? Date.now())), margin, y + 10, { width, align: 'right' });
}

export function renderStatementPdf(statement: Statement, options: StatementPdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: winAnsi(`${TEXTS.title} ${statement.client.name}`), Author: winAnsi(options.business.name) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (options.paper === 'letter') {
    letterLayout(doc, statement, options);
  } else {
    const height = Math.ceil(rollLayout(doc, statement, options, false));
    doc.addPage({ size: [PAPERS[80].width, height], margin: 0 });
    rollLayout(doc, statement, options, true);
  }
  doc.end();
  return done;
}
