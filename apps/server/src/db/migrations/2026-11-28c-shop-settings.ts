import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// The shop's settings ('Configuración'): one row (id 1), made here so every read finds it. A
// column left null was never saved and falls back to the environment's first-start default
// (modules/settings). Money in centavos, flags 0/1, the logo's bytes with their type. `version`
// goes up with each save, so a process keeps the newest of two saves it saw. Frozen once
// released: change the schema with a new migration.
export function shopSettingsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('shop_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('business_name', 'text')
        .addColumn('address', 'text')
        .addColumn('phone', 'text')
        .addColumn('rfc', 'text')
        .addColumn('ticket_footer', 'text')
        .addColumn('public_url', 'text')
        .addColumn('cash_requires_shift', 'integer', (c) => c.check(sql`cash_requires_shift in (0, 1)`))
        .addColumn('blind_count', 'integer', (c) => c.check(sql`blind_count in (0, 1)`))
        .addColumn('seller_return_limit_cents', 'bigint', (c) => c.check(sql`seller_return_limit_cents >= 0`))
        .addColumn('open_price_floor_cents', 'bigint', (c) => c.check(sql`open_price_floor_cents >= 0`))
        .addColumn('logo', dialect === 'postgres' ? 'bytea' : 'blob')
        .addColumn('logo_type', 'text', (c) => c.check(sql`logo_type in ('image/png', 'image/jpeg')`))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint')
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db
        .insertInto('shop_settings' as never)
        .values({ id: 1 } as never)
        .execute();
    },
  };
}
