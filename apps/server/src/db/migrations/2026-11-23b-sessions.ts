import { type Kysely, sql } from 'kysely';

// Sessions that the server can end (one per sign-in, the refresh-token family's id), and sign-in
// counters updated in one statement so concurrent attempts cannot all slip under the limit.
// The per-failure rows of login_failures are replaced by those counters.

export function sessionsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      // Sign-ins made before this migration keep working: their refresh-token families become sessions.
      await sql`
        insert into sessions (id, user_id, created_at)
        select family_id, user_id, min(created_at) from refresh_tokens
        where revoked_at is null
        group by family_id, user_id
      `.execute(db);

      await db.schema
        .createTable('login_throttles')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.dropTable('login_failures').execute();
    },
  };
}
