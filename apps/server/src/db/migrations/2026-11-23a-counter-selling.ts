import { productCodeKey } from '@mostrador/shared';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// Selling at the counter. Quantities and stock become integer thousandths (`*_milli`, BIGINT):
// every existing figure is multiplied by 1000 in SQL, exactly (the cast comes first so PostgreSQL
// does not overflow a 32-bit product), and the integer columns are dropped. Products gain their
// prices (centavos), wholesale minimum, barcode, own low-stock minimum, the by-weight flag and
// `cuid_key`, the normalised lower-case code that makes codes unique ignoring case.
// Frozen once released: change the schema with a new migration file.

/**
 * One integer column becomes its thousandths, with the same CHECK. Both databases test a new
 * column's CHECK against the rows already there, so a column whose CHECK its 0 default would fail
 * (a receipt line's quantity, > 0) is added empty (NULL passes a CHECK), filled, and then made
 * NOT NULL on PostgreSQL; SQLite cannot alter a column, and there the service alone writes it.
 */
async function toMilli(
  db: Kysely<unknown>,
  dialect: DialectName,
  { table, from, to, check }: { table: string; from: string; to: string; check: string | null },
) {
  const zeroPasses = check === null || check === '>= 0';
  await db.schema
    .alterTable(table)
    .addColumn(to, 'bigint', (c) => {
      const column = zeroPasses ? c.notNull().defaultTo(0) : c;
      return check ? column.check(sql.raw(`${to} ${check}`)) : column;
    })
    .execute();
  await sql`update ${sql.table(table)} set ${sql.ref(to)} = cast(${sql.ref(from)} as bigint) * 1000`.execute(db);
  if (!zeroPasses && dialect === 'postgres') {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(to)} set not null`.execute(db);
  }
  await db.schema.alterTable(table).dropColumn(from).execute();
}

export function counterSellingMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const migrate = (table: string, from: string, to: string, check: string | null) =>
        toMilli(db, dialect, { table, from, to, check });
      await migrate('products', 'stock_quantity', 'stock_milli', '>= 0');
      await migrate('receipt_items', 'quantity', 'quantity_milli', '> 0');
      await migrate('inventory_logs', 'delta', 'delta_milli', null);
      await migrate('inventory_logs', 'stock_before', 'stock_before_milli', '>= 0');
      await migrate('inventory_logs', 'stock_after', 'stock_after_milli', '>= 0');

      const add = (column: string, type: 'bigint' | 'integer' | 'text', check?: string) =>
        db.schema
          .alterTable('products')
          .addColumn(column, type, (c) => (check ? c.check(sql.raw(`${column} ${check}`)) : c))
          .execute();
      await add('price_cents', 'bigint', '> 0');
      await add('wholesale_price_cents', 'bigint', '> 0');
      await add('wholesale_min_milli', 'bigint', '> 0');
      await add('min_stock_milli', 'bigint', '>= 0');
      await add('barcode', 'text');
      await db.schema
        .alterTable('products')
        .addColumn('sells_by_weight', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`sells_by_weight in (0, 1)`),
        )
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('cuid_key', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      // The key is NFKC + lower case, which SQL cannot compute the same way on both databases.
      // Codes that were distinct only by case keep the first product's key; a later one gets its
      // id appended, so the unique index can be built and no product is lost (it keeps its code).
      const products = await sql<{ id: number; cuid: string }>`select id, cuid from products order by id`.execute(db);
      const taken = new Set<string>();
      for (const { id, cuid } of products.rows) {
        let key = productCodeKey(cuid);
        if (taken.has(key)) key = `${key}#${id}`;
        taken.add(key);
        await sql`update products set cuid_key = ${key} where id = ${id}`.execute(db);
      }
      await db.schema.createIndex('products_cuid_key_idx').unique().on('products').column('cuid_key').execute();
      await db.schema.createIndex('products_barcode_idx').unique().on('products').column('barcode').execute();
      if (dialect === 'postgres') await sql`analyze products`.execute(db);
    },
  };
}
