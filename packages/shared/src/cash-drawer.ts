// Cash drawer rules (a shift, "turno"): what cash the drawer should hold and what was counted,
// in integer centavos. The server computes a shift with these; the web shows the same figures.
import type { CashResult } from './enums.js';

/**
 * MXN bills and coins a drawer is counted in. A count travels as a map from `key` to how many
 * pieces: the $20 exists as a bill ("20") and as a coin ("m20"), so the coin's key carries an
 * "m" (moneda); every other key is the face value in pesos ("0.5" is the 50-centavo coin).
 */
export const MXN_DENOMINATIONS = [
  { key: '1000', kind: 'bill', cents: 100_000, label: '$1,000' },
  { key: '500', kind: 'bill', cents: 50_000, label: '$500' },
  { key: '200', kind: 'bill', cents: 20_000, label: '$200' },
  { key: '100', kind: 'bill', cents: 10_000, label: '$100' },
  { key: '50', kind: 'bill', cents: 5_000, label: '$50' },
  { key: '20', kind: 'bill', cents: 2_000, label: '$20' },
  { key: 'm20', kind: 'coin', cents: 2_000, label: '$20' },
  { key: '10', kind: 'coin', cents: 1_000, label: '$10' },
  { key: '5', kind: 'coin', cents: 500, label: '$5' },
  { key: '2', kind: 'coin', cents: 200, label: '$2' },
  { key: '1', kind: 'coin', cents: 100, label: '$1' },
  { key: '0.5', kind: 'coin', cents: 50, label: '50¢' },
] as const;
export type Denomination = (typeof MXN_DENOMINATIONS)[number];
export type DenominationKey = Denomination['key'];
export const DENOMINATION_KEYS = MXN_DENOMINATIONS.map((d) => d.key) as readonly DenominationKey[];
/** A drawer count: pieces per denomination; a missing key counts 0. */
export type DenominationCounts = Partial<Record<DenominationKey, number>>;
/** At most this many pieces of one denomination in a count. */
export const MAX_DENOMINATION_COUNT = 100_000;

/** Σ pieces × face value of a count, centavos. */
export function countedTotalCents(counted: DenominationCounts): number {
  let total = 0;
  for (const denomination of MXN_DENOMINATIONS) total += (counted[denomination.key] ?? 0) * denomination.cents;
  return total;
}

/** Efectivo moved with no drawer open: sales, abonos and refunds (CASH_REQUIRES_SHIFT=false). */
export interface OutsideShiftsCents {
  cashSalesCents: number;
  cashPaymentsCents: number;
  cashRefundsCents: number;
}

/** What Efectivo outside any drawer adds to the day: sales + abonos − refunds. */
export const outsideShiftsNetCents = (o: OutsideShiftsCents) =>
  o.cashSalesCents + o.cashPaymentsCents - o.cashRefundsCents;

/** The cash figures of one shift, centavos, each ≥ 0 (refunds and salidas are subtracted). */
export interface ShiftCashCents {
  openingFloatCents: number;
  /** Efectivo payments made with a sale (the sale's total, never what was handed over). */
  cashSalesCents: number;
  /** Efectivo abonos: payments added later to a receipt or a client's account. */
  cashPaymentsCents: number;
  /** Efectivo given back: enabled REMOVE payments and cancelled Efectivo payments of the shift. */
  cashRefundsCents: number;
  entradasCents: number;
  salidasCents: number;
}

/** expected = float + cash sales + cash abonos − cash refunds + entradas − salidas. */
export function expectedCashCents(shift: ShiftCashCents): number {
  return (
    shift.openingFloatCents +
    shift.cashSalesCents +
    shift.cashPaymentsCents -
    shift.cashRefundsCents +
    shift.entradasCents -
    shift.salidasCents
  );
}

/** difference = counted − expected: positive is Sobrante, negative Faltante. Never forced to zero. */
export function cashDifference(
  countedCents: number,
  expectedCents: number,
): {
  differenceCents: number;
  result: CashResult;
} {
  const differenceCents = countedCents - expectedCents;
  return { differenceCents, result: differenceCents > 0 ? 'Sobrante' : differenceCents < 0 ? 'Faltante' : 'Exacto' };
}

export const SHIFT_ALREADY_OPEN = 'Ya tienes un turno de caja abierto. Ciérralo antes de abrir otro.';
export const NO_OPEN_SHIFT = 'No tienes un turno de caja abierto.';
export const SALIDA_EXCEEDS_CASH = 'No puedes sacar más efectivo del que hay en la caja.';
export const SHIFT_NOT_FOUND = 'El turno de caja no existe.';
/** CASH_REQUIRES_SHIFT: cash taken or given back by someone with no drawer open. */
export const CASH_NEEDS_OPEN_SHIFT = 'Abre la caja para mover efectivo: no tienes un turno de caja abierto.';
/** Cash moved by someone with no drawer of their own, while other drawers are open. */
export const DRAWER_REQUIRED = 'Elige la caja por la que pasa el efectivo, o abre la tuya.';
export const CHOSEN_DRAWER_CLOSED = 'La caja elegida ya no está abierta. Elige otra o abre la tuya.';
/** The cut's line of Efectivo moved while no drawer was open (allowed unless CASH_REQUIRES_SHIFT). */
export const CASH_OUTSIDE_SHIFTS_LABEL = 'Efectivo fuera de turno';

/** A day's cash, centavos: its drawers added up, the cash outside them, and how they meet the payments. */
export interface DayCashCents extends ShiftCashCents {
  /** Σ the drawers' expected cash. */
  expectedCents: number;
  outside: OutsideShiftsCents;
  /**
   * The day's net Efectivo payments minus what its drawers and 'fuera de turno' explain: Efectivo
   * of this day that went into a drawer opened another day, less this day's drawers' Efectivo
   * dated another day (a drawer open past midnight). 0 on an ordinary day.
   */
  otherDaysCents: number;
  /** The day's net Efectivo payments (ADD − REMOVE), the 'by method' figure. */
  efectivoCents: number;
}

/**
 * The day's cash reconciled line by line: floats + cash sales + cash abonos − refunds + entradas −
 * salidas = expected (Σ drawers); and cash sales + abonos − refunds of the drawers, plus the cash
 * outside drawers, plus the other days' share, = the day's Efectivo payments ('by method').
 */
export function dayCashCents(
  shifts: readonly ShiftCashCents[],
  outside: OutsideShiftsCents,
  efectivoCents: number,
): DayCashCents {
  const sum = (pick: (shift: ShiftCashCents) => number) => shifts.reduce((total, shift) => total + pick(shift), 0);
  const drawers: ShiftCashCents = {
    openingFloatCents: sum((s) => s.openingFloatCents),
    cashSalesCents: sum((s) => s.cashSalesCents),
    cashPaymentsCents: sum((s) => s.cashPaymentsCents),
    cashRefundsCents: sum((s) => s.cashRefundsCents),
    entradasCents: sum((s) => s.entradasCents),
    salidasCents: sum((s) => s.salidasCents),
  };
  const throughDrawers = drawers.cashSalesCents + drawers.cashPaymentsCents - drawers.cashRefundsCents;
  return {
    ...drawers,
    expectedCents: expectedCashCents(drawers),
    outside,
    otherDaysCents: efectivoCents - throughDrawers - outsideShiftsNetCents(outside),
    efectivoCents,
  };
}
