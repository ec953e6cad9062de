import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LoginBody, RegisterBody, Role, SessionResponse, User } from '@mostrador/shared';
import { toIso } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, UserRow } from '../../db/schema.js';
import { AppError, conflict, unauthorized } from '../../lib/errors.js';
import * as q from './auth.queries.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const BAD_CREDENTIALS = 'Correo o contraseña incorrectos';
const BAD_REFRESH = 'La sesión expiró. Inicia sesión de nuevo.';

export interface AccessTokenClaims {
  sub: string;
  name: string;
  email: string;
  role: Role;
}

export interface AuthDeps {
  db: Kysely<DB>;
  config: Config;
  signAccessToken: (claims: AccessTokenClaims) => string;
  now?: () => number;
}

export function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, role: row.role, createdAt: toIso(row.createdAt) };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createAuthService({ db, config, signAccessToken, now = Date.now }: AuthDeps) {
  async function issueSession(user: UserRow, familyId: string): Promise<SessionResponse> {
    const refreshToken = randomBytes(32).toString('base64url');
    const at = now();
    await q.insertRefreshToken(db, {
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      createdAt: at,
      expiresAt: at + config.refreshTokenTtlMs,
    });
    const accessToken = signAccessToken({ sub: String(user.id), name: user.name, email: user.email, role: user.role });
    return { user: toUser(user), accessToken, refreshToken };
  }

  async function assertNotThrottled(keys: string[]) {
    const at = now();
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
    async login({ email, password }: LoginBody, ip: string): Promise<SessionResponse> {
      const keys = [`email:${email}`, `ip:${ip}`];
      await assertNotThrottled(keys);
      const user = await q.findUserByEmail(db, email);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !valid || user.isEnabled !== 1) {
        const at = now();
        await q.recordFailures(db, keys, at, at - LOGIN_FAILURE_WINDOW_MS);
        throw new AppError(401, 'INVALID_CREDENTIALS', BAD_CREDENTIALS);
      }
      await q.clearFailures(db, `email:${email}`);
      return issueSession(user, randomUUID());
    },

    async refresh(refreshToken: string): Promise<SessionResponse> {
      const stored = await q.findRefreshToken(db, hashToken(refreshToken));
      if (!stored) throw unauthorized(BAD_REFRESH);
      const at = now();
      if (stored.revokedAt !== null) throw unauthorized(BAD_REFRESH);
      if (stored.rotatedAt !== null || !(await q.markRotated(db, stored.id, at))) {
        // A rotated token presented again means it was copied: end every session of that login.
        await q.revokeFamily(db, stored.familyId, at);
        throw unauthorized(BAD_REFRESH);
      }
      if (stored.expiresAt <= at) throw unauthorized(BAD_REFRESH);
      const user = await q.findUserById(db, stored.userId);
      if (!user || user.isEnabled !== 1) throw unauthorized(BAD_REFRESH);
      return issueSession(user, stored.familyId);
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const stored = await q.findRefreshToken(db, hashToken(refreshToken));
      if (stored) await q.revokeFamily(db, stored.familyId, now());
    },

    async currentUser(id: number): Promise<User> {
      const user = await q.findUserById(db, id);
      if (!user || user.isEnabled !== 1) throw unauthorized();
      return toUser(user);
    },

    async register(input: RegisterBody): Promise<User> {
      if (await q.findUserByEmail(db, input.email)) throw conflict('Ya existe un usuario con ese correo electrónico.');
      const at = now();
      try {
        const row = await q.insertUser(db, {
          name: input.name,
          email: input.email,
          role: input.role,
          passwordHash: await hashPassword(input.password),
          createdAt: at,
          updatedAt: at,
        });
        return toUser(row);
      } catch (error) {
        // Two registrations of one e-mail racing: the unique index decides.
        if (await q.findUserByEmail(db, input.email))
          throw conflict('Ya existe un usuario con ese correo electrónico.');
        throw error;
      }
    },

    async listUsers(): Promise<User[]> {
      return (await q.listUsers(db)).map(toUser);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
