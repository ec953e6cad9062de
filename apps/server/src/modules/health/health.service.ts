import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';

export function createHealthService({ db, dialect }: { db: Kysely<DB>; dialect: DialectName }) {
  return {
    /** Throws when the database does not answer. */
    async check(): Promise<{ ok: true; database: DialectName }> {
      await sql`select 1`.execute(db);
      return { ok: true, database: dialect };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
