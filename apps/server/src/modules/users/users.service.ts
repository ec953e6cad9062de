import { randomBytes } from 'node:crypto';
import type { EditUserBody, RegisterBody, Role, User } from '@mostrador/shared';
import { toIso } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import * as q from './users.queries.js';

export interface UsersDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** The first Admin's credentials, when set. */
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>;
  sessions: Pick<SessionsService, 'endAllOf' | 'forget'>;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    isEnabled: row.isEnabled === 1,
    createdAt: toIso(row.createdAt),
  };
}

const emailTaken = () => conflict('Ya existe un usuario con ese correo electrónico.');
const userNotFound = () => notFound('Usuario no encontrado.');
const LAST_ADMIN =
  'No se puede desactivar ni quitar el rol de Administrador al último administrador activo. Primero da ese rol a otro usuario.';

export function createUsersService({ db, transact, clock, config, sessions }: UsersDeps) {
  /**
   * Hashes first (scrypt is slow by design; docs/benchmarks.md), so the transaction holds the
   * database only for the insert.
   */
  async function insert(user: { name: string; email: string; role: Role; password: string }): Promise<UserRow> {
    const passwordHash = await hashPassword(user.password);
    const at = clock();
    return transact((trx) =>
      q.insertUser(trx, {
        name: user.name,
        email: user.email,
        role: user.role,
        passwordHash,
        createdAt: at,
        updatedAt: at,
      }),
    );
  }

  return {
    async list(): Promise<User[]> {
      return (await q.listUsers(db)).map(toUser);
    },

    async register(input: RegisterBody): Promise<User> {
      if (await q.findUserByEmail(db, input.email)) throw emailTaken();
      try {
        return toUser(await insert(input));
      } catch (error) {
        // Two registrations of one e-mail racing: the unique index decides.
        if (await q.findUserByEmail(db, input.email)) throw emailTaken();
        throw error;
      }
    },

    /**
     * First start on an empty database creates one Admin: ADMIN_EMAIL/ADMIN_PASSWORD when set,
     * else admin@example.com with a random password that the caller prints once.
     */
    async ensureFirstAdmin(): Promise<{ email: string; password: string | null } | null> {
      if ((await q.countUsers(db)) > 0) return null;
      const email = (config.ADMIN_EMAIL ?? 'admin@example.com').trim().toLowerCase();
      const password = config.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
      try {
        await insert({ name: 'Administrador', email, role: 'Admin', password });
      } catch (error) {
        if (await q.findUserByEmail(db, email)) return null; // another process created it first
        throw error;
      }
      return { email, password: config.ADMIN_PASSWORD ? null : password };
    },

    /**
     * Changes what is given. Disabling ends every session of the user; a new role applies from
     * their next request (each request reads the role stored now). There is always an enabled Admin.
     */
    async edit({ id, ...changes }: EditUserBody): Promise<User> {
      if (changes.email) {
        const owner = await q.findUserByEmail(db, changes.email);
        if (owner && owner.id !== id) throw emailTaken();
      }
      const at = clock();
      try {
        return await transact(async (trx) => {
          await q.lockEnabledAdmins(trx);
          const isEnabled = changes.isEnabled === undefined ? undefined : changes.isEnabled ? 1 : 0;
          sessions.forget();
          const updated = await q.updateUser(trx, id, { ...changes, isEnabled, updatedAt: at });
          if (!updated) throw userNotFound();
          if ((await q.countEnabledAdmins(trx)) === 0) throw conflict(LAST_ADMIN);
          if (updated.isEnabled !== 1) await sessions.endAllOf(trx, id, at);
          return toUser(updated);
        });
      } catch (error) {
        // Two edits giving one e-mail to two users at once: the unique index decides.
        const owner = changes.email && !(error instanceof AppError) ? await q.findUserByEmail(db, changes.email) : null;
        if (owner && owner.id !== id) throw emailTaken();
        throw error;
      }
    },

    /** Sets a new password and ends every session of the user but `keep` (the one asking). */
    async setPassword(id: number, password: string, keep: string | null): Promise<void> {
      const passwordHash = await hashPassword(password);
      const at = clock();
      await transact(async (trx) => {
        if (!(await q.updateUser(trx, id, { passwordHash, updatedAt: at }))) throw userNotFound();
        await sessions.endAllOf(trx, id, at, keep);
      });
    },

    /** For signing in: the stored user with that e-mail (password hash included). */
    findByEmail(email: string): Promise<UserRow | undefined> {
      return q.findUserByEmail(db, email);
    },

    findById(id: number): Promise<UserRow | undefined> {
      return q.findUserById(db, id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
