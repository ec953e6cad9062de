// Texts of the day's cut shared by the server's PDF and the web screen. Plain constants, apart
// from the schemas (schemas/reports.ts), so the web app's texts can name them without loading zod.

import { PAYMENT_MODE_LABELS, type PaymentMethod, type PaymentMode } from './enums.js';

/** The title of a cut's section listing what was recorded into its day after the previous cut. */
export const CUT_LATE_TITLE = 'Registrado después del corte anterior';

/**
 * A cut sales row's 'Forma de pago': the payment mode ('Efectivo', 'Crédito'), and for a cash sale
 * paid otherwise than in cash, how: 'Efectivo · Tarjeta', 'Efectivo · Transferencia'. A cut made
 * before payment methods has no method: the mode alone.
 */
export function cutPaymentLabel(row: { paymentMode: PaymentMode; method?: PaymentMethod | null }): string {
  const mode = PAYMENT_MODE_LABELS[row.paymentMode];
  return row.paymentMode === 'Cash' && row.method && row.method !== 'Efectivo' ? `${mode} · ${row.method}` : mode;
}

/** One line of a cut's cash reconciliation: an amount (signed pesos) under a label. */
export interface CutCashLine {
  label: string;
  /** Signed pesos: what the line adds to (or, negative, takes from) the total under it. */
  amount: number;
  /** 'line' adds up into the next 'total'; 'detail' explains the line above it; 'figure' stands alone. */
  kind: 'line' | 'detail' | 'total' | 'figure';
}

/** The texts of the cut's cash section, shared by the screen and the PDF. */
export const CUT_CASH_TEXTS = {
  title: 'Caja del día (efectivo)',
  openingFloats: 'Fondos iniciales',
  cashSales: 'Ventas en efectivo',
  cashPayments: 'Abonos en efectivo',
  cashRefunds: 'Devoluciones',
  entradas: 'Entradas',
  salidas: 'Salidas',
  expected: 'Efectivo esperado',
  counted: 'Efectivo contado',
  difference: 'Diferencia',
  outsideSales: 'Ventas fuera de turno',
  outsidePayments: 'Abonos fuera de turno',
  outsideRefunds: 'Devoluciones fuera de turno',
  reconcile: 'Cuadre con los pagos en efectivo',
  throughDrawers: 'En cajas (ventas + abonos − devoluciones)',
  otherDays: 'En cajas abiertas otro día',
  efectivo: 'Pagos en efectivo',
} as const;

interface CutCashFigures {
  openingFloats: number;
  cashSales: number;
  cashPayments: number;
  cashRefunds: number;
  entradas: number;
  salidas: number;
  expected: number;
  counted: number | null;
  difference: number | null;
  movements: ReadonlyArray<{ type: 'Entrada' | 'Salida'; amount: number; note: string; user: string }>;
  outside: { cashSales: number; cashPayments: number; cashRefunds: number; net: number };
  otherDays: number;
  efectivo: number;
}

const pesos = (cents: number) => cents / 100;
const toCents = (value: number) => Math.round(value * 100);

/**
 * The cut's cash, line by line, each total the sum of the lines above it: floats + sales + abonos
 * − refunds + entradas (each listed with its note) − salidas (each listed) = expected; counted and
 * difference; then how the drawers and the cash outside them meet the Efectivo payments.
 */
export function cutCashLines(cash: CutCashFigures): CutCashLine[] {
  const T = CUT_CASH_TEXTS;
  const details = (type: 'Entrada' | 'Salida', sign: 1 | -1) =>
    cash.movements
      .filter((m) => m.type === type)
      .map((m): CutCashLine => ({ label: `${m.note} (${m.user})`, amount: sign * m.amount, kind: 'detail' }));
  const lines: CutCashLine[] = [
    { label: T.openingFloats, amount: cash.openingFloats, kind: 'line' },
    { label: T.cashSales, amount: cash.cashSales, kind: 'line' },
    { label: T.cashPayments, amount: cash.cashPayments, kind: 'line' },
    { label: T.cashRefunds, amount: -cash.cashRefunds, kind: 'line' },
    { label: T.entradas, amount: cash.entradas, kind: 'line' },
    ...details('Entrada', 1),
    { label: T.salidas, amount: -cash.salidas, kind: 'line' },
    ...details('Salida', -1),
    { label: T.expected, amount: cash.expected, kind: 'total' },
  ];
  if (cash.counted !== null) lines.push({ label: T.counted, amount: cash.counted, kind: 'figure' });
  if (cash.difference !== null) lines.push({ label: T.difference, amount: cash.difference, kind: 'figure' });
  const throughDrawers = pesos(toCents(cash.cashSales) + toCents(cash.cashPayments) - toCents(cash.cashRefunds));
  lines.push(
    { label: T.reconcile, amount: 0, kind: 'figure' },
    { label: T.throughDrawers, amount: throughDrawers, kind: 'line' },
  );
  const outside = cash.outside;
  if (outside.cashSales !== 0) lines.push({ label: T.outsideSales, amount: outside.cashSales, kind: 'line' });
  if (outside.cashPayments !== 0) lines.push({ label: T.outsidePayments, amount: outside.cashPayments, kind: 'line' });
  if (outside.cashRefunds !== 0) lines.push({ label: T.outsideRefunds, amount: -outside.cashRefunds, kind: 'line' });
  if (cash.otherDays !== 0) lines.push({ label: T.otherDays, amount: cash.otherDays, kind: 'line' });
  lines.push({ label: T.efectivo, amount: cash.efectivo, kind: 'total' });
  return lines;
}

/** The texts of the cut's profit (utilidad bruta) figures, shared by the screen and the PDF. */
export const CUT_PROFIT_TEXTS = {
  title: 'Utilidad del día',
  revenue: 'Ingresos sin impuestos',
  cost: 'Costo de lo vendido',
  profit: 'Utilidad bruta',
  margin: 'Margen',
  noCost: 'Ventas sin costo (aparte)',
} as const;

/** A margin as the cut shows it: '35.1 %', or '—' without revenue to divide. */
export function cutMarginText(margin: number | null): string {
  return margin === null ? '—' : `${margin.toFixed(1)} %`;
}
