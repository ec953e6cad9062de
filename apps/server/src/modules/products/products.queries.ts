import type { Executor } from '../../db/connection.js';
import type { ProductUpdate } from '../../db/schema.js';

export function listProducts(db: Executor) {
  // Creation order, the same on both databases; the Products screen sorts by itself.
  return db.selectFrom('products').selectAll().orderBy('id').execute();
}

export function findProductById(db: Executor, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The product holding that code, other than `exceptId`. */
export function findProductByCuid(db: Executor, cuid: string, exceptId?: number) {
  let query = db.selectFrom('products').select(['id', 'name']).where('cuid', '=', cuid);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export function insertProduct(
  db: Executor,
  product: { cuid: string; name: string; units: string; imagePath: string | null; createdAt: number },
) {
  return db
    .insertInto('products')
    .values({ ...product, stockQuantity: 0, updatedAt: product.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Name, code, units and image only: stock changes go through applyStockChange. */
export function updateProductDetails(
  db: Executor,
  id: number,
  patch: Pick<ProductUpdate, 'cuid' | 'name' | 'units' | 'imagePath' | 'updatedAt'>,
) {
  return db.updateTable('products').set(patch).where('id', '=', id).executeTakeFirst();
}
