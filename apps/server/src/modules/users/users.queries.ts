import type { Executor } from '../../db/connection.js';
import type { NewUser, UserUpdate } from '../../db/schema.js';

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(db: Executor, user: NewUser) {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function listUsers(db: Executor) {
  return db.selectFrom('users').selectAll().orderBy('name').orderBy('id').execute();
}

export function updateUser(db: Executor, id: number, patch: UserUpdate) {
  return db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Takes the row locks of every enabled Admin (a no-op write): on PostgreSQL two edits that could
 * each remove one of the last two Admins then run one after the other, so the second one counts
 * what the first left. SQLite runs one writer at a time anyway.
 */
export function lockEnabledAdmins(db: Executor) {
  return db
    .updateTable('users')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('role', '=', 'Admin')
    .where('isEnabled', '=', 1)
    .execute();
}

export async function countEnabledAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'Admin')
    .where('isEnabled', '=', 1)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
