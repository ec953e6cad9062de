import type { Insertable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { ReceiptReturnItemsTable, ReceiptReturnsTable } from '../../db/schema.js';

// The queries of a receipt's returns (devoluciones by line).

/** Thousandths returned so far of each line of the receipt. */
export async function findReturnedMilliByItem(db: Executor, receiptId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('receiptReturnItems as ri')
    .innerJoin('receiptReturns as r', 'r.id', 'ri.returnId')
    .select(['ri.itemId', (eb) => eb.fn.sum<number>('ri.quantityMilli').as('milli')])
    .where('r.receiptId', '=', receiptId)
    .groupBy('ri.itemId')
    .execute();
  return new Map(rows.map((row) => [row.itemId, Number(row.milli)]));
}

export function findSellsByWeight(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'sellsByWeight']).where('id', 'in', productIds).execute();
}

export function insertReturn(db: Executor, row: Insertable<ReceiptReturnsTable>) {
  return db.insertInto('receiptReturns').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertReturnItems(db: Executor, rows: Array<Insertable<ReceiptReturnItemsTable>>) {
  await db.insertInto('receiptReturnItems').values(rows).execute();
}

export async function setReturnPayment(db: Executor, returnId: number, paymentId: number) {
  await db.updateTable('receiptReturns').set({ paymentId }).where('id', '=', returnId).execute();
}

/** Adds a return's amount to the receipt's returned_cents (the receipt's row is already locked). */
export async function addReturnedCents(db: Executor, receiptId: number, cents: number) {
  return db
    .updateTable('receipts')
    .set((eb) => ({ returnedCents: eb('returnedCents', '+', cents) }))
    .where('id', '=', receiptId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The returns of some receipts with their lines and the names of who recorded and authorised them. */
export async function findReturnRelations(db: Executor, receiptIds: readonly number[]) {
  if (receiptIds.length === 0) return { returns: [], returnItems: [] };
  const returns = await db
    .selectFrom('receiptReturns as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('users as a', 'a.id', 'r.authorizedBy')
    .select([
      'r.id',
      'r.receiptId',
      'r.userId',
      'u.name as userName',
      'r.method',
      'r.reason',
      'r.amountCents',
      'r.refundCents',
      'r.authorizedBy',
      'a.name as authorizedByName',
      'r.createdAt',
    ])
    .where('r.receiptId', 'in', receiptIds)
    .orderBy('r.id')
    .execute();
  const returnItems =
    returns.length === 0
      ? []
      : await db
          .selectFrom('receiptReturnItems as ri')
          .innerJoin('receiptItems as i', 'i.id', 'ri.itemId')
          .select([
            'ri.returnId',
            'ri.itemId',
            'ri.quantityMilli',
            'ri.amountCents',
            'i.productId',
            'i.productName',
            'i.units',
          ])
          .where(
            'ri.returnId',
            'in',
            returns.map((r) => r.id),
          )
          .orderBy('ri.itemId')
          .execute();
  return {
    returns: returns.map((r) => ({ ...r, createdAt: Number(r.createdAt) })),
    returnItems: returnItems.map((i) => ({ ...i, quantityMilli: Number(i.quantityMilli) })),
  };
}
export type ReturnRelations = Awaited<ReturnType<typeof findReturnRelations>>;
