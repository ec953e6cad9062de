import type { Kysely } from 'kysely';
import type { DialectName, Executor } from '../../db/connection.js';
import type { SellerReceiptsScope } from '@mostrador/shared';
import type { DB } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import type { CashService } from '../cash/cash.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SupervisorsService } from '../supervisors/index.js';
import { createReceiptChanges } from './receipts.changes.js';
import { createReceiptReader } from './receipts.reading.js';
import { createReceiptReturns } from './receipts.returns.js';
import { createPgSaleWriter } from './sale/pg.writer.js';
import { createSaleService } from './sale/sale.service.js';
import { createSqliteSaleWriter } from './sale/sqlite.writer.js';

export type { ListReceiptsParams, ReceiptViewer } from './receipts.reading.js';
export type { CreateReceiptResult } from './sale/sale.service.js';
export { CASH_PAYMENT_NOTE, FUTURE_SALE_MESSAGE, type Seller } from './sale/sale.rules.js';
export { REFUND_PAYMENT_NOTE, SETTLEMENT_PAYMENT_NOTE } from './receipts.changes.js';

export interface ReceiptsDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  /** The database's shared runner: concurrent sales commit together on SQLite. */
  transact: TransactionRunner;
  clock: Clock;
  /** A sale's seller is checked by the sale itself (receipt/create hands it the session). */
  sessions: Pick<SessionsService, 'check'>;
  /** The client's limit and balance, held inside a credit sale's transaction (SQLite). */
  credit: Pick<CreditService, 'lockCreditStanding'>;
  /** The drawer (cash shift) each payment goes through. */
  cash: Pick<CashService, 'openShiftIdForPayment' | 'drawerFor' | 'requireOwnDrawer'>;
  /** Which receipts a Seller reads (SELLER_RECEIPTS). */
  sellerReceipts: SellerReceiptsScope;
  /** A supervisor's credentials checked, for what a Seller may not do alone. */
  supervisors: Pick<SupervisorsService, 'authorise'>;
  /** What a Seller may return without a supervisor, centavos (the shop's sellerReturnLimit). */
  sellerReturnLimitCents: (executor: Executor) => Promise<number>;
  /** The shop's OPEN_PRICE_FLOOR, pesos (the settings' copy in memory). */
  openPriceFloor: () => Promise<number>;
}

/**
 * Receipts: the sale (sale/: its rules once, written by the database's SaleWriter), reading
 * receipts, and what changes them afterwards (state, payments).
 */
export function createReceiptsService({
  db,
  dialect,
  transact,
  clock,
  sessions,
  credit,
  cash,
  sellerReceipts,
  supervisors,
  sellerReturnLimitCents,
  openPriceFloor,
}: ReceiptsDeps) {
  const writer =
    dialect === 'postgres'
      ? createPgSaleWriter({ db })
      : createSqliteSaleWriter({ db, transact, sessions, credit, cash });
  const reader = createReceiptReader({ db, clock, sellerReceipts });
  return {
    ...createSaleService({ db, clock, writer, cash, supervisors, openPriceFloor }),
    ...reader,
    ...createReceiptChanges({ transact, clock, cash, supervisors, reader }),
    ...createReceiptReturns({ db, transact, clock, cash, sellerReturnLimitCents, supervisors }),
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
