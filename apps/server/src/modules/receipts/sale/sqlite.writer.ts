import type { Receipt } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../../db/connection.js';
import type { DB } from '../../../db/schema.js';
import type { TransactionRunner } from '../../../db/transactions.js';
import type { Actor } from '../../../lib/actor.js';
import type { CashService } from '../../cash/cash.service.js';
import type { CreditService } from '../../credit/credit.service.js';
import { attemptInTransaction, findStoredAnswer } from '../../idempotency/index.js';
import { applyStockChanges } from '../../inventory/index.js';
import { flagSale } from '../../late-entries/index.js';
import type { SessionsService } from '../../sessions/sessions.service.js';
import { recordAuthorizations } from '../../supervisors/index.js';
import { toReceipt } from '../receipts.mapping.js';
import * as q from '../receipts.queries.js';
import {
  admittedSeller,
  cashPaymentOf,
  creditLimitDecision,
  isCreditSale,
  priceSale,
  receiptRowOf,
  saleAuthorizations,
  saleDate,
  saleProductIds,
  saleLogOf,
  type Seller,
  stockChanges,
} from './sale.rules.js';
import type { SaleOrder, SaleWriter } from './sale.writer.js';

export interface SqliteSaleWriterDeps {
  db: Kysely<DB>;
  /** The shared group-commit runner: sales waiting together commit together. */
  transact: TransactionRunner;
  sessions: Pick<SessionsService, 'check'>;
  credit: Pick<CreditService, 'lockCreditStanding'>;
  cash: Pick<CashService, 'openShiftIdForPayment'>;
}

/**
 * Sales on SQLite: in the process, one Kysely transaction each (a query costs no round trip), run
 * one after another by the group-commit runner and committed together.
 */
export function createSqliteSaleWriter({ db, transact, sessions, credit, cash }: SqliteSaleWriterDeps): SaleWriter {
  /** The seller as their session is stored now (one process owns the file: the check is cached). */
  async function admit(seller: Seller): Promise<Actor> {
    if (!('requirement' in seller)) return seller;
    return admittedSeller(await sessions.check(seller.sessionId), seller);
  }

  /** Receipt, items, stock with its SALE logs, a Cash sale's payment and the late flags, in `trx`. */
  async function write(
    trx: Executor,
    { body, at, supervisor, openPriceFloor }: SaleOrder,
    seller: Actor,
  ): Promise<Receipt> {
    const date = saleDate(body, seller, at);
    const products = new Map((await q.findProductsForSale(trx, saleProductIds(body))).map((p) => [p.id, p]));
    const client = body.clientId === undefined ? undefined : await q.findClientForSale(trx, body.clientId);
    const { items, totalCents, belowPriceAuthorized } = priceSale(
      body,
      products,
      client,
      seller,
      supervisor,
      openPriceFloor,
    );
    const overLimitAuthorizedBy = isCreditSale(body, client)
      ? creditLimitDecision(body, seller, supervisor, await credit.lockCreditStanding(trx, client!.id), totalCents)
      : null;
    const receipt = await q.insertReceiptRow(
      trx,
      receiptRowOf(body, { seller, date, totalCents, at, overLimitAuthorizedBy }),
    );
    await recordAuthorizations(
      trx,
      saleAuthorizations({
        receiptId: receipt.id,
        seller,
        at,
        overLimitBy: overLimitAuthorizedBy,
        belowPriceBy: belowPriceAuthorized ? supervisor!.id : null,
      }),
    );
    const itemRows = await q.insertReceiptItems(
      trx,
      items.map((item) => ({ ...item, receiptId: receipt.id })),
    );
    const log = saleLogOf(receipt.id, seller, at);
    await applyStockChanges(
      trx,
      stockChanges(items, -1).map((change) => ({
        ...change,
        reason: 'SALE',
        user: seller,
        note: log.note,
        receiptId: receipt.id,
      })),
      at,
    );
    const payments =
      body.paymentMode === 'Cash'
        ? [
            await q.insertPaymentRow(
              trx,
              cashPaymentOf(body, {
                receiptId: receipt.id,
                totalCents,
                seller,
                at,
                shiftId: await cash.openShiftIdForPayment(trx, seller.id),
              }),
            ),
          ]
        : [];
    // Everything the answer needs was just written: no need to read it back.
    const sold = toReceipt(
      receipt,
      [...itemRows].sort((a, b) => a.id - b.id),
      payments,
      client,
      seller.name,
    );
    await flagSale(trx, sold, seller, at);
    return sold;
  }

  return {
    async sell(order) {
      const seller = await admit(order.seller);
      return attemptInTransaction({ db, transact, claim: order.claim, work: (trx) => write(trx, order, seller) });
    },
    storedAnswer: (claim) => findStoredAnswer(db, claim),
  };
}
