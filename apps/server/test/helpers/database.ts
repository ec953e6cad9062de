import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/connection.js';
import { migrateTo } from '../../src/db/migrate.js';

export type TestDialect = 'sqlite' | 'postgres';

/** Which database this test run uses: vitest's server:sqlite / server:postgres projects set TEST_DB. */
export const testDialect: TestDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  database: Database;
  url: string;
  /** Closes the connection and deletes the database. */
  drop(): Promise<void>;
}

/**
 * A fresh database of its own for one test file (so files can run in parallel), migrated to the
 * latest schema or only up to the migration named `migratedTo`.
 */
export async function createTestDatabase({
  migratedTo,
  dialect = testDialect,
}: { migratedTo?: string; dialect?: TestDialect } = {}): Promise<TestDatabase> {
  if (dialect === 'postgres') return createPostgres(migratedTo);
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-test-'));
  const url = `sqlite:${join(dir, 'test.db')}`;
  const database = openDatabase(url);
  await migrateTo(database, migratedTo);
  return {
    database,
    url,
    async drop() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgres(migratedTo: string | undefined): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `mostrador_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString());
  await migrateTo(database, migratedTo);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
