import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// What was recorded into a day after that day already had a cut: a sale dated into it, a
// cancellation of one of its sales, a payment or a payment's cancellation. The day's next cut
// lists the unreported ones and marks them with its id, so each shows once.

export function lateSalesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('late_entries')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => {
          const key = c.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        })
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('SALE', 'CANCELLED', 'PAYMENT', 'PAYMENT_CANCELLED')`),
        )
        .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('cascade'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reported_in_cut_id', 'integer', (c) => c.references('cash_count_reports.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('late_entries_day_idx')
        .on('late_entries')
        .columns(['day', 'reported_in_cut_id'])
        .execute();
    },
  };
}
