import { randomUUID } from 'node:crypto';
import { meetsRequirement } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import type { AuthUser, SessionToCheck } from '../../lib/types.js';
import { createSessionReader } from './sessions.batch.js';
import * as q from './sessions.queries.js';

export const USER_DISABLED = 'Tu usuario está desactivado. Pide ayuda a un administrador.';
const SESSION_ENDED = 'Tu sesión terminó. Inicia sesión de nuevo.';

/** Why a session gives no user: its message for the 401. */
export type SessionCheck = { user: AuthUser } | { refusal: string };

/** A session and its user as stored now (findSessionUser), or nothing when there is no such session. */
export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof q.findSessionUser>>>;

export type { SessionToCheck };

/** The stored session's answer: its user, or why it ended. */
export function sessionCheckOf(row: SessionUserRow | undefined, sessionId: string): SessionCheck {
  if (row?.isEnabled === 0) return { refusal: USER_DISABLED };
  if (!row || row.revokedAt !== null) return { refusal: SESSION_ENDED };
  return { user: { id: row.id, name: row.name, email: row.email, role: row.role, sessionId } };
}

/**
 * The request's user when its session still holds for what it asks: a 401 when the session ended,
 * the user is disabled or the token names another user; a 403 when the user's role (as stored
 * now) does not meet the route's requirement. The access plugin and a sale that reads its own
 * session (receipt/create on PostgreSQL) both decide here.
 */
export function admitted(check: SessionCheck, toCheck: SessionToCheck): AuthUser {
  if ('refusal' in check) throw unauthorized(check.refusal);
  if (check.user.id !== toCheck.userId) throw unauthorized();
  if (!meetsRequirement(check.user.role, toCheck.requirement)) throw forbidden();
  return check.user;
}

/** Live sessions remembered at most (the map is emptied when full). */
const CACHE_SIZE = 1000;

/**
 * Sign-ins the server can end. Every access token names its session (`sid`), and every request
 * reads it back with its user: a disabled user, a changed role, a logout or a password change
 * take effect on the next request instead of when the 12-hour token runs out. The methods that
 * write take the caller's transaction, so a session ends together with what ended it.
 *
 * With `cache` (SQLite) the answer for a live session is remembered in the process, and every
 * write that could change it (ending sessions, editing a user: `forget`) empties the cache inside
 * its transaction. That holds because one server process owns a SQLite file and runs its
 * queries on one connection: a check that starts after `forget` waits for the commit and reads
 * the new rows, and a check that read before it does not store its answer (the generation
 * moved). On PostgreSQL several processes may share the database, so every request reads it;
 * the checks that arrive together share one query (sessions.batch.ts).
 */
export function createSessionsService({ db, cache = false }: { db: Kysely<DB>; cache?: boolean }) {
  const live = new Map<string, AuthUser>();
  let generation = 0;
  const batched = cache ? undefined : createSessionReader(db);

  function forget() {
    generation += 1;
    live.clear();
  }

  return {
    async start(trx: Executor, userId: number, at: number): Promise<string> {
      const id = randomUUID();
      await q.insertSession(trx, { id, userId, createdAt: at });
      return id;
    },

    /** The user of a live session, as stored now; a refusal when the session ended or the user is disabled. */
    async check(sessionId: string): Promise<SessionCheck> {
      const known = cache ? live.get(sessionId) : undefined;
      if (known) return { user: { ...known } };
      const seen = generation;
      const row = batched ? await batched.find(sessionId) : await q.findSessionUser(db, sessionId);
      const checked = sessionCheckOf(row, sessionId);
      if ('user' in checked && cache && seen === generation) {
        if (live.size >= CACHE_SIZE) live.clear();
        live.set(sessionId, checked.user);
      }
      return 'user' in checked ? { user: { ...checked.user } } : checked;
    },

    /** A user's name, e-mail, role or enabled flag is changing: no remembered answer holds. */
    forget,

    async isLive(trx: Executor, sessionId: string): Promise<boolean> {
      const row = await q.findSessionUser(trx, sessionId);
      return row !== undefined && row.revokedAt === null;
    },

    end(trx: Executor, sessionId: string, at: number) {
      forget();
      return q.revokeSession(trx, sessionId, at);
    },

    /** Ends every session of that user but `keep` (the one asking, when it is theirs). */
    endAllOf(trx: Executor, userId: number, at: number, keep: string | null = null) {
      forget();
      return q.revokeSessionsOfUser(trx, userId, at, keep);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
