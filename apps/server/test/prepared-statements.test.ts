import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementName } from '../src/db/prepared-statements.js';
import { createTestDatabase, type TestDatabase, testDialect } from './helpers/database.js';

describe('statementName', () => {
  it('names writes, the same text always with the same name, and leaves reads unnamed', () => {
    const insert = 'insert into "clients" ("first_name") values ($1) returning "id"';
    expect(statementName(insert)).toMatch(/^mostrador_\d+$/);
    expect(statementName(insert)).toBe(statementName(insert));
    expect(statementName('update "products" set "stock_quantity" = $1 where "id" = $2')).not.toBe(
      statementName(insert),
    );
    expect(statementName('select * from "receipts" where "date" >= $1')).toBeUndefined();
    expect(statementName('delete from "idempotency_keys" where "created_at" <= $1')).toBeUndefined();
    expect(statementName('/* prepared */ select mostrador_sell($1::jsonb)')).toMatch(/^mostrador_\d+$/);
  });
});

// Named prepared statements are PostgreSQL's; SQLite has no such catalogue to look at.
describe.runIf(testDialect === 'postgres')('prepared writes on PostgreSQL', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  it('runs an INSERT as a prepared statement of its connection, and only once prepared', async () => {
    const prepared = await testDb.database.db.transaction().execute(async (trx) => {
      for (const name of ['Ana', 'Beto']) {
        await trx
          .insertInto('clients')
          .values({
            firstName: name,
            lastName: null,
            phone: null,
            email: null,
            address: null,
            createdAt: 1,
            updatedAt: 1,
          })
          .execute();
      }
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      return rows.map((row) => row.statement);
    });
    expect(prepared.filter((statement) => statement.startsWith('insert into "clients"'))).toHaveLength(1);
    expect(prepared.some((statement) => statement.startsWith('select'))).toBe(false);
  });
});
