import type PDFDocument from 'pdfkit';
import { winAnsi } from '../../../lib/fold-text.js';

// Text flowing down the page with pdfkit's standard fonts (WinAnsi: every value goes through
// winAnsi). The flow can lay out without drawing, to measure a block before it is drawn (it then
// starts a new page when the block doesn't fit) or a whole roll before its one page is made.

export type Doc = InstanceType<typeof PDFDocument>;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const GREY = '#555';

export interface Geometry {
  width: number;
  height: number;
  margin: number;
  top: number;
  bottom: number;
}

export interface TextOptions {
  font?: string;
  size: number;
  x?: number;
  width?: number;
  align?: 'left' | 'center' | 'right';
  color?: string;
}

export class Flow {
  y: number;
  /** Called after a page break (a table repeats its header). */
  onNewPage: (() => void) | null = null;
  #measuring = 0;

  constructor(
    readonly doc: Doc,
    readonly geometry: Geometry,
    readonly drawing: boolean,
  ) {
    this.y = geometry.top;
  }

  get left() {
    return this.geometry.margin;
  }
  get width() {
    return this.geometry.width - 2 * this.geometry.margin;
  }
  get draws() {
    return this.drawing && this.#measuring === 0;
  }

  /** The height `fn` would take, drawing nothing. */
  measure(fn: () => void): number {
    const start = this.y;
    this.#measuring++;
    try {
      fn();
      return this.y - start;
    } finally {
      this.#measuring--;
      this.y = start;
    }
  }

  /** A new page when `height` doesn't fit below the current line (never on a fresh page). */
  ensure(height: number) {
    if (this.#measuring > 0) return;
    const bottom = this.geometry.height - this.geometry.bottom;
    if (this.y + height > bottom && this.y > this.geometry.top + 1) this.newPage();
  }

  newPage() {
    if (this.drawing) this.doc.addPage({ size: [this.geometry.width, this.geometry.height], margin: 0 });
    this.y = this.geometry.top;
    this.onNewPage?.();
  }

  /** Keeps `fn`'s block on one page when it fits on one. */
  block(fn: () => void) {
    this.ensure(this.measure(fn));
    fn();
  }

  heightOf(value: string, { font = FONT, size, width = this.width }: TextOptions): number {
    this.doc.font(font).fontSize(size);
    return this.doc.heightOfString(winAnsi(value), { width, lineGap: 1 });
  }

  /** Writes `value` at the current line (on a new page when it doesn't fit) and moves below it. */
  text(value: string, options: TextOptions): number {
    this.ensure(this.heightOf(value, options));
    const height = this.textAt(value, this.y, options);
    this.y += height;
    return height;
  }

  /** Writes `value` at `y` without moving; returns its height. */
  textAt(
    value: string,
    y: number,
    { font = FONT, size, x = this.left, width = this.width, align, color }: TextOptions,
  ) {
    const clean = winAnsi(value);
    this.doc.font(font).fontSize(size);
    const height = this.doc.heightOfString(clean, { width, lineGap: 1 });
    if (this.draws) {
      this.doc
        .fillColor(color ?? '#000')
        .text(clean, x, y, { width, align: align ?? 'left', lineGap: 1 })
        .fillColor('#000');
    }
    return height;
  }

  gap(height: number) {
    this.y += height;
  }

  line(x1: number, x2: number, y = this.y, { width = 0.5, color = '#999', dash = false } = {}) {
    if (!this.draws) return;
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color);
    if (dash) this.doc.dash(1.5, { space: 1.5 });
    this.doc.stroke().restore();
  }

  /** Runs each column's layout from the same line; the flow continues below the tallest. */
  columns(parts: Array<() => void>) {
    const start = this.y;
    let end = start;
    for (const part of parts) {
      this.y = start;
      part();
      end = Math.max(end, this.y);
    }
    this.y = end;
  }
}
