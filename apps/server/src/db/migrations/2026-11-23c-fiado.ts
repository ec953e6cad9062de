import { type Kysely, sql } from 'kysely';

// Fiado: a client's credit terms, and who authorised a credit sale over the client's limit.
export const fiadoMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('clients')
      .addColumn('credit_limit_cents', 'integer', (c) => c.check(sql`credit_limit_cents >= 0`))
      .execute();
    await db.schema
      .alterTable('clients')
      .addColumn('credit_days', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(30)
          .check(sql`credit_days >= 0`),
      )
      .execute();
    await db.schema
      .alterTable('receipts')
      .addColumn('over_limit_authorized_by', 'integer', (c) => c.references('users.id'))
      .execute();
    // The account statement and the receivables read a client's credit receipts.
    await db.schema
      .createIndex('receipts_client_state_idx')
      .on('receipts')
      .columns(['client_id', 'state', 'date'])
      .execute();
  },
};
