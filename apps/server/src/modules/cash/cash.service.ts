import {
  businessDayBounds,
  canSeeShift,
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
    if (sum.method !== 'Efectivo') continue;
    if (sum.reason === 'REMOVE') cash.cashRefundsCents += sum.cents;
    else if (sum.paymentMode === 'Cash') cash.cashSalesCents += sum.cents;
    else cash.cashPaymentsCents += sum.cents;
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
}

export function createCashService({ db, dialect, transact, clock }: CashDeps) {
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

  return {
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
        const shift = await q.lockOpenShift(trx, actor.id);
        if (!shift) throw conflict(NO_OPEN_SHIFT);
        const amountCents = pesosToCents(body.amount);
        if (body.type === 'Salida') {
          const { figures } = await liveFigures(trx, shift);
          if (amountCents > figures.expectedCents) throw conflict(SALIDA_EXCEEDS_CASH);
        }
        const row = await q.insertMovement(trx, {
          shiftId: shift.id,
          type: body.type,
          amountCents,
          note: body.note,
          userId: actor.id,
          createdAt: clock(),
        });
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

    /** The shifts opened in [start, end] (a cut's day), oldest first. */
    async openedBetween(executor: Executor, start: number, end: number): Promise<Shift[]> {
      const rows = await q.findShiftsPage(executor, { from: start, to: end, limit: 10_000 });
      return (await hydrate(executor, rows)).reverse();
    },
  };
}

export type CashService = ReturnType<typeof createCashService>;
export type { ListShiftsQuery };
