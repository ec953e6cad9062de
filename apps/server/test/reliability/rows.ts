import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema.js';

/** Row count of every table of the schema (found by introspection, so new tables count too). */
export async function countRows(db: Kysely<DB>): Promise<Record<string, number>> {
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db);
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}
