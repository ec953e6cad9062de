import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { AuthUser } from '../../lib/types.js';
import * as q from './sessions.queries.js';

export const USER_DISABLED = 'Tu usuario está desactivado. Pide ayuda a un administrador.';
const SESSION_ENDED = 'Tu sesión terminó. Inicia sesión de nuevo.';

/** Why a session gives no user: its message for the 401. */
export type SessionCheck = { user: AuthUser } | { refusal: string };

/**
 * Sign-ins the server can end. Every access token names its session (`sid`), and every request
 * reads it back with its user: a disabled user, a changed role, a logout or a password change
 * take effect on the next request instead of when the 12-hour token runs out. The methods that
 * write take the caller's transaction, so a session ends together with what ended it.
 */
export function createSessionsService({ db }: { db: Kysely<DB> }) {
  return {
    async start(trx: Executor, userId: number, at: number): Promise<string> {
      const id = randomUUID();
      await q.insertSession(trx, { id, userId, createdAt: at });
      return id;
    },

    /** The user of a live session, as stored now; a refusal when the session ended or the user is disabled. */
    async check(sessionId: string): Promise<SessionCheck> {
      const row = await q.findSessionUser(db, sessionId);
      if (row?.isEnabled === 0) return { refusal: USER_DISABLED };
      if (!row || row.revokedAt !== null) return { refusal: SESSION_ENDED };
      return { user: { id: row.id, name: row.name, email: row.email, role: row.role, sessionId } };
    },

    async isLive(trx: Executor, sessionId: string): Promise<boolean> {
      const row = await q.findSessionUser(trx, sessionId);
      return row !== undefined && row.revokedAt === null;
    },

    end(trx: Executor, sessionId: string, at: number) {
      return q.revokeSession(trx, sessionId, at);
    },

    /** Ends every session of that user but `keep` (the one asking, when it is theirs). */
    endAllOf(trx: Executor, userId: number, at: number, keep: string | null = null) {
      return q.revokeSessionsOfUser(trx, userId, at, keep);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
