import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

// A supervisor at the till: a Manager's or Admin's short PIN (hashed like a password, null while
// unset), and one row per authorisation a supervisor gave on a cashier's request (a sale over
// the credit limit or below the product's price, a cancellation, a return). The sale's own
// receipts.over_limit_authorized_by stays: it is who let the sale over the limit, and its
// OVER_LIMIT row here says the same with the cashier beside it.
export function supervisorsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('pin_hash', 'text').execute();
      await db.schema
        .createTable('receipt_authorizations')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => {
          const key = c.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        })
        .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
        // OVER_LIMIT, BELOW_PRICE, CANCEL or RETURN.
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('authorized_by', 'integer', (c) => c.notNull().references('users.id'))
        // The cashier whose request it let through.
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('receipt_authorizations_receipt_idx')
        .on('receipt_authorizations')
        .column('receipt_id')
        .execute();
    },
  };
}
