import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// The whole first schema. Frozen: change the schema with a new migration file.
// Instants are BIGINT epoch milliseconds, money INTEGER centavos, flags 0/1 INTEGER.

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export function initialMigration(dialect: DialectName) {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = (name: string) =>
        db.schema.createTable(name).addColumn('id', id, (c) => {
          const key = c.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        });

      await table('users')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('role', 'text', (c) => c.notNull().check(inList('role', ['Admin', 'Manager', 'Seller'])))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('is_enabled', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`is_enabled in (0, 1)`),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('refresh_tokens')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('rotated_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
      await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

      await table('login_failures')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_key_idx')
        .on('login_failures')
        .columns(['key', 'created_at'])
        .execute();
      await db.schema.createIndex('login_failures_created_idx').on('login_failures').column('created_at').execute();

      await table('products')
        .addColumn('cuid', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('units', 'text', (c) => c.notNull())
        .addColumn('stock_quantity', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`stock_quantity >= 0`),
        )
        .addColumn('image_path', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('clients')
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text')
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('address', 'text')
        .addColumn('is_enabled', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`is_enabled in (0, 1)`),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await table('receipts')
        .addColumn('state', 'text', (c) => c.notNull().check(inList('state', ['Pending', 'Paid', 'Cancelled'])))
        .addColumn('payment_mode', 'text', (c) => c.notNull().check(inList('payment_mode', ['Cash', 'Credit'])))
        .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('date', 'bigint', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // Newest-first keyset paging over a day, by state (pending), by client.
      await db.schema.createIndex('receipts_date_idx').on('receipts').columns(['date', 'id']).execute();
      await db.schema.createIndex('receipts_state_date_idx').on('receipts').columns(['state', 'date', 'id']).execute();
      await db.schema.createIndex('receipts_client_date_idx').on('receipts').columns(['client_id', 'date']).execute();

      await table('receipt_items')
        .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('units', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
        .execute();
      await db.schema.createIndex('receipt_items_receipt_idx').on('receipt_items').column('receipt_id').execute();
      await db.schema.createIndex('receipt_items_product_idx').on('receipt_items').column('product_id').execute();

      await table('payments')
        .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('reason', 'text', (c) => c.notNull().check(inList('reason', ['ADD', 'REMOVE'])))
        .addColumn('is_enabled', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`is_enabled in (0, 1)`),
        )
        .addColumn('note', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('cancelled_at', 'bigint')
        .addColumn('cancelled_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await db.schema.createIndex('payments_receipt_idx').on('payments').column('receipt_id').execute();
      await db.schema.createIndex('payments_created_idx').on('payments').column('created_at').execute();

      await table('inventory_logs')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('receipt_id', 'integer', (c) => c.references('receipts.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('reason', 'text', (c) =>
          c.notNull().check(inList('reason', ['SALE', 'ADD', 'RETURN', 'REMOVE', 'MERMA', 'ADJUSTMENT'])),
        )
        .addColumn('delta', 'integer', (c) => c.notNull())
        .addColumn('stock_before', 'integer', (c) => c.notNull().check(sql`stock_before >= 0`))
        .addColumn('stock_after', 'integer', (c) => c.notNull().check(sql`stock_after >= 0`))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('inventory_logs_created_idx')
        .on('inventory_logs')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('inventory_logs_product_idx')
        .on('inventory_logs')
        .columns(['product_id', 'created_at'])
        .execute();
      await db.schema.createIndex('inventory_logs_receipt_idx').on('inventory_logs').column('receipt_id').execute();

      await table('cash_count_reports')
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cash_count_reports_created_idx')
        .on('cash_count_reports')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('response_body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
    },
  };
}
