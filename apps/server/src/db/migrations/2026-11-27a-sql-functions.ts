import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// PostgreSQL only: the sale's functions now live one definition each in db/sql/*.sql, applied
// after the migrations when their file changes (db/sql-functions.ts), and sql_functions records
// what was applied. mostrador_sell (one sale at a time) is gone: mostrador_sell_batch runs a
// refused batch's sales one by one through mostrador_sell_set, with one sale each.
export function sqlFunctionsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`create table sql_functions (name text primary key, checksum text not null)`.execute(db);
      await sql`drop function if exists mostrador_sell(jsonb)`.execute(db);
    },
  };
}
