import {
  averageAfterEntries,
  type CostLine,
  type CreatePurchaseBody,
  lineCostCents,
  PURCHASE_MESSAGES,
  pesosToMicros,
  productCodeKey,
  type Purchase,
  quantityProblem,
  toMilli,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { applyStockChange } from '../inventory/index.js';
import { existingSupplier, findOrCreateSupplier } from '../suppliers/suppliers.service.js';
import { byProduct, purchaseInstant, readPurchase, sumMilli } from './purchases.reading.js';
import type { PurchasesDeps } from './purchases.service.js';
import * as q from './purchases.queries.js';

// Recording a purchase (docs/decisions/099-purchases-and-costs.md).

/** One line as stored. */
interface Line extends CostLine {
  productId: number;
  productName: string;
  units: string;
  amountCents: number;
  supplierCode: string | null;
}

/** The purchase's lines checked against its products: 404 for an unknown one, whole pieces where sold by the piece. */
async function linesOf(trx: Executor, items: CreatePurchaseBody['items']): Promise<Line[]> {
  const products = new Map(
    (await q.findProductsForPurchase(trx, [...new Set(items.map((item) => item.productId))])).map((p) => [p.id, p]),
  );
  return items.map((item) => {
    const product = products.get(item.productId);
    if (!product) throw notFound(`El producto #${item.productId} no existe.`);
    const problem = quantityProblem({ name: product.name, sellsByWeight: product.sellsByWeight === 1 }, item.quantity);
    if (problem) throw badRequest(problem);
    const quantityMilli = toMilli(item.quantity);
    const unitCostMicros = pesosToMicros(item.unitCost);
    return {
      productId: product.id,
      productName: product.name,
      units: product.units,
      quantityMilli,
      unitCostMicros,
      amountCents: lineCostCents(quantityMilli, unitCostMicros),
      supplierCode: item.supplierCode,
    };
  });
}

/**
 * Writes a purchase in the caller's transaction: its rows, its stock in (one ADD per product,
 * naming it), each product's average, last cost and last supplier, the supplier's codes, and the
 * drawer's Salida when paid from it.
 */
export async function recordPurchase(
  trx: Executor,
  body: CreatePurchaseBody,
  actor: Actor,
  { clock, cash }: Pick<PurchasesDeps, 'clock' | 'cash'>,
): Promise<Purchase> {
  const now = clock();
  const date = purchaseInstant(body.date, now);
  const supplier =
    body.supplierId !== undefined
      ? await existingSupplier(trx, body.supplierId)
      : await findOrCreateSupplier(trx, body.supplier!, now);
  if (body.cfdiUuid !== null) {
    const used = await q.findPurchaseIdByCfdiUuid(trx, body.cfdiUuid);
    if (used) throw conflict(PURCHASE_MESSAGES.cfdiUuidTaken(body.cfdiUuid, used.id));
  }
  const lines = await linesOf(trx, body.items);
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (body.fromDrawer && totalCents === 0) throw badRequest(PURCHASE_MESSAGES.noDrawerTotal);

  const { id } = await q.insertPurchase(trx, {
    supplierId: supplier.id,
    date,
    invoiceFolio: body.invoiceFolio,
    cfdiUuid: body.cfdiUuid,
    paid: body.paid,
    note: body.note,
    totalCents,
    userId: actor.id,
    cashMovementId: null,
    createdAt: now,
  });
  await q.insertPurchaseItems(
    trx,
    lines.map(({ productId, productName, units, quantityMilli, unitCostMicros, amountCents, supplierCode }) => ({
      purchaseId: id,
      productId,
      productName,
      units,
      quantityMilli,
      unitCostMicros,
      amountCents,
      supplierCode,
    })),
  );

  for (const [productId, productLines] of byProduct(lines)) {
    const stock = await applyStockChange(
      trx,
      {
        productId,
        deltaMilli: sumMilli(productLines),
        reason: 'ADD',
        user: actor,
        note: `Compra #${id}`,
        purchaseId: id,
      },
      now,
    );
    const { averageCostMicros } = await q.findAverageCost(trx, productId);
    await q.setProductCosts(
      trx,
      productId,
      {
        averageCostMicros: averageAfterEntries(stock.beforeMilli, averageCostMicros, productLines),
        lastCostMicros: productLines.at(-1)!.unitCostMicros,
        lastSupplierId: supplier.id,
      },
      now,
    );
  }

  for (const line of lines) {
    if (line.supplierCode === null) continue;
    const codeKey = productCodeKey(line.supplierCode);
    await q.upsertSupplierCode(trx, { supplierId: supplier.id, codeKey, productId: line.productId, updatedAt: now });
  }

  // The drawer after the products: a sale locks its products, then reads its drawer.
  if (body.fromDrawer) {
    const movement = await cash.recordMovement(
      trx,
      { type: 'Salida', amountCents: totalCents, note: PURCHASE_MESSAGES.drawerNote(id, supplier.name) },
      actor,
    );
    await q.setCashMovement(trx, id, movement.id);
  }
  return readPurchase(trx, id);
}
