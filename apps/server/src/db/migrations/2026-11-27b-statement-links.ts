import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

// Shared statement links, one row each: the link names its row and is signed over it, so a link
// can be revoked one by one (revoked_at) and dies with its client's disablement. Links issued
// before this migration carried the client and the period themselves and had no row: they stop
// working (a week's validity at most was left on any of them).
export function statementLinksMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('statement_links')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => {
          const key = c.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        })
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        // The statement's period, Monterrey days YYYY-MM-DD.
        .addColumn('from_day', 'text', (c) => c.notNull())
        .addColumn('to_day', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('statement_links_client_idx')
        .on('statement_links')
        .columns(['client_id', 'expires_at'])
        .execute();
    },
  };
}
