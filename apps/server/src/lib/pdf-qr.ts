import type PDFDocument from 'pdfkit';
import qrcode from 'qrcode-generator';

// A QR code drawn as vector squares (sharp at any zoom and on any printer), with its 4-module
// quiet zone inside the box: the invoice's (the SAT's verification page) and the ticket's
// (autofactura). Error correction M, as the SAT's own examples use; the text goes in as UTF-8
// bytes (qrcode-generator writes each character's low byte, so it gets the bytes one character
// each).

type Doc = InstanceType<typeof PDFDocument>;
const QUIET_ZONE = 4;

/** Draws `text` as a QR code in the square of side `size` at (x, y). */
export function drawQr(doc: Doc, text: string, x: number, y: number, size: number): void {
  const qr = qrcode(0, 'M');
  qr.addData(Buffer.from(text, 'utf8').toString('latin1'), 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const cell = size / (count + 2 * QUIET_ZONE);
  doc.save();
  doc.rect(x, y, size, size).fill('#fff');
  // One rectangle per run of dark modules in a row, a hair taller than a module: no seams
  // between neighbours when a viewer or printer rounds the edges.
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.isDark(row, col)) continue;
      let end = col;
      while (end + 1 < count && qr.isDark(row, end + 1)) end++;
      doc.rect(x + (col + QUIET_ZONE) * cell, y + (row + QUIET_ZONE) * cell, (end - col + 1) * cell, cell + 0.05);
      col = end;
    }
  }
  doc.fill('#000');
  doc.restore();
}
