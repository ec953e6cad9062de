import {
  CASH_NEEDS_OPEN_SHIFT,
  CHOSEN_DRAWER_CLOSED,
  DRAWER_REQUIRED,
  type OpenDrawersResponse,
  type PaymentMethod,
  toIso,
} from '@mostrador/shared';
import type { DialectName, Executor } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import * as q from './cash.queries.js';

// Which drawer (cash shift) money goes through: every peso of Efectivo belongs to one, or, where
// the shop allows it (CASH_REQUIRES_SHIFT=false) and no drawer is open, to the cut's 'Efectivo
// fuera de turno'. Never nowhere.

/** Efectivo moved (refunded or received) by a user: which drawer it goes through. */
export interface CashMove {
  actorId: number;
  method: PaymentMethod;
  /** The receipts whose earlier payments' drawers may take the money (a refund's sale). */
  receiptIds: readonly number[];
  /** The open drawer the user picked, when they have none of their own. */
  chosenShiftId?: number | undefined;
}

export const shiftRequired = () => new AppError(409, 'SHIFT_REQUIRED', CASH_NEEDS_OPEN_SHIFT);

export function createDrawerRules({
  db,
  dialect,
  cashRequiresShift,
}: {
  db: Executor;
  dialect: DialectName;
  /** The shop's CASH_REQUIRES_SHIFT, read through the executor given (a transaction's own connection). */
  cashRequiresShift: (executor?: Executor) => boolean | Promise<boolean>;
}) {
  return {
    /**
     * The drawer a refund or an abono goes through, inside its transaction: the user's own open
     * one; else the latest drawer the receipt's sale was paid into, while it is open; else the
     * open drawer the user picked. Efectivo is never left nowhere: with drawers open it must go
     * through one (409 DRAWER_REQUIRED), and with none open it is 'fuera de turno' unless the
     * shop requires a drawer (409 SHIFT_REQUIRED). Other methods take whichever drawer applies,
     * or none.
     */
    async drawerFor(trx: Executor, move: CashMove): Promise<number | null> {
      const own = await q.openShiftIdForPayment(trx, dialect, move.actorId);
      if (own !== null) return own;
      for (const shiftId of await q.shiftsPaidInto(trx, move.receiptIds)) {
        if ((await q.openShiftById(trx, dialect, shiftId)) !== null) return shiftId;
      }
      if (move.method !== 'Efectivo') return null;
      if (move.chosenShiftId !== undefined) {
        if ((await q.openShiftById(trx, dialect, move.chosenShiftId)) !== null) return move.chosenShiftId;
        throw new AppError(409, 'DRAWER_REQUIRED', CHOSEN_DRAWER_CLOSED);
      }
      if ((await q.findOpenDrawers(trx)).length > 0) throw new AppError(409, 'DRAWER_REQUIRED', DRAWER_REQUIRED);
      if (await cashRequiresShift(trx)) throw shiftRequired();
      return null;
    },

    /** For a sale's Efectivo under CASH_REQUIRES_SHIFT: 409 SHIFT_REQUIRED when its seller has no drawer open. */
    async requireOwnDrawer(userId: number): Promise<void> {
      if (!(await cashRequiresShift())) return;
      if (!(await q.findOpenShift(db, userId))) throw shiftRequired();
    },

    async openDrawers(): Promise<OpenDrawersResponse> {
      const rows = await q.findOpenDrawers(db);
      return {
        drawers: rows.map((row) => ({
          shiftId: row.shiftId,
          user: { id: row.userId, name: row.userName },
          openedAt: toIso(Number(row.openedAt)),
        })),
      };
    },
  };
}
