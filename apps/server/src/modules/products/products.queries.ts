import type { Executor } from '../../db/connection.js';
import type { ProductsTable, ProductUpdate } from '../../db/schema.js';
import type { TaxColumns } from './product-taxes.js';

export function listProducts(db: Executor) {
  // Creation order, the same on both databases; the Products screen sorts by itself.
  return db.selectFrom('products').selectAll().orderBy('id').execute();
}

export function findProductById(db: Executor, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The product whose code has that key (productCodeKey), other than `exceptId`; on the unique index. */
export function findProductByCodeKey(db: Executor, cuidKey: string, exceptId?: number) {
  let query = db.selectFrom('products').selectAll().where('cuidKey', '=', cuidKey);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** The product with that barcode, other than `exceptId`; on the unique index. */
export function findProductByBarcode(db: Executor, barcode: string, exceptId?: number) {
  let query = db.selectFrom('products').selectAll().where('barcode', '=', barcode);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Products whose code key is one of `keys` (a scale label's code with and without zeros). */
export function findProductsByCodeKeys(db: Executor, keys: string[]) {
  return db.selectFrom('products').selectAll().where('cuidKey', 'in', keys).execute();
}

/** What create and edit write besides stock and timestamps. */
export type ProductDetails = Pick<
  ProductsTable,
  | 'cuid'
  | 'cuidKey'
  | 'name'
  | 'units'
  | 'priceCents'
  | 'wholesalePriceCents'
  | 'wholesaleMinMilli'
  | 'barcode'
  | 'minStockMilli'
  | 'imagePath'
> & { sellsByWeight: number; category?: string | null };

export function insertProduct(db: Executor, product: ProductDetails & TaxColumns & { createdAt: number }) {
  return db
    .insertInto('products')
    .values({ ...product, stockMilli: 0, updatedAt: product.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Everything but stock: stock changes go through applyStockChange. */
export function updateProductDetails(
  db: Executor,
  id: number,
  patch: ProductDetails & Partial<TaxColumns> & Pick<ProductUpdate, 'updatedAt'>,
) {
  return db.updateTable('products').set(patch).where('id', '=', id).executeTakeFirst();
}

/** The products nobody has saved since taxes came in (the 'Revisa los impuestos' banner). */
export async function countUnreviewedTaxes(db: Executor): Promise<number> {
  const { count } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('taxesReviewed', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(count);
}
