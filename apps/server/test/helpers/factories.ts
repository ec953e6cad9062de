import type { Role } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { findUserByEmail, insertUser } from '../../src/modules/auth/auth.queries.js';
import { hashPassword } from '../../src/modules/auth/password.js';

// Test-data factories shared by the server tests (and reused by e2e through the API).

export async function ensureUser(
  db: Kysely<DB>,
  { role, email, password, name }: { role: Role; email: string; password: string; name?: string },
) {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  const now = Date.now();
  return insertUser(db, {
    name: name ?? `Usuario ${role}`,
    email,
    role,
    passwordHash: await hashPassword(password),
    createdAt: now,
    updatedAt: now,
  });
}
