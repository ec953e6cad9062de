import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LoginBody, SessionResponse, User } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/connection.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { decoyHash, verifyPassword } from '../../lib/password.js';
import { toUser, type UsersService } from '../users/users.service.js';
import * as q from './auth.queries.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const BAD_CREDENTIALS = 'Correo o contraseña incorrectos';
const BAD_REFRESH = 'La sesión expiró. Inicia sesión de nuevo.';

/** A session without its access token: the route signs that (the access plugin owns the JWT). */
export type SessionGrant = Omit<SessionResponse, 'accessToken'>;

export interface AuthDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  config: Pick<Config, 'refreshTokenTtlMs'>;
  users: Pick<UsersService, 'findByEmail' | 'findById'>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createAuthService({ db, transact, clock, config, users }: AuthDeps) {
  /** A new refresh token of that login's family, written with whatever else `trx` holds. */
  async function issueSession(trx: Executor, user: UserRow, familyId: string) {
    const refreshToken = randomBytes(32).toString('base64url');
    const at = clock();
    await q.insertRefreshToken(trx, {
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      createdAt: at,
      expiresAt: at + config.refreshTokenTtlMs,
    });
    return { user: toUser(user), refreshToken };
  }

  async function assertNotThrottled(keys: string[]) {
    const at = clock();
    const counts = await q.countRecentFailures(db, keys, at - LOGIN_FAILURE_WINDOW_MS);
    const blocked = counts.filter((c) => c.count >= LOGIN_FAILURE_LIMIT);
    if (blocked.length === 0) return;
    const retryAfterMs = Math.max(...blocked.map((c) => c.oldest + LOGIN_FAILURE_WINDOW_MS - at));
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    throw new AppError(
      429,
      'RATE_LIMITED',
      `Demasiados intentos fallidos. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
      { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
    );
  }

  return {
    async login({ email, password }: LoginBody, ip: string): Promise<SessionGrant> {
      const keys = [`email:${email}`, `ip:${ip}`];
      await assertNotThrottled(keys);
      const user = await users.findByEmail(email);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !valid || user.isEnabled !== 1) {
        const at = clock();
        await transact((trx) => q.recordFailures(trx, keys, at, at - LOGIN_FAILURE_WINDOW_MS));
        throw new AppError(401, 'INVALID_CREDENTIALS', BAD_CREDENTIALS);
      }
      return transact(async (trx) => {
        await q.clearFailures(trx, `email:${email}`);
        return issueSession(trx, user, randomUUID());
      });
    },

    async refresh(refreshToken: string): Promise<SessionGrant> {
      const stored = await q.findRefreshToken(db, hashToken(refreshToken));
      if (!stored) throw unauthorized(BAD_REFRESH);
      const at = clock();
      if (stored.revokedAt !== null) throw unauthorized(BAD_REFRESH);
      const rotated = stored.rotatedAt === null && (await transact((trx) => q.markRotated(trx, stored.id, at)));
      if (!rotated) {
        // A rotated token presented again means it was copied: end every session of that login.
        await transact((trx) => q.revokeFamily(trx, stored.familyId, at));
        throw unauthorized(BAD_REFRESH);
      }
      if (stored.expiresAt <= at) throw unauthorized(BAD_REFRESH);
      const user = await users.findById(stored.userId);
      if (!user || user.isEnabled !== 1) throw unauthorized(BAD_REFRESH);
      return transact((trx) => issueSession(trx, user, stored.familyId));
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const stored = await q.findRefreshToken(db, hashToken(refreshToken));
      if (stored) await transact((trx) => q.revokeFamily(trx, stored.familyId, clock()));
    },

    async currentUser(id: number): Promise<User> {
      const user = await users.findById(id);
      if (!user || user.isEnabled !== 1) throw unauthorized();
      return toUser(user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
