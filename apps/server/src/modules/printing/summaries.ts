import {
  CUT_PROFIT_TEXTS,
  cutMarginText,
  type CutData,
  formatCutQuantities,
  formatDateTime,
  formatPayment,
  PAYMENT_METHODS,
  pesosToCents,
  type Shift,
  taxRowLabel,
} from '@mostrador/shared';
import type { BusinessInfo, Ticket, TicketRow } from './ticket.js';

// 80 mm summaries laid out as tickets (the same PDF and ESC/POS layouts as a receipt): a cash
// shift's close and a day's cut, summary first.

export const SUMMARY_TEXTS = {
  shiftFolio: (id: number) => `Turno de caja #${id}`,
  cashier: 'Cajero',
  opened: 'Apertura',
  closed: 'Cierre',
  stillOpen: 'Abierto',
  expected: 'Efectivo esperado',
  counted: 'Contado',
  difference: 'Diferencia',
  openingFloat: 'Fondo inicial',
  cashSales: 'Ventas en efectivo',
  cashPayments: 'Abonos en efectivo',
  cashRefunds: 'Devoluciones en efectivo',
  entradas: 'Entradas',
  salidas: 'Salidas',
  movement: 'Movimiento',
  taxBase: (rates: string) => `Base ${rates}`,
  taxIeps: '  IEPS',
  taxIva: '  IVA',
  taxTotal: 'IVA del día',
  amount: 'Monto',
  method: (method: string) => `Pagos: ${method}`,
  cutFolio: (date: string) => `Corte de caja ${date}`,
  generated: 'Generado',
  shift: 'Turno',
  expectedShort: 'Esp.',
  countedShort: 'Cont.',
  sold: 'Total vendido',
  quantities: 'Cantidades',
  payments: 'Pagos del día',
  due: 'Pendiente por cobrar',
} as const;
const S = SUMMARY_TEXTS;

const money = (pesos: number) => formatPayment(pesosToCents(pesos));
/** An amount taken out, with its minus sign (none on zero). */
const minus = (pesos: number) => (pesos === 0 ? money(0) : money(-pesos));
const signed = (pesos: number) => (pesos > 0 ? `+${money(pesos)}` : money(pesos));
const differenceText = (difference: number, result: string | null) => `${signed(difference)} ${result ?? ''}`.trim();

export function shiftTicket(shift: Shift, business: BusinessInfo): Ticket {
  // The summary first (in the heading rows), then the movements, then the breakdown.
  const summary: TicketRow[] = [{ label: S.expected, value: money(shift.expected), bold: true }];
  if (shift.counted !== null && shift.difference !== null) {
    summary.push(
      { label: S.counted, value: money(shift.counted), bold: true },
      { label: S.difference, value: differenceText(shift.difference, shift.result), bold: true },
    );
  }
  return {
    // A summary, not a sale: no receipt footer.
    business: { ...business, footer: [] },
    folio: S.shiftFolio(shift.id),
    rows: [
      { label: S.cashier, value: shift.user.name },
      { label: S.opened, value: formatDateTime(shift.openedAt) },
      { label: S.closed, value: shift.closedAt ? formatDateTime(shift.closedAt) : S.stillOpen },
      ...summary,
    ],
    itemsHeading: shift.movements.length > 0 ? { label: S.movement, value: S.amount, bold: true } : null,
    items: shift.movements.map((m) => ({
      name: `${m.type}: ${m.note}`,
      detail: formatDateTime(m.createdAt),
      total: m.type === 'Salida' ? minus(m.amount) : money(m.amount),
    })),
    totals: [
      { label: S.openingFloat, value: money(shift.openingFloat) },
      { label: S.cashSales, value: money(shift.cashSales) },
      { label: S.cashPayments, value: money(shift.cashPayments) },
      { label: S.cashRefunds, value: minus(shift.cashRefunds) },
      { label: S.entradas, value: money(shift.entradas) },
      { label: S.salidas, value: minus(shift.salidas) },
      ...PAYMENT_METHODS.map((method) => ({ label: S.method(method), value: money(shift.byMethod[method]) })),
    ],
    payments: null,
  };
}

/** A cut on 80 mm: the cash summary (expected, counted, difference, by method), its shifts, then the sales. */
/** The day's gross profit, as the letter PDF gives it (cuts made before profit have none). */
function profitRows(profit: CutData['profit']): TicketRow[] {
  if (!profit) return [];
  const P = CUT_PROFIT_TEXTS;
  return [
    { label: P.revenue, value: money(profit.revenue) },
    { label: P.cost, value: money(profit.cost) },
    { label: P.profit, value: money(profit.profit), bold: true },
    { label: P.margin, value: cutMarginText(profit.margin) },
    ...(profit.noCostRevenue !== 0 ? [{ label: P.noCost, value: money(profit.noCostRevenue) }] : []),
  ];
}

export function cutTicket(cut: CutData, createdAt: string, business: BusinessInfo): Ticket {
  const shifts = cut.shifts ?? [];
  const closed = shifts.filter((s) => s.counted !== null);
  const sum = (values: number[]) => values.reduce((total, v) => total + pesosToCents(v), 0) / 100;
  const summary: TicketRow[] = [];
  if (shifts.length > 0) {
    summary.push({ label: S.expected, value: money(sum(shifts.map((s) => s.expected))), bold: true });
    if (closed.length > 0) {
      summary.push(
        { label: S.counted, value: money(sum(closed.map((s) => s.counted ?? 0))), bold: true },
        { label: S.difference, value: signed(sum(closed.map((s) => s.difference ?? 0))), bold: true },
      );
    }
  }
  const byMethod = cut.totals.byMethod;
  if (byMethod)
    summary.push(...PAYMENT_METHODS.map((method) => ({ label: S.method(method), value: money(byMethod[method]) })));
  return {
    business: { ...business, footer: [] },
    folio: S.cutFolio(cut.date),
    rows: [{ label: S.generated, value: formatDateTime(createdAt) }, ...summary],
    itemsHeading: shifts.length > 0 ? { label: S.shift, value: S.difference, bold: true } : null,
    items: shifts.map((s) => ({
      name: `#${s.id} ${s.user.name}${s.result ? ` (${s.result})` : ''}`,
      detail: `${S.expectedShort} ${money(s.expected)} ${S.countedShort} ${s.counted === null ? S.stillOpen : money(s.counted)}`,
      total: s.difference === null ? '-' : signed(s.difference),
    })),
    totals: [
      { label: S.sold, value: money(cut.totals.totalAmount) },
      { label: S.quantities, value: formatCutQuantities(cut.totals) },
      { label: S.payments, value: money(cut.totals.totalPayments) },
      { label: S.due, value: money(cut.totals.totalDue) },
      // The day's taxes, one line per combination of rates that has any ('IVA 16 %', 'Exento'…).
      ...(cut.taxes
        ? [
            ...cut.taxes.rows.flatMap((row) => [
              { label: S.taxBase(taxRowLabel(row)), value: money(row.base) },
              ...(row.ieps !== 0 ? [{ label: S.taxIeps, value: money(row.ieps) }] : []),
              ...(row.iva !== 0 ? [{ label: S.taxIva, value: money(row.iva) }] : []),
            ]),
            { label: S.taxTotal, value: money(cut.taxes.totals.iva), bold: true },
          ]
        : []),
      ...profitRows(cut.profit),
    ],
    payments: null,
  };
}
