import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { countUsers, findUserByEmail, insertUser } from './auth.queries.js';
import { hashPassword } from './password.js';

/**
 * First start on an empty database creates one Admin (DESIGN 1): ADMIN_EMAIL/ADMIN_PASSWORD
 * when set, else admin@example.com with a random password that the caller prints once.
 */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  now = Date.now(),
): Promise<{ email: string; password: string | null } | null> {
  if ((await countUsers(db)) > 0) return null;
  const email = (config.ADMIN_EMAIL ?? 'admin@example.com').trim().toLowerCase();
  const password = config.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
  try {
    await insertUser(db, {
      name: 'Administrador',
      email,
      role: 'Admin',
      passwordHash: await hashPassword(password),
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (await findUserByEmail(db, email)) return null; // another process created it first
    throw error;
  }
  return { email, password: config.ADMIN_PASSWORD ? null : password };
}
