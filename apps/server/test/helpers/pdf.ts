import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';

/** The text of a PDF through poppler's pdftotext, its whitespace collapsed. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text of the QR code on a page, rendered grey by poppler's pdftoppm and read by jsQR (an
 * independent decoder), at the first of a few resolutions where it is found; null when none is.
 */
export function pdfQrText(pdf: Buffer, page = 1): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    for (const dpi of [150, 110, 200]) {
      const pgm = execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), file], {
        maxBuffer: 64 * 1024 * 1024,
      });
      // Binary PGM: "P5", width, height, maxval, one whitespace, then a byte a pixel.
      const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'))!;
      const width = Number(header[1]);
      const height = Number(header[2]);
      const grey = pgm.subarray(header[0].length);
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        rgba.fill(grey[i]!, i * 4, i * 4 + 3);
        rgba[i * 4 + 3] = 255;
      }
      const found = jsQR(rgba, width, height)?.data;
      if (found !== undefined) return found;
    }
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
