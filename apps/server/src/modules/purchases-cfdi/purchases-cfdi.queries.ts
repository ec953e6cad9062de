import type { Executor } from '../../db/connection.js';

// What a draft looks up, read only: the supplier by RFC, the products a line's code may name (as
// the shop's code, as a barcode, or through the shop's mapping for that supplier), and the UUIDs
// purchases already hold. Each is one query over all of an upload's files.

export function suppliersByRfc(db: Executor, rfcs: string[]) {
  if (rfcs.length === 0) return Promise.resolve([]);
  return db.selectFrom('suppliers').select(['id', 'rfc']).where('rfc', 'in', rfcs).execute();
}

export function productsByCodeKey(db: Executor, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'name', 'cuidKey']).where('cuidKey', 'in', keys).execute();
}

export function productsByBarcode(db: Executor, barcodes: string[]) {
  if (barcodes.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'name', 'barcode']).where('barcode', 'in', barcodes).execute();
}

export function mappedProducts(db: Executor, supplierIds: number[], keys: string[]) {
  if (supplierIds.length === 0 || keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('supplierProductCodes')
    .innerJoin('products', 'products.id', 'supplierProductCodes.productId')
    .select(['supplierProductCodes.supplierId', 'supplierProductCodes.codeKey', 'products.id', 'products.name'])
    .where('supplierProductCodes.supplierId', 'in', supplierIds)
    .where('supplierProductCodes.codeKey', 'in', keys)
    .execute();
}

export async function importedUuids(db: Executor, uuids: string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .selectFrom('purchases')
    .select('cfdiUuid')
    .where('cfdiUuid', 'in', uuids)
    .where('cancelledAt', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.cfdiUuid!.toUpperCase()));
}
