import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { ReceiptAuthorizationsTable } from '../../db/schema.js';

/** The users a supervisor's login names: by e-mail, or by user name (any case); a few at most. */
export function findUsersByLogin(db: Executor, login: string) {
  const query = db.selectFrom('users').select(['id', 'name', 'role', 'isEnabled', 'passwordHash', 'pinHash']);
  return (
    login.includes('@')
      ? query.where('email', '=', login.toLowerCase())
      : query.where(sql<string>`lower(name)`, '=', login.toLowerCase())
  )
    .orderBy('id')
    .limit(5)
    .execute();
}

export function findUserSecrets(db: Executor, id: number) {
  return db.selectFrom('users').select(['id', 'passwordHash', 'pinHash']).where('id', '=', id).executeTakeFirst();
}

export async function setPinHash(db: Executor, id: number, pinHash: string | null, now: number): Promise<boolean> {
  const result = await db.updateTable('users').set({ pinHash, updatedAt: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertAuthorizations(db: Executor, rows: ReadonlyArray<Insertable<ReceiptAuthorizationsTable>>) {
  if (rows.length > 0)
    await db
      .insertInto('receiptAuthorizations')
      .values([...rows])
      .execute();
}
