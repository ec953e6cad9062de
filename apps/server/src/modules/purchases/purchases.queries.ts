import type { Insertable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { PurchaseItemsTable, PurchasesTable } from '../../db/schema.js';

export function insertPurchase(db: Executor, purchase: Insertable<PurchasesTable>) {
  return db.insertInto('purchases').values(purchase).returning('id').executeTakeFirstOrThrow();
}

export async function insertPurchaseItems(db: Executor, items: ReadonlyArray<Insertable<PurchaseItemsTable>>) {
  await db
    .insertInto('purchaseItems')
    .values([...items])
    .execute();
}

export function setCashMovement(db: Executor, purchaseId: number, cashMovementId: number) {
  return db.updateTable('purchases').set({ cashMovementId }).where('id', '=', purchaseId).execute();
}

export function findPurchaseIdByCfdiUuid(db: Executor, cfdiUuid: string) {
  return db
    .selectFrom('purchases')
    .select('id')
    .where('cfdiUuid', '=', cfdiUuid)
    .where('cancelledAt', 'is', null)
    .executeTakeFirst();
}

/** The products a purchase names, as they are before its stock comes in. */
export function findProductsForPurchase(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'units', 'sellsByWeight'])
    .where('id', 'in', [...ids])
    .execute();
}

export function findProductStock(db: Executor, productId: number) {
  return db.selectFrom('products').select(['name', 'stockMilli']).where('id', '=', productId).executeTakeFirstOrThrow();
}

/**
 * A product's average cost, read after its stock UPDATE in the same transaction: on PostgreSQL
 * that UPDATE holds the row lock, so this is the latest committed average plus our own change.
 */
export function findAverageCost(db: Executor, productId: number) {
  return db.selectFrom('products').select(['averageCostMicros']).where('id', '=', productId).executeTakeFirstOrThrow();
}

export function setProductCosts(
  db: Executor,
  productId: number,
  costs: { averageCostMicros: number | null; lastCostMicros?: number; lastSupplierId?: number },
  now: number,
) {
  return db
    .updateTable('products')
    .set({ ...costs, updatedAt: now })
    .where('id', '=', productId)
    .execute();
}

/** Remembers a supplier's code for a product (the next CFDI of that supplier matches it). */
export function upsertSupplierCode(
  db: Executor,
  mapping: { supplierId: number; codeKey: string; productId: number; updatedAt: number },
) {
  return db
    .insertInto('supplierProductCodes')
    .values(mapping)
    .onConflict((oc) =>
      oc.columns(['supplierId', 'codeKey']).doUpdateSet({ productId: mapping.productId, updatedAt: mapping.updatedAt }),
    )
    .execute();
}

/**
 * Marks the purchase cancelled unless it already is: of two cancels at once exactly one gets
 * the row (the other finds it cancelled).
 */
export function claimCancel(db: Executor, id: number, at: number, userId: number) {
  return db
    .updateTable('purchases')
    .set({ cancelledAt: at, cancelledBy: userId })
    .where('id', '=', id)
    .where('cancelledAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function purchaseExists(db: Executor, id: number) {
  return db.selectFrom('purchases').select('id').where('id', '=', id).executeTakeFirst();
}

const headerColumns = [
  'p.id as id',
  'p.date as date',
  'p.invoiceFolio as invoiceFolio',
  'p.cfdiUuid as cfdiUuid',
  'p.paid as paid',
  'p.note as note',
  'p.totalCents as totalCents',
  'p.cashMovementId as cashMovementId',
  'p.createdAt as createdAt',
  'p.cancelledAt as cancelledAt',
  'p.cancelledBy as cancelledBy',
  'p.supplierId as supplierId',
  's.name as supplierName',
  's.rfc as supplierRfc',
  'p.userId as userId',
  'u.name as userName',
  'cu.name as cancelledByName',
] as const;

function headers(db: Executor) {
  return db
    .selectFrom('purchases as p')
    .innerJoin('suppliers as s', 's.id', 'p.supplierId')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .leftJoin('users as cu', 'cu.id', 'p.cancelledBy')
    .select(headerColumns);
}

export type PurchaseHeaderRow = Awaited<ReturnType<typeof findPurchaseHeader>> & object;

export function findPurchaseHeader(db: Executor, id: number) {
  return headers(db).where('p.id', '=', id).executeTakeFirst();
}

export function findPurchaseItems(db: Executor, purchaseId: number) {
  return db.selectFrom('purchaseItems').selectAll().where('purchaseId', '=', purchaseId).orderBy('id').execute();
}

export interface PurchaseFilter {
  start?: number;
  end?: number;
  supplierId?: number;
}

function filtered(db: Executor, filter: PurchaseFilter) {
  let query = db.selectFrom('purchases as p');
  if (filter.start !== undefined) query = query.where('p.date', '>=', filter.start);
  if (filter.end !== undefined) query = query.where('p.date', '<=', filter.end);
  if (filter.supplierId !== undefined) query = query.where('p.supplierId', '=', filter.supplierId);
  return query;
}

export async function countPurchases(db: Executor, filter: PurchaseFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of purchases, newest delivery first, with how many lines each has. */
export function findPurchasesPage(db: Executor, filter: PurchaseFilter, page: { limit: number; offset: number }) {
  return filtered(db, filter)
    .innerJoin('suppliers as s', 's.id', 'p.supplierId')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .leftJoin('users as cu', 'cu.id', 'p.cancelledBy')
    .select(headerColumns)
    .select((eb) =>
      eb
        .selectFrom('purchaseItems as i')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('i.purchaseId', '=', 'p.id')
        .as('itemCount'),
    )
    .orderBy('p.date', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
