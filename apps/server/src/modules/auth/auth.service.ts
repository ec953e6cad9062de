import { createHash, randomBytes } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, SessionResponse, User } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/connection.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, unauthorized } from '../../lib/errors.js';
import { createAttemptThrottle } from './throttle.js';
import { decoyHash, verifyPassword } from '../../lib/password.js';
import { type SessionsService, USER_DISABLED } from '../sessions/sessions.service.js';
import { toUser, type UsersService } from '../users/users.service.js';
import * as q from './auth.queries.js';

export { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from './throttle.js';
/** Two tabs renewing with the same refresh token this close together both carry on. */
export const REFRESH_GRACE_MS = 10_000;
const BAD_CREDENTIALS = 'Correo o contraseña incorrectos';
const BAD_REFRESH = 'La sesión expiró. Inicia sesión de nuevo.';
const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';

/** A session without its access token: the route signs that (the access plugin owns the JWT). */
export type SessionGrant = Omit<SessionResponse, 'accessToken'> & { sessionId: string };

export interface AuthDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  config: Pick<Config, 'refreshTokenTtlMs'>;
  users: Pick<UsersService, 'findByEmail' | 'findById' | 'setPassword'>;
  sessions: Pick<SessionsService, 'start' | 'isLive' | 'end'>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

// Sign-in attempts are counted per account and client address (so failures from elsewhere never
// lock the account for its owner) and per address across accounts (one guesser, many e-mails).
const accountKey = (email: string, address: string) => `account:${email}|${address}`;
const addressKey = (address: string) => `address:${address}`;

export function createAuthService({ db, transact, clock, config, users, sessions }: AuthDeps) {
  /** A new refresh token of that session, written with whatever else `trx` holds. */
  async function issueSession(trx: Executor, user: UserRow, sessionId: string): Promise<SessionGrant> {
    const refreshToken = randomBytes(32).toString('base64url');
    const at = clock();
    await q.insertRefreshToken(trx, {
      userId: user.id,
      familyId: sessionId,
      tokenHash: hashToken(refreshToken),
      createdAt: at,
      expiresAt: at + config.refreshTokenTtlMs,
    });
    return { user: toUser(user), refreshToken, sessionId };
  }

  const throttle = createAttemptThrottle({ transact, clock });
  const countAttempt = (keys: string[]) => throttle.count(keys);

  /** A right password gives its attempts back: only failures count against the limits. */
  const forgiveAttempt = (trx: Executor, email: string, address: string) =>
    throttle.forgive(trx, { clear: [accountKey(email, address)], uncount: [addressKey(address)] });

  return {
    async login({ email, password }: LoginBody, address: string): Promise<SessionGrant> {
      await countAttempt([accountKey(email, address), addressKey(address)]);
      const user = await users.findByEmail(email);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', BAD_CREDENTIALS);
      // Only someone who knows the password learns that the account is disabled.
      if (user.isEnabled !== 1) throw unauthorized(USER_DISABLED);
      const at = clock();
      return transact(async (trx) => {
        await forgiveAttempt(trx, email, address);
        return issueSession(trx, user, await sessions.start(trx, user.id, at));
      });
    },

    async refresh(refreshToken: string): Promise<SessionGrant> {
      const tokenHash = hashToken(refreshToken);
      const stored = await q.findRefreshToken(db, tokenHash);
      const at = clock();
      if (!stored || stored.revokedAt !== null || stored.expiresAt <= at) throw unauthorized(BAD_REFRESH);
      const user = await users.findById(stored.userId);
      if (!user) throw unauthorized(BAD_REFRESH);
      if (user.isEnabled !== 1) throw unauthorized(USER_DISABLED);
      const grant = await transact(async (trx) => {
        if (!(await sessions.isLive(trx, stored.familyId))) return null;
        if (await q.markRotated(trx, stored.id, at)) return issueSession(trx, user, stored.familyId);
        const current = await q.findRefreshToken(trx, tokenHash);
        // Another tab renewed with this same token a moment ago: this one carries on too.
        if (current?.revokedAt === null && current.rotatedAt !== null && at - current.rotatedAt <= REFRESH_GRACE_MS) {
          return issueSession(trx, user, stored.familyId);
        }
        // A rotated token presented again later means it was copied: end that session.
        await q.revokeFamily(trx, stored.familyId, at);
        await sessions.end(trx, stored.familyId, at);
        return null;
      });
      if (!grant) throw unauthorized(BAD_REFRESH);
      return grant;
    },

    /** Ends the session of that refresh token: its access tokens stop working at once. */
    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const stored = await q.findRefreshToken(db, hashToken(refreshToken));
      if (!stored) return;
      const at = clock();
      await transact(async (trx) => {
        await q.revokeFamily(trx, stored.familyId, at);
        await sessions.end(trx, stored.familyId, at);
      });
    },

    /** The signed-in user's own change: the session asking stays, every other one ends. */
    async changePassword(
      userId: number,
      sessionId: string,
      { currentPassword, newPassword }: ChangePasswordBody,
      address: string,
    ): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw unauthorized();
      // Guessing the current password with a stolen access token meets the sign-in limit.
      await countAttempt([accountKey(user.email, address)]);
      if (!(await verifyPassword(currentPassword, user.passwordHash))) throw badRequest(WRONG_CURRENT_PASSWORD);
      await transact((trx) => throttle.forgive(trx, { clear: [accountKey(user.email, address)] }));
      await users.setPassword(userId, newPassword, sessionId);
    },

    async currentUser(id: number): Promise<User> {
      const user = await users.findById(id);
      if (!user || user.isEnabled !== 1) throw unauthorized();
      return toUser(user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
