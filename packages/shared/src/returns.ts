// Returns (devoluciones) by line: what may still be returned, what a return is worth, what goes
// back to the client and who may do it. Money in integer centavos, quantities in thousandths.
import { businessDayOf } from './dates.js';
import { formatPayment } from './money.js';
import type { Role } from './permissions.js';
import { lineTotalCents } from './pricing.js';
import { formatQuantity, fromMilli, MILLI_PER_UNIT } from './quantities.js';

/** What is left to return of a line: sold − returned before (never below 0). */
export function returnableMilli(line: { soldMilli: number; returnedMilli: number }): number {
  return Math.max(0, line.soldMilli - line.returnedMilli);
}

/**
 * What returning `quantityMilli` more of a line is worth: the line's total up to what will have
 * been returned, minus its total up to what was returned before. Each total rounds to the
 * centavo as the sale did, so the returns of a whole line, in any number of parts, add up to the
 * line's total exactly.
 */
export function returnLineCents(line: { priceCents: number; returnedMilli: number }, quantityMilli: number): number {
  return (
    lineTotalCents(line.priceCents, line.returnedMilli + quantityMilli) -
    lineTotalCents(line.priceCents, line.returnedMilli)
  );
}

/**
 * The money that goes back for a return worth `returnCents`: on a receipt still owed (balance
 * > 0) the balance goes down first, and only what was actually paid comes back. A $300 credit
 * receipt with $50 paid (balance $250): returning $100 refunds $0 (balance $150); returning $280
 * refunds $30 (balance $0).
 */
export function refundCents(receipt: { balanceCents: number }, returnCents: number): number {
  return Math.min(returnCents, Math.max(0, returnCents - Math.max(0, receipt.balanceCents)));
}

/** Why one line of a return is refused, or null: a fraction of a piece, or more than is left. */
export type ReturnLineProblem =
  | { kind: 'fraction'; productName: string }
  | { kind: 'too-much'; productName: string; units: string; returnableMilli: number };

export function returnLineProblem(
  line: { productName: string; units: string; soldMilli: number; returnedMilli: number; sellsByWeight: boolean },
  quantityMilli: number,
): ReturnLineProblem | null {
  if (!line.sellsByWeight && quantityMilli % MILLI_PER_UNIT !== 0) {
    return { kind: 'fraction', productName: line.productName };
  }
  const left = returnableMilli(line);
  if (quantityMilli > left) {
    return { kind: 'too-much', productName: line.productName, units: line.units, returnableMilli: left };
  }
  return null;
}

export function returnLineProblemMessage(problem: ReturnLineProblem): string {
  if (problem.kind === 'fraction') {
    return `"${problem.productName}" se vendió por piezas completas; devuelve piezas enteras.`;
  }
  if (problem.returnableMilli === 0) return `De "${problem.productName}" ya no queda nada por devolver.`;
  return `De "${problem.productName}" solo quedan ${formatQuantity(fromMilli(problem.returnableMilli), problem.units)} por devolver.`;
}

export const SUPERVISOR_REQUIRED_MESSAGE = 'Esta devolución necesita la autorización de un supervisor.';
export const RETURN_OF_CANCELLED_MESSAGE = (id: number) => `La remisión #${id} está cancelada; no admite devoluciones.`;
export const NOTHING_TO_RETURN_MESSAGE = 'Indica al menos una cantidad a devolver.';

/**
 * Who may return what without a supervisor: an Admin or a Manager anything; a Seller a receipt
 * of the same business day, worth up to the shop's limit (centavos; 0: every Seller return needs a
 * supervisor). True when a supervisor must authorise it.
 */
export function returnNeedsSupervisor(input: {
  role: Role;
  /** The receipt's sale instant and now (epoch ms). */
  receiptDate: number;
  now: number;
  returnCents: number;
  sellerLimitCents: number;
}): boolean {
  if (input.role !== 'Seller') return false;
  if (businessDayOf(input.receiptDate) !== businessDayOf(input.now)) return true;
  return input.returnCents > input.sellerLimitCents;
}

/** What a Seller may return alone, for the screen: 'up to $200.00 of today's receipts'. */
export function sellerReturnLimitText(sellerLimitCents: number): string {
  return sellerLimitCents > 0
    ? `Sin supervisor, hasta ${formatPayment(sellerLimitCents)} y solo de remisiones de hoy.`
    : 'Toda devolución necesita la autorización de un supervisor.';
}
