import { formatDateTime, formatQuantity, type LowStockItem } from '@mostrador/shared';
import PDFDocument from 'pdfkit';
import { winAnsi } from '../../lib/fold-text.js';

// The 'Lista de compras' on letter paper: one row per low product, page after page, with an empty
// box to tick what was ordered. Standard Helvetica, WinAnsi (like the other PDFs).

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const PAGE = { width: 612, height: 792, margin: 48 };
const COLUMNS = ['', 'Código', 'Producto', 'Existencia', 'Mínimo', 'Vendido 30 días', 'Pedir'] as const;
const WIDTHS = [18, 70, 170, 64, 64, 64, 66];

export function renderShoppingListPdf(
  items: readonly LowStockItem[],
  { businessName, now }: { businessName: string; now: number },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    info: { Title: 'Lista de compras', Author: winAnsi(businessName) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { margin } = PAGE;
  const width = PAGE.width - 2 * margin;
  const xs = WIDTHS.map((_, i) => margin + WIDTHS.slice(0, i).reduce((a, b) => a + b, 0));
  let y = margin;

  const row = (values: readonly string[], font: string, box = false) => {
    doc.font(font).fontSize(9);
    const height = Math.max(...values.map((v, i) => doc.heightOfString(winAnsi(v), { width: WIDTHS[i]! - 6 }))) + 6;
    if (y + height > PAGE.height - margin) {
      doc.addPage();
      y = margin;
    }
    values.forEach((v, i) =>
      doc.text(winAnsi(v), xs[i]! + 3, y + 3, { width: WIDTHS[i]! - 6, align: i >= 3 ? 'right' : 'left' }),
    );
    if (box)
      doc
        .rect(xs[0]! + 3, y + 3, 9, 9)
        .lineWidth(0.6)
        .stroke();
    y += height;
    doc
      .moveTo(margin, y)
      .lineTo(margin + width, y)
      .lineWidth(0.3)
      .strokeColor('#999')
      .stroke()
      .strokeColor('#000');
  };

  doc.font(BOLD).fontSize(16).text(winAnsi(businessName), margin, y, { width });
  y = doc.y + 4;
  doc.font(BOLD).fontSize(13).text('Lista de compras', margin, y, { width });
  y = doc.y + 2;
  doc
    .font(FONT)
    .fontSize(9)
    .text(winAnsi(formatDateTime(now)), margin, y, { width });
  y = doc.y + 12;
  row(COLUMNS, BOLD);
  if (items.length === 0) row(['', '', 'Ningún producto está en su mínimo.', '', '', '', ''], FONT);
  for (const item of items) {
    row(
      [
        '',
        item.cuid,
        item.name,
        formatQuantity(item.stock, item.unit),
        formatQuantity(item.minStock, item.unit),
        formatQuantity(item.soldLast30Days, item.unit),
        formatQuantity(item.suggested, item.unit),
      ],
      FONT,
      true,
    );
  }
  doc.end();
  return done;
}
