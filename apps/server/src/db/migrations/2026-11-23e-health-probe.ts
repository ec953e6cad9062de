import { type Kysely, sql } from 'kysely';

// One row that /api/health rewrites: the honest test that the database still takes writes
// (a full disk, a read-only file or a stuck lock fail it), without touching business data.
export function healthProbeMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('health_probe')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into health_probe (id, checked_at) values (1, 0)`.execute(db);
    },
  };
}
