import type { BusinessInfo } from '../../printing/index.js';
import { BOLD, type Doc, Flow, FONT, GREY } from './flow.js';
import { INVOICE_PDF_TEXTS as T } from './invoice-texts.js';
import type { ConceptView, Field, InvoiceView } from './invoice-view.js';
import { drawQr } from '../../../lib/pdf-qr.js';

// The invoice on letter paper: the shop and the invoice's identity at the top, emisor and
// receptor side by side, the concepts as a table whose header repeats on every page, the totals,
// then the SAT's stamp (QR, certificates, seals, cadena). Blocks never split across pages except
// the table, row by row. Page numbers and the CANCELADA mark go on every page at the end.

const LETTER = { width: 612, height: 792, margin: 36, top: 36, bottom: 40 };
const RED = '#b00020';

/** Label above value, in a column. */
function fieldAt(flow: Flow, { label, value }: Field, x: number, width: number, align: 'left' | 'right' = 'left') {
  flow.text(label, { size: 6.5, x, width, align, color: GREY });
  flow.text(value, { size: 8.5, x, width, align });
  flow.gap(3);
}

/** Label and value on one line: the label in a column of its own, the value after it. */
function pair(
  flow: Flow,
  { label, value }: Field,
  x: number,
  width: number,
  labelWidth: number,
  align: 'left' | 'right' = 'left',
) {
  const labelHeight = flow.textAt(label, flow.y + 1.2, { size: 6.5, x, width: labelWidth - 4, color: GREY });
  const valueHeight = flow.textAt(value, flow.y, { size: 8.5, x: x + labelWidth, width: width - labelWidth, align });
  flow.gap(Math.max(labelHeight, valueHeight) + 1.5);
}

function header(flow: Flow, view: InvoiceView, shop: BusinessInfo) {
  const rightWidth = 220;
  const leftWidth = flow.width - rightWidth - 16;
  const rightX = flow.left + flow.width - rightWidth;
  flow.columns([
    () => {
      if (shop.logo) {
        if (flow.draws) flow.doc.image(shop.logo.data, flow.left, flow.y, { fit: [120, 50], valign: 'center' });
        flow.gap(54);
      }
      flow.text(shop.name, { font: BOLD, size: 13, width: leftWidth });
      flow.gap(2);
      for (const line of shop.details) flow.text(line, { size: 8, width: leftWidth });
    },
    () => {
      flow.text(view.title, { font: BOLD, size: 16, x: rightX, width: rightWidth, align: 'right' });
      if (view.cancelled) {
        const height = flow.heightOf(T.cancelled, { font: BOLD, size: 11 }) + 4;
        if (flow.draws) flow.doc.rect(rightX + rightWidth - 90, flow.y + 1, 90, height).fill(RED);
        flow.textAt(T.cancelled, flow.y + 3.5, {
          font: BOLD,
          size: 11,
          x: rightX + rightWidth - 90,
          width: 90,
          align: 'center',
          color: '#fff',
        });
        flow.gap(height + 4);
      }
      flow.gap(2);
      const [uuid, ...rest] = view.header;
      fieldAt(flow, uuid!, rightX, rightWidth, 'right');
      for (const field of rest) pair(flow, field, rightX, rightWidth, 90, 'right');
    },
  ]);
  flow.gap(6);
}

/** A titled, bordered box per column; the boxes are as tall as the tallest. */
function boxes(flow: Flow, parts: Array<{ title: string; draw: (x: number, width: number) => void }>) {
  const gutter = 10;
  const width = (flow.width - gutter * (parts.length - 1)) / parts.length;
  const top = flow.y;
  flow.columns(
    parts.map((part, index) => () => {
      const x = flow.left + index * (width + gutter);
      if (flow.draws) flow.doc.rect(x, flow.y, width, 13).fill('#eee').fillColor('#000');
      flow.textAt(part.title, flow.y + 3, { font: BOLD, size: 7.5, x: x + 5, width: width - 10 });
      flow.gap(16);
      part.draw(x + 5, width - 10);
    }),
  );
  flow.gap(2);
  if (flow.draws) {
    parts.forEach((_, index) => {
      flow.doc
        .rect(flow.left + index * (width + gutter), top, width, flow.y - top)
        .lineWidth(0.5)
        .strokeColor('#999')
        .stroke();
    });
  }
  flow.gap(8);
}

function party(flow: Flow, party: InvoiceView['emisor'], x: number, width: number) {
  flow.text(party.nombre, { font: BOLD, size: 9, x, width });
  flow.gap(2);
  for (const field of party.fields) pair(flow, field, x, width, 82);
}

/** Fields side by side; the first (método de pago, periodicidad) gets more room. */
function fieldRow(flow: Flow, fields: Field[], x: number, width: number) {
  const shares = fields.map((_, index) => (index === 0 ? 1.6 : 1));
  const unit = width / shares.reduce((a, b) => a + b, 0);
  let left = x;
  flow.columns(
    fields.map((field, index) => {
      const columnX = left;
      left += shares[index]! * unit;
      return () => fieldAt(flow, field, columnX, shares[index]! * unit - 6);
    }),
  );
}

const COLUMNS = [52, 46, 56, 0, 72, 72];
const ALIGN = ['left', 'right', 'left', 'left', 'right', 'right'] as const;

function table(flow: Flow, concepts: ConceptView[]) {
  const widths = COLUMNS.map((w) => w || flow.width - COLUMNS.reduce((a, b) => a + b, 0));
  const xs = widths.map((_, i) => flow.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const pad = 3;
  const headerRow = () => {
    const height = Math.max(
      ...T.columns.map((c, i) => flow.heightOf(c, { font: BOLD, size: 7.5, width: widths[i]! - 2 * pad })),
    );
    if (flow.draws)
      flow.doc
        .rect(flow.left, flow.y, flow.width, height + 6)
        .fill('#eee')
        .fillColor('#000');
    T.columns.forEach((c, i) =>
      flow.textAt(c, flow.y + 3, {
        font: BOLD,
        size: 7.5,
        x: xs[i]! + pad,
        width: widths[i]! - 2 * pad,
        align: ALIGN[i],
      }),
    );
    flow.gap(height + 6);
  };
  const row = (concept: ConceptView) => {
    const cells = [
      concept.claveProdServ,
      concept.cantidad,
      concept.unidad,
      concept.descripcion,
      concept.valorUnitario,
      concept.importe,
    ];
    const top = flow.y + 3;
    let bottom = top;
    cells.forEach((cell, i) => {
      const options = { size: 8, x: xs[i]! + pad, width: widths[i]! - 2 * pad, align: ALIGN[i] };
      bottom = Math.max(bottom, top + flow.textAt(cell, top, options));
    });
    // The description's details, small, under it.
    const descriptionX = xs[3]! + pad;
    let detailsY = top + flow.heightOf(concept.descripcion, { size: 8, width: widths[3]! - 2 * pad });
    for (const detail of concept.details) {
      detailsY += flow.textAt(detail, detailsY, {
        size: 6.5,
        x: descriptionX,
        width: widths[3]! - 2 * pad,
        color: GREY,
      });
    }
    flow.y = Math.max(bottom, detailsY) + 3;
    flow.line(flow.left, flow.left + flow.width, flow.y, { width: 0.3, color: '#bbb' });
  };

  // The header never ends a page alone: it goes with the first row.
  const [first, ...rest] = concepts;
  flow.block(() => {
    headerRow();
    if (first) row(first);
  });
  flow.onNewPage = headerRow;
  for (const concept of rest) flow.block(() => row(concept));
  flow.onNewPage = null;
  flow.gap(8);
}

function totals(flow: Flow, view: InvoiceView) {
  const width = 210;
  const x = flow.left + flow.width - width;
  flow.block(() =>
    flow.columns([
      () => {
        flow.text(T.inWords, { size: 6.5, width: flow.width - width - 20, color: GREY });
        flow.text(view.inWords, { font: BOLD, size: 8.5, width: flow.width - width - 20 });
      },
      () => {
        for (const { label, value, bold } of view.totals) {
          const size = bold ? 10 : 8.5;
          const font = bold ? BOLD : FONT;
          flow.textAt(label, flow.y, { font, size, x, width: width - 90 });
          flow.text(value, { font, size, x: x + width - 90, width: 90, align: 'right' });
          flow.gap(2);
        }
      },
    ]),
  );
  flow.gap(10);
}

function stamp(flow: Flow, view: InvoiceView) {
  const qrSize = 96;
  flow.block(() => {
    flow.line(flow.left, flow.left + flow.width);
    flow.gap(8);
    flow.columns([
      () => {
        if (flow.draws) drawQr(flow.doc, view.qrUrl, flow.left - 4, flow.y - 4, qrSize);
        flow.gap(qrSize - 8);
      },
      () => {
        for (const field of view.stamp) pair(flow, field, flow.left + qrSize + 6, flow.width - qrSize - 6, 150);
      },
    ]);
    flow.gap(6);
  });
  for (const { label, value } of view.seals) {
    flow.block(() => {
      flow.text(label, { font: BOLD, size: 7 });
      flow.text(value, { size: 6.5 });
      flow.gap(5);
    });
  }
  flow.block(() => {
    flow.gap(4);
    flow.text(T.legend, { font: BOLD, size: 8, align: 'center' });
  });
}

/** Page numbers, the UUID, and the CANCELADA mark on every page (the pages were buffered). */
function finishPages(doc: Doc, view: InvoiceView) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const y = LETTER.height - LETTER.bottom + 14;
    const width = LETTER.width - 2 * LETTER.margin;
    doc.font(FONT).fontSize(7).fillColor(GREY);
    const status = view.cancelled ? ` · ${T.cancelled}` : '';
    doc.text(`${T.uuid}: ${view.uuid}${status}`, LETTER.margin, y, { width, lineBreak: false });
    doc.text(T.page(index - start + 1, count), LETTER.margin, y, { width, align: 'right', lineBreak: false });
    doc.fillColor('#000');
    if (view.cancelled) {
      doc.save();
      doc.rotate(-35, { origin: [LETTER.width / 2, LETTER.height / 2] });
      doc.font(BOLD).fontSize(96).fillColor(RED).fillOpacity(0.18);
      doc.text(T.cancelled, 0, LETTER.height / 2 - 48, { width: LETTER.width, align: 'center', lineBreak: false });
      doc.restore();
    }
  }
}

export function letterInvoice(doc: Doc, view: InvoiceView, shop: BusinessInfo) {
  const flow = new Flow(doc, LETTER, true);
  flow.newPage();
  header(flow, view, shop);
  boxes(flow, [
    { title: T.emisor, draw: (x, width) => party(flow, view.emisor, x, width) },
    { title: T.receptor, draw: (x, width) => party(flow, view.receptor, x, width) },
  ]);
  boxes(flow, [{ title: T.payment, draw: (x, width) => fieldRow(flow, view.payment, x, width) }]);
  const globalFields = view.global;
  if (globalFields) boxes(flow, [{ title: T.global, draw: (x, width) => fieldRow(flow, globalFields, x, width) }]);
  const related = view.related;
  if (related) boxes(flow, [{ title: T.related, draw: (x, width) => fieldRow(flow, related, x, width) }]);
  table(flow, view.concepts);
  for (const box of view.pagos ?? []) {
    boxes(flow, [{ title: box.title, draw: (x, width) => fieldRow(flow, box.fields, x, width) }]);
  }
  totals(flow, view);
  stamp(flow, view);
  finishPages(doc, view);
}
