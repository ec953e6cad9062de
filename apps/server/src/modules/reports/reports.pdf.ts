import {
  businessDayBounds,
  type CashCountReport,
  CUT_CASH_TEXTS,
  CUT_LATE_TITLE,
  CUT_PROFIT_TEXTS,
  cutMarginText,
  cutCashLines,
  type CutData,
  formatCutQuantities,
  formatQuantity,
  formatSignedQuantity,
  formatDateTime,
  formatLongDate,
  formatPayment,
  formatShortDate,
  LATE_ENTRY_WORDS,
  PAYMENT_METHODS,
  cutPaymentLabel,
  PAYMENT_MODE_LABELS,
  parseCutData,
  pesosToCents,
  taxRowLabel,
} from '@mostrador/shared';
import PDFDocument from 'pdfkit';
import { winAnsi } from '../../lib/fold-text.js';
import type { BusinessInfo } from '../printing/index.js';

// The cut as a letter-size PDF for the owner's records. Standard Helvetica (WinAnsi covers the
// Spanish letters and $); every amount to the centavo.

export const CUT_PDF_TEXTS = {
  title: 'Corte de caja',
  day: (day: string) => `Día: ${day} (de 00:00 a 23:59)`,
  generated: (at: string, id: number) => `Corte #${id}, generado el ${at}`,
  inventory: 'Movimientos de inventario',
  inventoryColumns: ['Producto', 'Inicial', 'Ventas', 'Devol.', 'Entradas', 'Merma', 'Ajustes', 'Final'],
  noData: 'Sin datos',
  sales: 'Detalle de ventas',
  salesColumns: ['Producto', 'Cantidad', 'Precio', 'Total', 'Forma de pago'],
  noSalesTitle: 'Sin ventas',
  noSales: 'No hay ventas registradas en este corte.',
  pending: 'Pagos pendientes',
  pendingColumns: ['Folio', 'Cliente', 'Fecha', 'Monto', 'Pagado', 'Pendiente'],
  noPending: 'No hay pendientes.',
  late: CUT_LATE_TITLE,
  returns: 'Devoluciones',
  taxes: 'Impuestos del día (ventas menos devoluciones)',
  taxesColumns: ['Tasas', 'Base', 'IEPS', 'IVA', 'Total'],
  taxesTotal: 'Total',
  returnsColumns: ['Folio', 'Cliente', 'Fecha', 'Motivo', 'Devuelto', 'Reembolso'],
  returnsTotal: (amount: string, refund: string) => `Total devuelto ${amount} · reembolsado ${refund}`,
  lateColumns: ['Folio', 'Tipo', 'Cliente', 'Fecha', 'Forma de pago', 'Monto'],
  summary: 'Resumen',
  /** Cuts made before decimal quantities: one sum, all pieces then. */
  totalUnits: 'Total de unidades',
  /** Σ quantity sold in one unit: kilograms are never added to pieces. */
  soldIn: (unit: string) => `Cantidad vendida (${unit})`,
  expected: 'Efectivo esperado',
  counted: 'Efectivo contado',
  difference: 'Diferencia',
  byMethod: (method: string) => `Pagos en ${method}`,
  shifts: 'Turnos de caja',
  shiftsColumns: ['Turno', 'Cajero', 'Apertura', 'Cierre', 'Esperado', 'Contado', 'Diferencia'],
  openShift: 'Abierto',
  noShifts: 'No se abrieron turnos de caja este día.',
  totalAmount: 'Monto total de ventas',
  totalPayments: 'Pagos recibidos',
  totalDue: 'Pendiente por cobrar',
  unreadable: 'No se pudo mostrar el documento de corte.',
  noClient: 'Sin nombre',
  page: (n: number, of: number) => `Página ${n} de ${of}`,
} as const;

const T = CUT_PDF_TEXTS;
const MARGIN = 40;
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN - 20;
const ROW_HEIGHT = 16;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

const money = (pesos: number) => formatPayment(pesosToCents(pesos));

/** The day's gross profit in the summary (cuts made before profit have none); 'sin costo' apart. */
function profitRows(profit: CutData['profit']): string[][] {
  if (!profit) return [];
  const P = CUT_PROFIT_TEXTS;
  const rows = [
    [P.revenue, money(profit.revenue)],
    [P.cost, money(profit.cost)],
    [P.profit, money(profit.profit)],
    [P.margin, cutMarginText(profit.margin)],
  ];
  if (profit.noCostRevenue !== 0) rows.push([P.noCost, money(profit.noCostRevenue)]);
  return rows;
}

export function renderCutPdf(report: CashCountReport, business: BusinessInfo): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${T.title} ${report.date}`, Author: winAnsi(business.name) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = MARGIN;
  const write = (text: string, x: number, top: number, width: number, align: 'left' | 'right' = 'left') => {
    doc.text(fit(doc, winAnsi(text), width - 4), x + 2, top, { width: width - 4, align, lineBreak: false });
  };
  const ensureRoom = (height: number, onNewPage?: () => void) => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    y = MARGIN;
    onNewPage?.();
  };

  const heading = (text: string) => {
    ensureRoom(ROW_HEIGHT * 3);
    y += 10;
    doc.font(BOLD).fontSize(12).fillColor('#000');
    write(text, MARGIN, y, CONTENT_WIDTH);
    y += 18;
  };

  const note = (text: string, bold = false) => {
    ensureRoom(ROW_HEIGHT);
    doc
      .font(bold ? BOLD : FONT)
      .fontSize(9)
      .fillColor('#444');
    write(text, MARGIN, y, CONTENT_WIDTH);
    y += ROW_HEIGHT;
    doc.fillColor('#000');
  };

  const table = (columns: Column[], rows: string[][], withHeader = true) => {
    const header = () => {
      if (!withHeader) return;
      doc.rect(MARGIN, y - 3, CONTENT_WIDTH, ROW_HEIGHT).fill('#e6f4f1');
      doc.font(BOLD).fontSize(8.5).fillColor('#000');
      let x = MARGIN;
      for (const column of columns) {
        write(column.label, x, y, column.width, column.align);
        x += column.width;
      }
      y += ROW_HEIGHT;
    };
    ensureRoom(ROW_HEIGHT * 2);
    header();
    rows.forEach((cells, index) => {
      ensureRoom(ROW_HEIGHT, header);
      if (index % 2 === 1) doc.rect(MARGIN, y - 3, CONTENT_WIDTH, ROW_HEIGHT).fill('#f6f6f6');
      doc.font(FONT).fontSize(8.5).fillColor('#000');
      let x = MARGIN;
      columns.forEach((column, i) => {
        write(cells[i] ?? '', x, y, column.width, column.align);
        x += column.width;
      });
      y += ROW_HEIGHT;
    });
  };

  // The shop (its logo on the right, when it has one), then the title.
  const logoBox = { width: 120, height: 48 };
  if (business.logo)
    doc.image(business.logo.data, MARGIN + CONTENT_WIDTH - logoBox.width, y, {
      fit: [logoBox.width, logoBox.height],
      align: 'right',
    });
  const beside = business.logo ? CONTENT_WIDTH - logoBox.width - 10 : CONTENT_WIDTH;
  const top = y;
  doc.font(BOLD).fontSize(13);
  write(business.name, MARGIN, y, beside);
  y += 17;
  doc.font(FONT).fontSize(9).fillColor('#444');
  for (const line of business.details) {
    write(line, MARGIN, y, beside);
    y += 12;
  }
  doc.fillColor('#000');
  if (business.logo) y = Math.max(y, top + logoBox.height);
  y += 6;
  doc.font(BOLD).fontSize(18);
  write(T.title, MARGIN, y, CONTENT_WIDTH);
  y += 26;
  doc.font(FONT).fontSize(10);
  write(T.day(formatLongDate(businessDayBounds(report.date).start)), MARGIN, y, CONTENT_WIDTH);
  y += 14;
  doc.fillColor('#444');
  write(T.generated(formatDateTime(report.createdAt), report.id), MARGIN, y, CONTENT_WIDTH);
  doc.fillColor('#000');
  y += 12;

  const data = parseCutData(report.data);
  if (!data) {
    heading(T.unreadable);
  } else {
    drawCut(data);
  }

  function drawCut(cut: CutData) {
    // The summary first: the cash (expected, counted, difference, by method), then the sales.
    heading(T.summary);
    const shifts = cut.shifts ?? [];
    const closed = shifts.filter((shift) => shift.counted !== null && shift.difference !== null);
    const sumCents = (values: number[]) => values.reduce((total, v) => total + pesosToCents(v), 0);
    const cashRows: string[][] = [];
    if (shifts.length > 0) {
      cashRows.push([T.expected, formatPayment(sumCents(shifts.map((shift) => shift.expected)))]);
      if (closed.length > 0) {
        const differenceCents = sumCents(closed.map((shift) => shift.difference ?? 0));
        cashRows.push(
          [T.counted, formatPayment(sumCents(closed.map((shift) => shift.counted ?? 0)))],
          [T.difference, `${differenceCents > 0 ? '+' : ''}${formatPayment(differenceCents)}`],
        );
      }
    }
    const byMethod = cut.totals.byMethod;
    if (byMethod) for (const method of PAYMENT_METHODS) cashRows.push([T.byMethod(method), money(byMethod[method])]);
    const quantityRows = cut.totals.totalQuantities
      ? cut.totals.totalQuantities.map((total) => [T.soldIn(total.unit), formatQuantity(total.quantity, total.unit)])
      : [[T.totalUnits, formatCutQuantities(cut.totals)]];
    table(
      [
        { label: '', width: CONTENT_WIDTH - 150 },
        { label: '', width: 150, align: 'right' },
      ],
      [
        ...cashRows,
        [T.totalAmount, money(cut.totals.totalAmount)],
        [T.totalPayments, money(cut.totals.totalPayments)],
        [T.totalDue, money(cut.totals.totalDue)],
        ...profitRows(cut.profit),
        ...quantityRows,
      ],
      false,
    );

    if (cut.cash) {
      heading(CUT_CASH_TEXTS.title);
      table(
        [
          { label: '', width: CONTENT_WIDTH - 150 },
          { label: '', width: 150, align: 'right' },
        ],
        cutCashLines(cut.cash).map((line) => [
          `${line.kind === 'detail' ? '    ' : ''}${line.kind === 'total' ? '= ' : ''}${line.label}`,
          line.label === CUT_CASH_TEXTS.reconcile
            ? ''
            : `${line.label === CUT_CASH_TEXTS.difference && line.amount > 0 ? '+' : ''}${line.amount < 0 ? '-' : ''}${money(Math.abs(line.amount))}`,
        ]),
        false,
      );
    }

    if (cut.taxes) {
      heading(T.taxes);
      const amounts = (figures: { base: number; ieps: number; iva: number; total: number }) => [
        money(figures.base),
        money(figures.ieps),
        money(figures.iva),
        money(figures.total),
      ];
      table(
        [
          { label: T.taxesColumns[0], width: CONTENT_WIDTH - 4 * 85 },
          ...T.taxesColumns.slice(1).map((label) => ({ label, width: 85, align: 'right' as const })),
        ],
        [
          ...cut.taxes.rows.map((row) => [taxRowLabel(row), ...amounts(row)]),
          [T.taxesTotal, ...amounts(cut.taxes.totals)],
        ],
      );
    }

    if (cut.shifts) {
      heading(T.shifts);
      if (shifts.length === 0) note(T.noShifts);
      else {
        table(
          [
            { label: T.shiftsColumns[0], width: 45 },
            { label: T.shiftsColumns[1], width: CONTENT_WIDTH - 45 - 2 * 95 - 3 * 70 },
            { label: T.shiftsColumns[2], width: 95 },
            { label: T.shiftsColumns[3], width: 95 },
            { label: T.shiftsColumns[4], width: 70, align: 'right' },
            { label: T.shiftsColumns[5], width: 70, align: 'right' },
            { label: T.shiftsColumns[6], width: 70, align: 'right' },
          ],
          shifts.map((shift) => [
            `#${shift.id}`,
            shift.user.name,
            formatDateTime(shift.openedAt),
            shift.closedAt ? formatDateTime(shift.closedAt) : T.openShift,
            money(shift.expected),
            shift.counted === null ? '—' : money(shift.counted),
            shift.difference === null
              ? '—'
              : `${shift.difference > 0 ? '+' : ''}${money(shift.difference)} ${shift.result ?? ''}`,
          ]),
        );
      }
    }

    heading(T.inventory);
    if (cut.inventory.length === 0) note(T.noData);
    else {
      const numeric = (label: string): Column => ({ label, width: 50, align: 'right' });
      table(
        [{ label: T.inventoryColumns[0], width: CONTENT_WIDTH - 7 * 50 }, ...T.inventoryColumns.slice(1).map(numeric)],
        cut.inventory.map((row) => [
          `${row.cuid} · ${row.name}`,
          formatQuantity(row.initial),
          formatQuantity(row.sales),
          formatQuantity(row.returned),
          formatQuantity(row.adds),
          formatQuantity(row.merma),
          formatSignedQuantity(row.adjustments),
          formatQuantity(row.final),
        ]),
      );
    }

    heading(T.sales);
    if (cut.sales.length === 0) {
      note(T.noSalesTitle, true);
      note(T.noSales);
    } else {
      table(
        [
          { label: T.salesColumns[0], width: CONTENT_WIDTH - 352 },
          { label: T.salesColumns[1], width: 60, align: 'right' },
          { label: T.salesColumns[2], width: 75, align: 'right' },
          { label: T.salesColumns[3], width: 85, align: 'right' },
          { label: '', width: 12 },
          { label: T.salesColumns[4], width: 120 },
        ],
        cut.sales.map((row) => [
          `${row.productCuid} · ${row.name}`,
          formatQuantity(row.units, row.unit),
          money(row.price),
          money(row.total),
          '',
          cutPaymentLabel(row),
        ]),
      );
    }

    heading(T.pending);
    if (cut.pending.length === 0) note(T.noPending);
    else {
      table(
        [
          { label: T.pendingColumns[0], width: 50 },
          { label: T.pendingColumns[1], width: CONTENT_WIDTH - 380 },
          { label: T.pendingColumns[2], width: 75 },
          { label: T.pendingColumns[3], width: 85, align: 'right' },
          { label: T.pendingColumns[4], width: 85, align: 'right' },
          { label: T.pendingColumns[5], width: 85, align: 'right' },
        ],
        cut.pending.map((row) => [
          `#${row.id}`,
          row.client ?? T.noClient,
          formatShortDate(row.date),
          money(row.amount),
          money(row.paid),
          money(row.pending),
        ]),
      );
    }

    // Only in a cut whose day had entries recorded after its previous cut.
    if (cut.late && cut.late.length > 0) {
      heading(T.late);
      table(
        [
          { label: T.lateColumns[0], width: 50 },
          { label: T.lateColumns[1], width: 90 },
          { label: T.lateColumns[2], width: CONTENT_WIDTH - 380 },
          { label: T.lateColumns[3], width: 75 },
          { label: T.lateColumns[4], width: 80 },
          { label: T.lateColumns[5], width: 85, align: 'right' },
        ],
        cut.late.map((row) => [
          `#${row.receiptId}`,
          LATE_ENTRY_WORDS[row.kind],
          row.client ?? T.noClient,
          formatShortDate(row.date),
          PAYMENT_MODE_LABELS[row.paymentMode],
          money(row.amount),
        ]),
      );
    }

    // The day's returns (devoluciones), apart from the sales (cuts made before returns have none).
    if (cut.returns && cut.returns.length > 0) {
      heading(T.returns);
      table(
        [
          { label: T.returnsColumns[0], width: 50 },
          { label: T.returnsColumns[1], width: 100 },
          { label: T.returnsColumns[2], width: 95 },
          { label: T.returnsColumns[3], width: CONTENT_WIDTH - 415 },
          { label: T.returnsColumns[4], width: 85, align: 'right' },
          { label: T.returnsColumns[5], width: 85, align: 'right' },
        ],
        cut.returns.map((row) => [
          `#${row.receiptId}`,
          row.client ?? T.noClient,
          formatDateTime(row.createdAt),
          row.reason,
          money(-row.amount),
          money(-row.refund),
        ]),
      );
      note(T.returnsTotal(money(cut.totals.totalReturned ?? 0), money(cut.totals.totalRefunded ?? 0)), true);
    }
  }

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    doc.font(FONT).fontSize(8).fillColor('#666');
    // Writing below the bottom margin would add a page: lift the margin for the footer.
    doc.page.margins.bottom = 0;
    doc.text(T.page(i - start + 1, count), MARGIN, PAGE_HEIGHT - MARGIN, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}

/** Cuts a cell's text to its column with an ellipsis. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end -= 1;
  return `${text.slice(0, end)}…`;
}
