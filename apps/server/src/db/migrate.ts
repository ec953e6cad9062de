import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database, DialectName } from './connection.js';
import { initialMigration } from './migrations/2026-11-21-initial.js';
import { counterSellingMigration } from './migrations/2026-11-23a-counter-selling.js';
import { sessionsMigration } from './migrations/2026-11-23b-sessions.js';
import { fiadoMigration } from './migrations/2026-11-23c-fiado.js';
import { healthProbeMigration } from './migrations/2026-11-23e-health-probe.js';
import { lateSalesMigration } from './migrations/2026-11-24a-late-sales.js';
import { cashDrawerMigration } from './migrations/2026-11-24b-cash-drawer.js';
import { dashboardMigration } from './migrations/2026-11-24c-dashboard.js';
import { cutFenceMigration } from './migrations/2026-11-25c-cut-fence.js';
import { sqlFunctionsMigration } from './migrations/2026-11-27a-sql-functions.js';
import { statementLinksMigration } from './migrations/2026-11-27b-statement-links.js';
import { returnsMigration } from './migrations/2026-11-28a-returns.js';
import { supervisorsMigration } from './migrations/2026-11-28b-supervisors.js';
import { shopSettingsMigration } from './migrations/2026-11-28c-shop-settings.js';
import { cashReceivedMigration } from './migrations/2026-11-28d-cash-received.js';
import { taxesMigration } from './migrations/2026-11-29a-taxes.js';
import { clientFiscalMigration } from './migrations/2026-11-29b-client-fiscal.js';
import { businessFiscalMigration } from './migrations/2026-11-29c-business-fiscal.js';
import { invoicesMigration } from './migrations/2026-11-30a-invoices.js';
import { paymentComplementsMigration } from './migrations/2026-11-30b-payment-complements.js';
import { creditNotesMigration } from './migrations/2026-11-30c-credit-notes.js';
import { purchasesMigration } from './migrations/2026-12-01a-purchases.js';
import { profitMigration } from './migrations/2026-12-01b-profit.js';
import { purchaseUuidLiveMigration } from './migrations/2026-12-02a-purchase-uuid-live.js';
import { applySqlFunctions } from './sql-functions.js';

/**
 * The migrations of 2026-11-24 and 25 that defined the sale's PostgreSQL functions, each a whole
 * copy of them. Their names stay (databases have run them); what they defined is now applied from
 * db/sql/ after the migrations (sql-functions.ts), so on a new database they do nothing.
 */
const definedSqlFunctions: Migration = { up: async () => undefined };

// Migrations live in code (ordered by name) so the bundled server carries them.
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '2026-11-21-initial': initialMigration(dialect),
    '2026-11-23a-counter-selling': counterSellingMigration(dialect),
    '2026-11-23b-sessions': sessionsMigration(),
    '2026-11-23c-fiado': fiadoMigration,
    '2026-11-23e-health-probe': healthProbeMigration(),
    '2026-11-24a-late-sales': lateSalesMigration(dialect),
    '2026-11-24b-cash-drawer': cashDrawerMigration(dialect),
    '2026-11-24c-dashboard': dashboardMigration(dialect),
    '2026-11-24d-pg-sale': definedSqlFunctions,
    '2026-11-25a-pg-sale-batch': definedSqlFunctions,
    '2026-11-25b-pg-sale-batch-whole': definedSqlFunctions,
    '2026-11-25c-cut-fence': cutFenceMigration(dialect),
    '2026-11-25d-pg-sale-set': definedSqlFunctions,
    '2026-11-27a-sql-functions': sqlFunctionsMigration(dialect),
    '2026-11-27b-statement-links': statementLinksMigration(dialect),
    '2026-11-28a-returns': returnsMigration(dialect),
    '2026-11-28b-supervisors': supervisorsMigration(dialect),
    '2026-11-28c-shop-settings': shopSettingsMigration(dialect),
    '2026-11-28d-cash-received': cashReceivedMigration(),
    '2026-11-29a-taxes': taxesMigration(dialect),
    '2026-11-29b-client-fiscal': clientFiscalMigration(),
    '2026-11-29c-business-fiscal': businessFiscalMigration(dialect),
    '2026-11-30a-invoices': invoicesMigration(dialect),
    '2026-11-30b-payment-complements': paymentComplementsMigration(),
    '2026-11-30c-credit-notes': creditNotesMigration(),
    '2026-12-01a-purchases': purchasesMigration(dialect),
    '2026-12-01b-profit': profitMigration(dialect),
    '2026-12-02a-purchase-uuid-live': purchaseUuidLiveMigration(),
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrationsFor(this.dialect));
  }
}

/** The migrations this code knows, by name: a database with any other was written by a newer version. */
export function knownMigrationNames(): string[] {
  return Object.keys(migrationsFor('sqlite'));
}

export interface MigrateOptions {
  /** Runs before migrations change an existing schema (not on a new, empty database). */
  beforeChange?: (pending: string[]) => Promise<unknown>;
}

/** Brings the schema up to date; safe to run from several processes at once. */
export function migrateToLatest(database: Database, options: MigrateOptions = {}): Promise<void> {
  return migrateTo(database, undefined, options);
}

/** Runs the migrations up to `target` (by name), or all of them: tests start from older schemas. */
export async function migrateTo(
  database: Database,
  target?: string,
  { beforeChange }: MigrateOptions = {},
): Promise<void> {
  const migrator = new Migrator({
    db: database.db as unknown as Kysely<unknown>,
    provider: new InCodeMigrationProvider(database.dialect),
  });
  if (beforeChange) {
    const migrations = await migrator.getMigrations();
    const pending = migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
    if (pending.length > 0 && pending.length < migrations.length) await beforeChange(pending);
  }
  const { error, results } = await (target === undefined ? migrator.migrateToLatest() : migrator.migrateTo(target));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló: ${cause}`);
  }
  // The functions' current definitions, once the schema they use is in place.
  if (target === undefined && database.dialect === 'postgres')
    await applySqlFunctions(database.db as unknown as Kysely<unknown>);
}
