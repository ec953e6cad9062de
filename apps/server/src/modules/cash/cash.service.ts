import {
  businessDayBounds,
  canSeeShift,
  type OutsideShiftsCents,
  cashDifference,
  type CashMovementBody,
  type CloseShiftBody,
  centsToPesos,
  countedTotalCents,
  type DenominationCounts,
  expectedCashCents,
  type ListShiftsQuery,
  type listShiftsQuerySchema,
  NO_OPEN_SHIFT,
  PAYMENT_METHODS,
  type PaymentMethod,
  pesosToCents,
  type Role,
  SALIDA_EXCEEDS_CASH,
  type Shift,
  SHIFT_ALREADY_OPEN,
  SHIFT_NOT_FOUND,
  type ShiftCashCents,
  toIso,
} from '@mostrador/shared';
import type { z } from 'zod';
import type { DialectName, Executor } from '../../db/connection.js';
import type { CashMovementRow, CashShiftRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { createDrawerRules } from './cash.drawers.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import * as q from './cash.queries.js';

// The cash drawer per shift (turno). A user opens a shift with a float; every payment the user
// makes while it is open is stamped with it (payments.shift_id), and so are the Entradas and
// Salidas; the close counts the drawer and stores expected, counted and the difference as they
// are (never forced to zero). Only Efectivo payments move the drawer.

export type ByMethodCents = Record<PaymentMethod, number>;
export interface ShiftFigures extends ShiftCashCents {
  expectedCents: number;
  byMethodCents: ByMethodCents;
}

const noMethods = (): ByMethodCents => ({ Efectivo: 0, Tarjeta: 0, Transferencia: 0 });

/** Adds an Efectivo sum where it belongs: a refund, a cash sale's payment, or an abono. */
function addCash(
  cash: OutsideShiftsCents,
  sum: { reason: 'ADD' | 'REMOVE'; paymentMode: 'Cash' | 'Credit'; cents: number },
) {
  if (sum.reason === 'REMOVE') cash.cashRefundsCents += sum.cents;
  else if (sum.paymentMode === 'Cash') cash.cashSalesCents += sum.cents;
  else cash.cashPaymentsCents += sum.cents;
}

/** The cash figures of shifts from their payment sums and movements (centavos). */
function figuresOf(
  shift: Pick<CashShiftRow, 'id' | 'openingFloatCents'>,
  sums: readonly q.PaymentSum[],
  movements: readonly CashMovementRow[],
): ShiftFigures {
  const cash: ShiftCashCents = {
    openingFloatCents: shift.openingFloatCents,
    cashSalesCents: 0,
    cashPaymentsCents: 0,
    cashRefundsCents: 0,
    entradasCents: 0,
    salidasCents: 0,
  };
  const byMethodCents = noMethods();
  for (const sum of sums) {
    if (sum.shiftId !== shift.id) continue;
    byMethodCents[sum.method] += sum.reason === 'ADD' ? sum.cents : -sum.cents;
    if (sum.method === 'Efectivo') addCash(cash, sum);
  }
  for (const m of movements) {
    if (m.shiftId !== shift.id) continue;
    if (m.type === 'Entrada') cash.entradasCents += m.amountCents;
    else cash.salidasCents += m.amountCents;
  }
  return { ...cash, expectedCents: expectedCashCents(cash), byMethodCents };
}

/** A closed shift's figures as written at its close. */
function storedFigures(row: CashShiftRow): ShiftFigures {
  const byMethod = row.byMethodJson ? (JSON.parse(row.byMethodJson) as Partial<ByMethodCents>) : {};
  return {
    openingFloatCents: Number(row.openingFloatCents),
    cashSalesCents: Number(row.cashSalesCents ?? 0),
    cashPaymentsCents: Number(row.cashPaymentsCents ?? 0),
    cashRefundsCents: Number(row.cashRefundsCents ?? 0),
    entradasCents: Number(row.entradasCents ?? 0),
    salidasCents: Number(row.salidasCents ?? 0),
    expectedCents: Number(row.expectedCents ?? 0),
    byMethodCents: { ...noMethods(), ...byMethod },
  };
}

function toShift(row: CashShiftRow, name: string, figures: ShiftFigures, movements: readonly CashMovementRow[]): Shift {
  const closed = row.closedAt !== null && row.countedCents !== null;
  const counted = closed ? Number(row.countedCents) : null;
  const difference = closed ? Number(row.differenceCents) : null;
  return {
    id: row.id,
    user: { id: row.userId, name },
    openedAt: toIso(Number(row.openedAt)),
    closedAt: row.closedAt === null ? null : toIso(Number(row.closedAt)),
    openingFloat: centsToPesos(figures.openingFloatCents),
    cashSales: centsToPesos(figures.cashSalesCents),
    cashPayments: centsToPesos(figures.cashPaymentsCents),
    cashRefunds: centsToPesos(figures.cashRefundsCents),
    entradas: centsToPesos(figures.entradasCents),
    salidas: centsToPesos(figures.salidasCents),
    expected: centsToPesos(figures.expectedCents),
    counted: counted === null ? null : centsToPesos(counted),
    difference: difference === null ? null : centsToPesos(difference),
    result: difference === null ? null : cashDifference(counted!, counted! - difference).result,
    counts: row.countsJson ? (JSON.parse(row.countsJson) as DenominationCounts) : null,
    byMethod: Object.fromEntries(
      PAYMENT_METHODS.map((m) => [m, centsToPesos(figures.byMethodCents[m])]),
    ) as Shift['byMethod'],
    movements: movements
      .filter((m) => m.shiftId === row.id)
      .map((m) => ({
        id: m.id,
        type: m.type,
        amount: centsToPesos(Number(m.amountCents)),
        note: m.note,
        createdAt: toIso(Number(m.createdAt)),
      })),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export interface CashDeps {
  db: Executor;
  dialect: DialectName;
  transact: TransactionRunner;
  clock: Clock;
  /** The shop's CASH_REQUIRES_SHIFT: Efectivo may not move while its user has no drawer open. */
  cashRequiresShift: (executor?: Executor) => boolean | Promise<boolean>;
}

export function createCashService({ db, dialect, transact, clock, cashRequiresShift }: CashDeps) {
  /** Shifts in the API's shape: closed ones from their stored figures, open ones live. */
  async function hydrate(executor: Executor, rows: ReadonlyArray<CashShiftRow & { userName: string }>) {
    const ids = rows.map((r) => r.id);
    const openIds = rows.filter((r) => r.closedAt === null || r.expectedCents === null).map((r) => r.id);
    const [movements, sums] = await Promise.all([q.findMovements(executor, ids), q.sumPayments(executor, openIds)]);
    return rows.map((row) => {
      const figures = openIds.includes(row.id)
        ? figuresOf({ id: row.id, openingFloatCents: Number(row.openingFloatCents) }, sums, movements)
        : storedFigures(row);
      return toShift(row, row.userName, figures, movements);
    });
  }

  async function liveFigures(executor: Executor, shift: CashShiftRow) {
    const [movements, sums] = await Promise.all([
      q.findMovements(executor, [shift.id]),
      q.sumPayments(executor, [shift.id]),
    ]);
    return {
      figures: figuresOf({ id: shift.id, openingFloatCents: Number(shift.openingFloatCents) }, sums, movements),
      movements,
    };
  }

  /**
   * An Entrada or Salida of the actor's open shift, inside the caller's transaction: 409 without
   * an open shift, and a Salida never takes more than the drawer holds.
   */
  async function recordMovement(
    trx: Executor,
    movement: { type: CashMovementRow['type']; amountCents: number; note: string },
    actor: Actor,
  ): Promise<CashMovementRow> {
    const shift = await q.lockOpenShift(trx, actor.id);
    if (!shift) throw conflict(NO_OPEN_SHIFT);
    if (movement.type === 'Salida') {
      const { figures } = await liveFigures(trx, shift);
      if (movement.amountCents > figures.expectedCents) throw conflict(SALIDA_EXCEEDS_CASH);
    }
    return q.insertMovement(trx, { shiftId: shift.id, ...movement, userId: actor.id, createdAt: clock() });
  }

  return {
    ...createDrawerRules({ db, dialect, cashRequiresShift }),

    /** A movement written by another write's transaction (a purchase paid from the drawer): the rules of /cash/movement. */
    recordMovement,

    /**
     * Gives back a movement's amount as an Entrada of the same shift, while that shift is still
     * open (a cancelled purchase paid from the drawer); null, and nothing written, once it closed
     * (its cut already counted the Salida).
     */
    async reverseMovementIfOpen(trx: Executor, movementId: number, note: string, actor: Actor) {
      const movement = await q.findMovementById(trx, movementId);
      if (!movement || (await q.openShiftById(trx, dialect, movement.shiftId)) === null) return null;
      return q.insertMovement(trx, {
        shiftId: movement.shiftId,
        type: movement.type === 'Salida' ? 'Entrada' : 'Salida',
        amountCents: Number(movement.amountCents),
        note,
        userId: actor.id,
        createdAt: clock(),
      });
    },

    /** The shift a payment made now by this user belongs to (inside the payment's transaction). */
    openShiftIdForPayment(trx: Executor, userId: number): Promise<number | null> {
      return q.openShiftIdForPayment(trx, dialect, userId);
    },

    async open(openingFloat: number, actor: Actor): Promise<Shift> {
      try {
        return await transact(async (trx) => {
          if (await q.findOpenShift(trx, actor.id)) throw conflict(SHIFT_ALREADY_OPEN);
          const row = await q.insertShift(trx, {
            userId: actor.id,
            openedAt: clock(),
            openingFloatCents: pesosToCents(openingFloat),
          });
          const { figures } = await liveFigures(trx, row);
          return toShift(row, actor.name, figures, []);
        });
      } catch (error) {
        // Two opens at once: the partial unique index lets one through.
        if (isUniqueViolation(error)) throw conflict(SHIFT_ALREADY_OPEN);
        throw error;
      }
    },

    async movement(body: CashMovementBody, actor: Actor) {
      return transact(async (trx) => {
        const row = await recordMovement(
          trx,
          { type: body.type, amountCents: pesosToCents(body.amount), note: body.note },
          actor,
        );
        return {
          id: row.id,
          type: row.type,
          amount: centsToPesos(Number(row.amountCents)),
          note: row.note,
          createdAt: toIso(Number(row.createdAt)),
        };
      });
    },

    /** Closes the caller's open shift; of two closes at once exactly one wins, the other gets 409. */
    async close(body: CloseShiftBody, actor: Actor): Promise<Shift> {
      return transact(async (trx) => {
        const claimed = await q.claimClose(trx, actor.id, clock());
        if (!claimed) throw conflict(NO_OPEN_SHIFT);
        const { figures, movements } = await liveFigures(trx, claimed);
        const countedCents = body.counted ? countedTotalCents(body.counted) : pesosToCents(body.countedTotal ?? 0);
        const { differenceCents } = cashDifference(countedCents, figures.expectedCents);
        const row = await q.writeClosedFigures(trx, claimed.id, {
          cashSalesCents: figures.cashSalesCents,
          cashPaymentsCents: figures.cashPaymentsCents,
          cashRefundsCents: figures.cashRefundsCents,
          entradasCents: figures.entradasCents,
          salidasCents: figures.salidasCents,
          expectedCents: figures.expectedCents,
          countedCents,
          differenceCents,
          countsJson: body.counted ? JSON.stringify(body.counted) : null,
          byMethodJson: JSON.stringify(figures.byMethodCents),
        });
        return toShift(row, actor.name, figures, movements);
      });
    },

    async current(actor: Actor): Promise<Shift | null> {
      const row = await q.findOpenShift(db, actor.id);
      if (!row) return null;
      const [shift] = await hydrate(db, [{ ...row, userName: actor.name }]);
      return shift ?? null;
    },

    async list(query: z.output<typeof listShiftsQuerySchema>): Promise<{ shifts: Shift[]; nextCursor: string | null }> {
      const after = query.cursor === undefined ? undefined : decodeKeyset(query.cursor);
      const rows = await q.findShiftsPage(db, {
        from: query.from === undefined ? undefined : businessDayBounds(query.from).start,
        to: query.to === undefined ? undefined : businessDayBounds(query.to).end,
        userId: query.userId,
        after: after && { openedAt: after.sortValue, id: after.id },
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor = rows.length > query.limit && last ? encodeKeyset(Number(last.openedAt), last.id) : null;
      return { shifts: await hydrate(db, page), nextCursor };
    },

    /** One shift, for its own user or an Admin/Manager (404 when there is none, 403 for another user's). */
    async details(id: number, actor: { id: number; role: Role }): Promise<Shift> {
      const row = await q.findShiftWithUser(db, id);
      if (!row) throw notFound(SHIFT_NOT_FOUND);
      if (!canSeeShift(actor, row.userId)) throw forbidden();
      const [shift] = await hydrate(db, [row]);
      return shift!;
    },

    /**
     * A cut's day of cash: the shifts opened in [start, end], oldest first, and the Efectivo moved
     * in it outside any drawer.
     */
    async dayDrawers(executor: Executor, start: number, end: number) {
      const [rows, outsideSums] = await Promise.all([
        q.findShiftsPage(executor, { from: start, to: end, limit: 10_000 }),
        q.sumOutsideShifts(executor, start, end),
      ]);
      const outside: OutsideShiftsCents = { cashSalesCents: 0, cashPaymentsCents: 0, cashRefundsCents: 0 };
      for (const sum of outsideSums) addCash(outside, sum);
      return { shifts: (await hydrate(executor, rows)).reverse(), outside };
    },
  };
}

export type CashService = ReturnType<typeof createCashService>;
export type { ListShiftsQuery };
