import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// PostgreSQL only: the fence between the day's cut and the writes it must not miss (late-entries
// module). cut_fence holds no rows: it is only ever locked. Every writer of a late-relevant row (a
// sale, a cancellation, a payment, a payment's cancellation) takes it in ROW EXCLUSIVE mode first
// (writers never wait on each other); the cut takes it in SHARE mode before its snapshot, so the
// snapshot is taken once every writer in flight committed, and a writer that comes later sees the
// cut and records its late entry. (This migration also redefined mostrador_sell_batch; its current
// definition is db/sql/mostrador_sell_batch.sql.)
export function cutFenceMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await sql`create table cut_fence ()`.execute(db);
    },
  };
}
