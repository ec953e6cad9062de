import { sql } from 'kysely';
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

/**
 * Counts one attempt under `key` and answers the count of the current window, in one statement:
 * concurrent attempts each get their own number, so no more than the limit reach the password.
 * A window older than `windowStart` starts over.
 */
export async function countAttempt(db: Executor, key: string, now: number, windowStart: number) {
  const expired = sql<boolean>`login_throttles.window_started_at <= ${windowStart}`;
  const row = await db
    .insertInto('loginThrottles')
    .values({ key, attempts: 1, windowStartedAt: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: sql<number>`case when ${expired} then 1 else login_throttles.attempts + 1 end`,
        windowStartedAt: sql<number>`case when ${expired} then ${now} else login_throttles.window_started_at end`,
      }),
    )
    .returning(['attempts', 'windowStartedAt'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.attempts), windowStartedAt: Number(row.windowStartedAt) };
}

/** A successful sign-in is not a failure: it gives its attempt back. */
export function uncountAttempt(db: Executor, key: string) {
  return db
    .updateTable('loginThrottles')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .execute();
}

export function clearAttempts(db: Executor, key: string) {
  return db.deleteFrom('loginThrottles').where('key', '=', key).execute();
}

export function pruneAttempts(db: Executor, windowStart: number) {
  return db.deleteFrom('loginThrottles').where('windowStartedAt', '<=', windowStart).execute();
}
