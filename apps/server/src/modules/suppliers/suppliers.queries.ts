import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { SuppliersTable } from '../../db/schema.js';

export function insertSupplier(db: Executor, supplier: Insertable<SuppliersTable>) {
  return db.insertInto('suppliers').values(supplier).returningAll().executeTakeFirstOrThrow();
}

export function findSupplierById(db: Executor, id: number) {
  return db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSupplierByRfc(db: Executor, rfc: string) {
  return db.selectFrom('suppliers').selectAll().where('rfc', '=', rfc).executeTakeFirst();
}

/** Enabled suppliers; the service orders them by name (the same collation on every engine). */
export function listEnabledSuppliers(db: Executor) {
  return db.selectFrom('suppliers').selectAll().where('isEnabled', '=', 1).orderBy('id').execute();
}

export function updateSupplier(db: Executor, id: number, changes: Updateable<SuppliersTable>) {
  return db.updateTable('suppliers').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}
