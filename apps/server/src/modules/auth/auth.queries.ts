import type { Executor } from '../../db/connection.js';

export function insertRefreshToken(
  db: Executor,
  token: { userId: number; familyId: string; tokenHash: string; createdAt: number; expiresAt: number },
) {
  return db.insertInto('refreshTokens').values(token).execute();
}

export function findRefreshToken(db: Executor, tokenHash: string) {
  return db.selectFrom('refreshTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Marks a live token as used; false when another request already rotated or revoked it. */
export async function markRotated(db: Executor, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refreshTokens')
    .set({ rotatedAt: now })
    .where('id', '=', id)
    .where('rotatedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function revokeFamily(db: Executor, familyId: string, now: number) {
  return db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function countRecentFailures(db: Executor, keys: string[], since: number) {
  const rows = await db
    .selectFrom('loginFailures')
    .select(['key', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.min('createdAt').as('oldest')])
    .where('key', 'in', keys)
    .where('createdAt', '>', since)
    .groupBy('key')
    .execute();
  return rows.map((r) => ({ key: r.key, count: Number(r.count), oldest: Number(r.oldest) }));
}

export async function recordFailures(db: Executor, keys: string[], now: number, pruneBefore: number) {
  await db.deleteFrom('loginFailures').where('createdAt', '<=', pruneBefore).execute();
  await db
    .insertInto('loginFailures')
    .values(keys.map((key) => ({ key, createdAt: now })))
    .execute();
}

export function clearFailures(db: Executor, key: string) {
  return db.deleteFrom('loginFailures').where('key', '=', key).execute();
}
