import {
  averageAfterCancels,
  businessDayBounds,
  type CostLine,
  type CreatePurchaseBody,
  formatQuantity,
  fromMilli,
  type listPurchasesQuerySchema,
  PURCHASE_MESSAGES,
  PURCHASE_PAGE_SIZE,
  type Purchase,
  type PurchaseSummary,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { CashService } from '../cash/cash.service.js';
import { keyClaim, runIdempotentTransaction } from '../idempotency/index.js';
import { applyStockChange } from '../inventory/index.js';
import { existingSupplier, isUniqueViolation } from '../suppliers/suppliers.service.js';
import * as q from './purchases.queries.js';
import { byProduct, headerOf, readPurchase, sumMilli } from './purchases.reading.js';
import { recordPurchase } from './purchases.record.js';

// Purchases (compras; docs/decisions/099-purchases-and-costs.md). A purchase's stock comes in
// through ADD logs naming it, and each product's weighted average cost, last cost and last
// supplier change in the same transaction, after the product's stock UPDATE: on PostgreSQL that
// UPDATE holds the row's lock until the commit, so concurrent purchases and sales of a product
// take turns and the average is computed from the stock it really had. Products are changed in
// ascending id order (as sales do), and the drawer after them, so no two writers deadlock.

export const CREATE_PURCHASE_OPERATION = 'purchase/create';

export interface PurchasesDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** A purchase paid from the drawer is a Salida of the buyer's open shift. */
  cash: Pick<CashService, 'recordMovement' | 'reverseMovementIfOpen'>;
}

/** The purchase's stock going back out: refused, naming the product, where it would go below zero. */
async function takeBackStock(
  trx: Executor,
  purchaseId: number,
  productId: number,
  lines: CostLine[],
  actor: Actor,
  now: number,
) {
  const deltaMilli = -sumMilli(lines);
  const note = `Cancelación de la compra #${purchaseId}`;
  try {
    return await applyStockChange(trx, { productId, deltaMilli, reason: 'REMOVE', user: actor, note, purchaseId }, now);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
    const product = await q.findProductStock(trx, productId);
    const left = fromMilli(Number(product.stockMilli) + deltaMilli);
    throw conflict(PURCHASE_MESSAGES.belowZero(product.name, formatQuantity(left)));
  }
}

export function createPurchasesService({ db, transact, clock, cash }: PurchasesDeps) {
  return {
    /**
     * Records a purchase. With an Idempotency-Key a retry answers the first purchase again. Two
     * purchases of one new supplier's RFC at once: the loser's insert fails the unique index and
     * it runs once more, finding the supplier.
     */
    async create(
      body: CreatePurchaseBody,
      actor: Actor,
      idempotencyKey?: string,
    ): Promise<{ value: Purchase; replayed: boolean }> {
      const run = () =>
        runIdempotentTransaction({
          db,
          transact,
          claim:
            idempotencyKey === undefined
              ? undefined
              : keyClaim({
                  userId: actor.id,
                  key: idempotencyKey,
                  operation: CREATE_PURCHASE_OPERATION,
                  body,
                  statusCode: 201,
                  now: clock(),
                }),
          work: (trx) => recordPurchase(trx, body, actor, { clock, cash }),
        });
      try {
        return await run();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (body.cfdiUuid !== null) {
          const used = await q.findPurchaseIdByCfdiUuid(db, body.cfdiUuid);
          if (used) throw conflict(PURCHASE_MESSAGES.cfdiUuidTaken(body.cfdiUuid, used.id));
        }
        return run();
      }
    },

    async details(id: number): Promise<Purchase> {
      return readPurchase(db, id);
    },

    async list(
      query: z.output<typeof listPurchasesQuerySchema>,
    ): Promise<{ purchases: PurchaseSummary[]; total: number }> {
      const filter: q.PurchaseFilter = {
        ...(query.from !== undefined && { start: businessDayBounds(query.from).start }),
        ...(query.to !== undefined && { end: businessDayBounds(query.to).end }),
        ...(query.supplierId !== undefined && { supplierId: query.supplierId }),
      };
      const [total, rows] = await Promise.all([
        q.countPurchases(db, filter),
        q.findPurchasesPage(db, filter, { limit: PURCHASE_PAGE_SIZE, offset: (query.page - 1) * PURCHASE_PAGE_SIZE }),
      ]);
      return { purchases: rows.map((row) => ({ ...headerOf(row), itemCount: Number(row.itemCount ?? 0) })), total };
    },

    /**
     * Cancels a purchase: its stock leaves again through REMOVE logs naming it (refused where a
     * product would go below zero), each product's average is undone, and a purchase paid from
     * the drawer gets its cash back as an Entrada while that shift is still open. The last cost
     * and last supplier stay: they say who sold it last and at what price, which stays true.
     */
    async cancel(id: number, actor: Actor): Promise<Purchase> {
      return transact(async (trx) => {
        const claimed = await q.claimCancel(trx, id, clock(), actor.id);
        if (!claimed) {
          if (await q.purchaseExists(trx, id)) throw conflict(PURCHASE_MESSAGES.alreadyCancelled(id));
          throw notFound(PURCHASE_MESSAGES.notFound(id));
        }
        const items = (await q.findPurchaseItems(trx, id)).map((item) => ({
          productId: item.productId,
          quantityMilli: Number(item.quantityMilli),
          unitCostMicros: Number(item.unitCostMicros),
        }));
        for (const [productId, lines] of byProduct(items)) {
          const stock = await takeBackStock(trx, id, productId, lines, actor, clock());
          const { averageCostMicros } = await q.findAverageCost(trx, productId);
          const average = averageAfterCancels(stock.beforeMilli, averageCostMicros, lines);
          await q.setProductCosts(trx, productId, { averageCostMicros: average }, clock());
        }
        if (claimed.cashMovementId !== null) {
          const supplier = await existingSupplier(trx, claimed.supplierId);
          await cash.reverseMovementIfOpen(
            trx,
            claimed.cashMovementId,
            PURCHASE_MESSAGES.drawerCancelNote(id, supplier.name),
            actor,
          );
        }
        return readPurchase(trx, id);
      });
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
