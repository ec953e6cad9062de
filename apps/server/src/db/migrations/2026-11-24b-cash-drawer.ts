import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// Cash drawer per shift. Every payment gets its method (existing ones are Efectivo) and the
// shift it was made in (stamped while the acting user has an open shift; null otherwise).
// cash_shifts: one row per opened drawer; its figures are written at the close. A partial
// unique index keeps one open shift per user on both databases. cash_movements: Entrada and
// Salida of cash during a shift. Frozen once released: change the schema with a new migration.

export function cashDrawerMigration(dialect: DialectName) {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('cash_shifts')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .addColumn('opening_float_cents', 'bigint', (c) => c.notNull().check(sql`opening_float_cents >= 0`))
        .addColumn('cash_sales_cents', 'bigint')
        .addColumn('cash_payments_cents', 'bigint')
        .addColumn('cash_refunds_cents', 'bigint')
        .addColumn('entradas_cents', 'bigint')
        .addColumn('salidas_cents', 'bigint')
        .addColumn('expected_cents', 'bigint')
        .addColumn('counted_cents', 'bigint', (c) => c.check(sql`counted_cents >= 0`))
        .addColumn('difference_cents', 'bigint')
        .addColumn('counts_json', 'text')
        .addColumn('by_method_json', 'text')
        .execute();
      await sql`create unique index cash_shifts_one_open_idx on cash_shifts (user_id) where closed_at is null`.execute(
        db,
      );
      await db.schema.createIndex('cash_shifts_opened_idx').on('cash_shifts').columns(['opened_at', 'id']).execute();
      await db.schema
        .createIndex('cash_shifts_user_opened_idx')
        .on('cash_shifts')
        .columns(['user_id', 'opened_at'])
        .execute();

      await db.schema
        .createTable('cash_movements')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('shift_id', 'integer', (c) => c.notNull().references('cash_shifts.id'))
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('Entrada', 'Salida')`))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cash_movements_shift_idx').on('cash_movements').column('shift_id').execute();

      await db.schema
        .alterTable('payments')
        .addColumn('method', 'text', (c) =>
          c
            .notNull()
            .defaultTo('Efectivo')
            .check(sql`method in ('Efectivo', 'Tarjeta', 'Transferencia')`),
        )
        .execute();
      await db.schema
        .alterTable('payments')
        .addColumn('shift_id', 'integer', (c) => c.references('cash_shifts.id'))
        .execute();
      // The warning before a second cut of a day looks the day's cuts up.
      await db.schema.createIndex('cash_count_reports_date_idx').on('cash_count_reports').column('date').execute();
      await sql`create index payments_shift_idx on payments (shift_id) where shift_id is not null`.execute(db);
    },
  };
}
