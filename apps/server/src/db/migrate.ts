import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database, DialectName } from './connection.js';
import { initialMigration } from './migrations/2026-11-21-initial.js';
import { counterSellingMigration } from './migrations/2026-11-23a-counter-selling.js';

// Migrations live in code (ordered by name) so the bundled server carries them.
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '2026-11-21-initial': initialMigration(dialect),
    '2026-11-23a-counter-selling': counterSellingMigration(dialect),
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrationsFor(this.dialect));
  }
}

/** Brings the schema up to date; safe to run from several processes at once. */
export function migrateToLatest(database: Database): Promise<void> {
  return migrateTo(database);
}

/** Runs the migrations up to `target` (by name), or all of them: tests start from older schemas. */
export async function migrateTo(database: Database, target?: string): Promise<void> {
  const migrator = new Migrator({
    db: database.db as unknown as Kysely<unknown>,
    provider: new InCodeMigrationProvider(database.dialect),
  });
  const { error, results } = await (target === undefined ? migrator.migrateToLatest() : migrator.migrateTo(target));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló: ${cause}`);
  }
}
