import type { Executor } from '../../db/connection.js';

export function insertSession(db: Executor, session: { id: string; userId: number; createdAt: number }) {
  return db.insertInto('sessions').values(session).execute();
}

/** A session and its user as stored now (role and enabled flag included). */
export function findSessionUser(db: Executor, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'users.isEnabled', 'sessions.revokedAt'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

/** Several sessions and their users as stored now, in one query (sessions.batch.ts). */
export function findSessionUsers(db: Executor, sessionIds: readonly string[]) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.isEnabled',
      'sessions.revokedAt',
    ])
    .where('sessions.id', 'in', sessionIds)
    .execute();
}

export function revokeSession(db: Executor, sessionId: string, now: number) {
  return db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

export function revokeSessionsOfUser(db: Executor, userId: number, now: number, keep: string | null) {
  let query = db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keep) query = query.where('id', '<>', keep);
  return query.execute();
}
