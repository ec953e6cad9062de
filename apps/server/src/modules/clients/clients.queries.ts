import type { Executor } from '../../db/connection.js';
import type { ClientsTable } from '../../db/schema.js';
import type { Insertable, Updateable } from 'kysely';

export function insertClient(db: Executor, client: Insertable<ClientsTable>) {
  return db.insertInto('clients').values(client).returningAll().executeTakeFirstOrThrow();
}

export function findClientById(db: Executor, id: number) {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Enabled clients; the service orders them by name (same collation on every engine). */
export function listEnabledClients(db: Executor) {
  return db.selectFrom('clients').selectAll().where('isEnabled', '=', 1).orderBy('id').execute();
}

export function updateClient(db: Executor, id: number, changes: Updateable<ClientsTable>) {
  return db.updateTable('clients').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}
