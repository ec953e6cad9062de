import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { ClientsTable, ProductsTable, SuppliersTable } from '../../db/schema.js';
import { INSERT_CHUNK } from '../inventory/index.js';

export function allProducts(db: Executor) {
  return db.selectFrom('products').select(['id', 'cuid', 'cuidKey', 'name', 'stockMilli', 'barcode']).execute();
}

export function enabledClients(db: Executor) {
  return db
    .selectFrom('clients')
    .select(['id', 'firstName', 'lastName', 'rfc', 'taxRegime'])
    .where('isEnabled', '=', 1)
    .execute();
}

/** Many products in multi-row INSERTs; answers each one's id with its code. */
export async function insertProducts(db: Executor, products: Insertable<ProductsTable>[]) {
  const inserted: Array<{ id: number; cuid: string }> = [];
  for (let at = 0; at < products.length; at += INSERT_CHUNK) {
    const chunk = products.slice(at, at + INSERT_CHUNK);
    inserted.push(...(await db.insertInto('products').values(chunk).returning(['id', 'cuid']).execute()));
  }
  return inserted;
}

export function updateProduct(db: Executor, id: number, patch: Updateable<ProductsTable>) {
  return db.updateTable('products').set(patch).where('id', '=', id).execute();
}

export async function insertClients(db: Executor, clients: Insertable<ClientsTable>[]) {
  for (let at = 0; at < clients.length; at += INSERT_CHUNK) {
    await db
      .insertInto('clients')
      .values(clients.slice(at, at + INSERT_CHUNK))
      .execute();
  }
}

export function allSuppliers(db: Executor) {
  return db.selectFrom('suppliers').select(['id', 'name', 'rfc', 'isEnabled']).execute();
}

export async function insertSuppliers(db: Executor, suppliers: Insertable<SuppliersTable>[]) {
  for (let at = 0; at < suppliers.length; at += INSERT_CHUNK) {
    await db
      .insertInto('suppliers')
      .values(suppliers.slice(at, at + INSERT_CHUNK))
      .execute();
  }
}

export function updateSupplier(db: Executor, id: number, patch: Updateable<SuppliersTable>) {
  return db.updateTable('suppliers').set(patch).where('id', '=', id).execute();
}

export function updateClient(db: Executor, id: number, patch: Updateable<ClientsTable>) {
  return db.updateTable('clients').set(patch).where('id', '=', id).execute();
}
