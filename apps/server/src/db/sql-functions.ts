import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';

// PostgreSQL functions, one current definition each, in db/sql/<name>.sql (a `create or replace
// function`). A migration says when a function appears or goes away; its body lives only in its
// file, applied after the migrations whenever the file changed (its SHA-256 is kept in
// sql_functions, created by migration 2026-11-27a-sql-functions). So there is never a frozen copy
// per migration: git's history of the file is the function's history.
// The bundled server reads the files next to it (build.mjs copies db/sql/ to dist/sql/).

/** Every function file, applied in this order (a later one may call an earlier one). */
export const SQL_FUNCTIONS = ['mostrador_sell_set', 'mostrador_sell_batch'] as const;

/** The file's text: beside this module in the sources, or beside the bundle (dist/sql/). */
export function sqlFunctionText(name: (typeof SQL_FUNCTIONS)[number]): string {
  const here = new URL('.', import.meta.url);
  for (const dir of ['sql/', '../src/db/sql/']) {
    try {
      return readFileSync(new URL(`${dir}${name}.sql`, here), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`No se encontró la función SQL ${name}.sql junto al servidor.`);
}

/**
 * Applies every function whose file changed since it was last applied, in one transaction; two
 * processes starting together take turns on an advisory lock, the second finding nothing to do.
 */
export async function applySqlFunctions(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('mostrador_sql_functions'))`.execute(trx);
    const { rows } = await sql<{ name: string; checksum: string }>`select name, checksum from sql_functions`.execute(
      trx,
    );
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    for (const name of SQL_FUNCTIONS) {
      const text = sqlFunctionText(name);
      const checksum = createHash('sha256').update(text).digest('hex');
      if (applied.get(name) === checksum) continue;
      await sql.raw(text).execute(trx);
      await sql`insert into sql_functions (name, checksum) values (${name}, ${checksum})
        on conflict (name) do update set checksum = excluded.checksum`.execute(trx);
    }
  });
}
