import type { Executor } from '../../db/connection.js';

/** What a key holds once its work committed: the answer a retry gets back. */
export interface StoredAnswer {
  operation: string;
  requestHash: string;
  statusCode: number;
  responseBody: string;
  createdAt: number;
}

/** The key's row as stored, live or not. */
export function findKeyRow(db: Executor, userId: number, key: string): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom('idempotencyKeys')
    .select(['operation', 'requestHash', 'statusCode', 'responseBody', 'createdAt'])
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Deletes the key's row if it is still the one created at `createdAt` (an expired one). */
export async function deleteKeyRow(db: Executor, userId: number, key: string, createdAt: number): Promise<void> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('createdAt', '=', createdAt)
    .execute();
}

/** Inserts the key's row before any work; a unique violation means another request holds it. */
export async function insertKeyRow(
  trx: Executor,
  row: { userId: number; key: string; operation: string; requestHash: string; createdAt: number },
): Promise<void> {
  await trx
    .insertInto('idempotencyKeys')
    .values({ ...row, statusCode: 0, responseBody: '' })
    .execute();
}

export async function setKeyAnswer(
  trx: Executor,
  answer: { userId: number; key: string; statusCode: number; responseBody: string },
): Promise<void> {
  await trx
    .updateTable('idempotencyKeys')
    .set({ statusCode: answer.statusCode, responseBody: answer.responseBody })
    .where('userId', '=', answer.userId)
    .where('key', '=', answer.key)
    .execute();
}

export async function deleteKeysCreatedBefore(db: Executor, createdAtOrBefore: number): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('createdAt', '<=', createdAtOrBefore).execute();
}
