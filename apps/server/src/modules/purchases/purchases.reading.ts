import {
  businessDayBounds,
  businessDayOf,
  businessToday,
  centsToPesos,
  type CostLine,
  fromMilli,
  microsToPesos,
  PURCHASE_MESSAGES,
  type Purchase,
  toIso,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as q from './purchases.queries.js';

// Purchases as the API answers them, and the small rules the writes share.

/** The instant a purchase is dated: now for today, the Monterrey day's start for an earlier day. */
export function purchaseInstant(day: string | undefined, now: number): number {
  const today = businessToday(now);
  if (day === undefined || day === today) return now;
  if (day > today) throw badRequest(PURCHASE_MESSAGES.futureDate);
  return businessDayBounds(day).start;
}

/** Lines grouped by product, in ascending product id (the lock order). */
export function byProduct<T extends { productId: number }>(lines: readonly T[]): Array<[number, T[]]> {
  const groups = new Map<number, T[]>();
  for (const line of lines) groups.set(line.productId, [...(groups.get(line.productId) ?? []), line]);
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

export const sumMilli = (lines: readonly CostLine[]) => lines.reduce((sum, line) => sum + line.quantityMilli, 0);

type HeaderRow = NonNullable<Awaited<ReturnType<typeof q.findPurchaseHeader>>>;

export function headerOf(row: HeaderRow) {
  return {
    id: row.id,
    supplier: { id: row.supplierId, name: row.supplierName, rfc: row.supplierRfc },
    date: businessDayOf(Number(row.date)),
    invoiceFolio: row.invoiceFolio,
    cfdiUuid: row.cfdiUuid,
    paid: row.paid,
    fromDrawer: row.cashMovementId !== null,
    note: row.note,
    total: centsToPesos(Number(row.totalCents)),
    user: { id: row.userId, name: row.userName },
    createdAt: toIso(Number(row.createdAt)),
    cancelledAt: row.cancelledAt === null ? null : toIso(Number(row.cancelledAt)),
    cancelledBy:
      row.cancelledBy === null ? null : { id: row.cancelledBy, name: row.cancelledByName ?? `#${row.cancelledBy}` },
  };
}

export async function readPurchase(executor: Executor, id: number): Promise<Purchase> {
  const header = await q.findPurchaseHeader(executor, id);
  if (!header) throw notFound(PURCHASE_MESSAGES.notFound(id));
  const items = await q.findPurchaseItems(executor, id);
  return {
    ...headerOf(header),
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      units: item.units,
      quantity: fromMilli(Number(item.quantityMilli)),
      unitCost: microsToPesos(Number(item.unitCostMicros)),
      amount: centsToPesos(Number(item.amountCents)),
      supplierCode: item.supplierCode,
    })),
  };
}
