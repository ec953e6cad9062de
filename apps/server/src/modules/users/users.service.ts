import { randomBytes } from 'node:crypto';
import type { EditUserBody, RegisterBody, Role, User } from '@mostrador/shared';
import { passwordProblem, toIso } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { type Config, ConfigError } from '../../config.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
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

const FIRST_ADMIN_NAME = 'Administrador';
const emailTaken = () => conflict('Ya existe un usuario con ese correo electrónico.');
const userNotFound = () => notFound('Usuario no encontrado.');
const LAST_ADMIN =
  'No se puede desactivar ni quitar el rol de Administrador al último administrador activo. Primero da ese rol a otro usuario.';

/** The first Admin's password from ADMIN_PASSWORD, held to the same rule as any other. */
function firstAdminPasswordError(problem: string) {
  return new ConfigError(`Configuración inválida:\n  - ADMIN_PASSWORD: ${problem}`);
}

/** A random first-Admin password: 12 characters of base64url, drawn again in the unlikely case the rule refuses it. */
function randomPassword(owner: { email: string; name: string }): string {
  for (;;) {
    const password = randomBytes(9).toString('base64url');
    if (!passwordProblem(password, owner)) return password;
  }
}

export function createUsersService({ db, transact, clock, config, sessions }: UsersDeps) {
  /**
   * Holds the password to the rule (passwords.ts) and hashes it first (scrypt is slow by design;
   * docs/benchmarks.md), so the transaction holds the database only for the insert.
   */
  async function insert(user: { name: string; email: string; role: Role; password: string }): Promise<UserRow> {
    const problem = passwordProblem(user.password, user);
    if (problem) throw badRequest(problem);
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
      const owner = { name: FIRST_ADMIN_NAME, email };
      // ADMIN_PASSWORD counts only here, on an empty database: an older, weaker one in .env does
      // not stop a server that already has its users from starting.
      const problem = config.ADMIN_PASSWORD === undefined ? null : passwordProblem(config.ADMIN_PASSWORD, owner);
      if (problem) throw firstAdminPasswordError(problem);
      const password = config.ADMIN_PASSWORD ?? randomPassword(owner);
      try {
        await insert({ ...owner, role: 'Admin', password });
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

    /**
     * Sets a new password (held to the rule, with the user's name and e-mail) and ends every
     * session of the user but `keep` (the one asking).
     */
    async setPassword(id: number, password: string, keep: string | null): Promise<void> {
      const user = await q.findUserById(db, id);
      if (!user) throw userNotFound();
      const problem = passwordProblem(password, user);
      if (problem) throw badRequest(problem);
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
