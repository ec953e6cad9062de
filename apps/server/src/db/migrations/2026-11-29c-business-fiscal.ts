import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// The shop's fiscal identity (issue 33): one row (id 1), made here so every read finds it. The
// fields stay null until an Admin saves them; series and next folio start at 'A' and 1. The CSD
// (certificado de sello digital) is kept as its certificate (DER, public data) with what was read
// from it, and `csd_key_sealed`: its private key (PKCS#8, still encrypted by its own password)
// and that password, sealed with AES-256-GCM under a master key that is not in the database
// (FISCAL_KEY or DATA_DIR/fiscal.key; modules/fiscal). Dates in epoch ms. Frozen once released:
// change the schema with a new migration.
export function businessFiscalMigration(dialect: DialectName) {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('business_fiscal')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('rfc', 'text')
        .addColumn('legal_name', 'text')
        .addColumn('tax_regime', 'text')
        .addColumn('zip_code', 'text')
        .addColumn('series', 'text', (c) => c.notNull().defaultTo('A'))
        .addColumn('next_folio', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`next_folio >= 1`),
        )
        .addColumn('csd_certificate', bytes)
        .addColumn('csd_certificate_number', 'text')
        .addColumn('csd_rfc', 'text')
        .addColumn('csd_valid_from', 'bigint')
        .addColumn('csd_valid_to', 'bigint')
        .addColumn('csd_key_sealed', bytes)
        .addColumn('updated_at', 'bigint')
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db
        .insertInto('business_fiscal' as never)
        .values({ id: 1 } as never)
        .execute();
    },
  };
}
