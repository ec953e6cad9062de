import { PAPERS } from '../../printing/index.js';
import type { BusinessInfo } from '../../printing/index.js';
import { BOLD, type Doc, Flow, FONT, GREY } from './flow.js';
import { INVOICE_PDF_TEXTS as T } from './invoice-texts.js';
import type { Field, InvoiceView } from './invoice-view.js';
import { drawQr } from '../../../lib/pdf-qr.js';

// The invoice on an 80 mm roll: the same content stacked in one narrow column, smaller type, the
// seals wrapped character by character. Laid out once to measure, then drawn on one page exactly
// that tall, like the receipt; a roll longer than a PDF page may be (200 in) goes on several.

const PAPER = PAPERS[80];
const MM = 72 / 25.4;
const MAX_PAGE_HEIGHT = 14_400;
const SIZE = { title: 11, body: 7.5, small: 6.5, seal: 5.5 };

function rule(flow: Flow) {
  flow.gap(3);
  flow.line(flow.left, flow.left + flow.width, flow.y, { color: '#000', dash: true });
  flow.gap(4);
}

/** 'Label: value' on one line when it fits, the value wrapping under it otherwise. */
function field(flow: Flow, { label, value }: Field, size = SIZE.small) {
  flow.text(`${label}: ${value}`, { size });
}

/** Label on the left, value on the right. */
function row(flow: Flow, label: string, value: string, { size = SIZE.body, font = FONT } = {}) {
  const valueWidth = Math.min(flow.width * 0.45, 90);
  flow.ensure(flow.heightOf(label, { font, size, width: flow.width - valueWidth - 4 }));
  const labelHeight = flow.textAt(label, flow.y, { font, size, width: flow.width - valueWidth - 4 });
  const valueHeight = flow.textAt(value, flow.y, {
    font,
    size,
    x: flow.left + flow.width - valueWidth,
    width: valueWidth,
    align: 'right',
  });
  flow.gap(Math.max(labelHeight, valueHeight));
}

function layout(flow: Flow, view: InvoiceView, shop: BusinessInfo) {
  if (shop.logo) {
    const box = 16 * MM;
    if (flow.draws) {
      flow.doc.image(shop.logo.data, flow.left, flow.y, { fit: [flow.width, box], align: 'center', valign: 'center' });
    }
    flow.gap(box + 3);
  }
  flow.text(shop.name, { font: BOLD, size: SIZE.title, align: 'center' });
  for (const line of shop.details) flow.text(line, { size: SIZE.small, align: 'center' });
  rule(flow);

  flow.text(view.title, { font: BOLD, size: SIZE.title, align: 'center' });
  if (view.cancelled) {
    const height = flow.heightOf(T.cancelled, { font: BOLD, size: SIZE.title }) + 4;
    if (flow.draws) flow.doc.rect(flow.left, flow.y + 1, flow.width, height).fill('#000');
    flow.textAt(T.cancelled, flow.y + 3.5, { font: BOLD, size: SIZE.title, align: 'center', color: '#fff' });
    flow.gap(height + 3);
  }
  flow.gap(2);
  for (const f of view.header) field(flow, f);
  rule(flow);

  for (const [title, party] of [
    [T.emisor, view.emisor],
    [T.receptor, view.receptor],
  ] as const) {
    flow.text(title, { font: BOLD, size: SIZE.body });
    flow.text(party.nombre, { size: SIZE.body });
    for (const f of party.fields) field(flow, f);
    flow.gap(3);
  }
  rule(flow);

  for (const f of view.payment) field(flow, f);
  if (view.global) {
    flow.gap(2);
    flow.text(T.global, { font: BOLD, size: SIZE.small });
    for (const f of view.global) field(flow, f);
  }
  if (view.related) {
    flow.gap(2);
    flow.text(T.related, { font: BOLD, size: SIZE.small });
    for (const f of view.related) field(flow, f);
  }
  rule(flow);

  view.concepts.forEach((concept, index) => {
    if (index > 0) flow.gap(3);
    flow.text(concept.descripcion, { font: BOLD, size: SIZE.body });
    flow.text(`${T.columns[0]} ${concept.claveProdServ} · ${T.columns[2]} ${concept.unidad}`, {
      size: SIZE.small,
      color: GREY,
    });
    row(flow, `${concept.cantidad} x ${concept.valorUnitario}`, concept.importe);
    for (const detail of concept.details) flow.text(detail, { size: SIZE.small, color: GREY });
  });
  rule(flow);
  for (const box of view.pagos ?? []) {
    flow.text(box.title, { font: BOLD, size: SIZE.small });
    for (const f of box.fields) field(flow, f);
    flow.gap(3);
  }
  if (view.pagos) rule(flow);

  for (const { label, value, bold } of view.totals) {
    row(flow, label, value, bold ? { size: 9, font: BOLD } : {});
  }
  flow.gap(3);
  flow.text(T.inWords, { size: SIZE.small, color: GREY });
  flow.text(view.inWords, { font: BOLD, size: SIZE.small });
  rule(flow);

  const qrSize = 40 * MM;
  flow.ensure(qrSize);
  if (flow.draws) drawQr(flow.doc, view.qrUrl, flow.left + (flow.width - qrSize) / 2, flow.y, qrSize);
  flow.gap(qrSize + 3);
  for (const f of view.stamp) field(flow, f);
  for (const { label, value } of view.seals) {
    flow.gap(3);
    flow.text(label, { font: BOLD, size: SIZE.small });
    flow.text(value, { size: SIZE.seal });
  }
  flow.gap(5);
  flow.text(T.legend, { font: BOLD, size: SIZE.small, align: 'center' });
}

export function rollInvoice(doc: Doc, view: InvoiceView, shop: BusinessInfo) {
  const geometry = { width: PAPER.width, height: Infinity, margin: PAPER.margin, top: 4 * MM, bottom: 6 * MM };
  const measuring = new Flow(doc, geometry, false);
  layout(measuring, view, shop);
  const height = Math.min(Math.ceil(measuring.y + geometry.bottom), MAX_PAGE_HEIGHT);
  const flow = new Flow(doc, { ...geometry, height }, true);
  flow.newPage();
  layout(flow, view, shop);
}
