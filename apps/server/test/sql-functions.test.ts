import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { SQL_FUNCTIONS, sqlFunctionText } from '../src/db/sql-functions.js';
import { createTestDatabase, type TestDatabase, testDialect } from './helpers/database.js';

// The sale's PostgreSQL functions have one definition each, db/sql/<name>.sql, applied after the
// migrations whenever the file changed; the migrations that once held copies of them do nothing.
describe.runIf(testDialect === 'postgres')('PostgreSQL functions from db/sql/', () => {
  let testDb: TestDatabase | undefined;
  afterEach(async () => {
    await testDb?.drop();
    testDb = undefined;
  });

  const definitionOf = async (name: string) =>
    (
      await sql<{ body: string | null }>`select max(prosrc) as body from pg_proc where proname = ${name}`.execute(
        testDb!.database.db,
      )
    ).rows[0]!.body;

  it('a new database has exactly the files’ definitions, and their checksums', async () => {
    testDb = await createTestDatabase();
    for (const name of SQL_FUNCTIONS) {
      expect(sqlFunctionText(name)).toContain((await definitionOf(name))!.trim().slice(0, 200));
    }
    const { rows } = await sql<{ name: string }>`select name from sql_functions order by name`.execute(
      testDb.database.db,
    );
    expect(rows.map((row) => row.name)).toEqual([...SQL_FUNCTIONS].sort());
    expect(await definitionOf('mostrador_sell')).toBeNull();
  });

  it('an older database gets the current definitions, and loses mostrador_sell', async () => {
    testDb = await createTestDatabase({ migratedTo: '2026-11-25d-pg-sale-set' });
    const db = testDb.database.db;
    // What the old migrations left: their own copies of the functions.
    await sql`create function mostrador_sell(p jsonb) returns void language sql as 'select 1'`.execute(db);
    await sql`create function mostrador_sell_batch(p jsonb) returns jsonb language sql as 'select null::jsonb'`.execute(
      db,
    );
    await migrateToLatest(testDb.database);
    expect(await definitionOf('mostrador_sell')).toBeNull();
    expect(await definitionOf('mostrador_sell_batch')).toContain('perform mostrador_sell_set(p)');
  });

  it('a definition whose file changed is applied again at the next start; an unchanged one is left alone', async () => {
    testDb = await createTestDatabase();
    const db = testDb.database.db;
    // As if mostrador_sell_set's file had changed since it was applied (another checksum), and as
    // if mostrador_sell_batch had been altered by hand (same checksum: not applied again).
    await sql`update sql_functions set checksum = 'antes' where name = 'mostrador_sell_set'`.execute(db);
    await sql`create or replace function mostrador_sell_set(p jsonb) returns void language sql as 'select 1'`.execute(
      db,
    );
    await sql`create or replace function mostrador_sell_batch(p jsonb) returns jsonb language sql as 'select null::jsonb'`.execute(
      db,
    );
    await migrateTo(testDb.database);
    expect(await definitionOf('mostrador_sell_set')).toContain('mostrador:key-taken');
    expect(await definitionOf('mostrador_sell_batch')).toBe('select null::jsonb');
  });
});
