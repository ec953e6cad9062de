import { lineTaxes, type TaxTerms } from '@mostrador/shared';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// Taxes (issue 33). Products learn their IVA rate ('16', '8', '0', 'exento'), an optional IEPS
// (a rate in millionths, or a cuota per unit in millionths of a peso, never both) and their SAT
// keys (c_ClaveProdServ, c_ClaveUnidad); taxes_reviewed is 0 until someone saves the product
// after this migration, so the shop is asked to review what was assumed. Receipt lines and
// return lines keep the split of their amount at the time (base + IEPS + IVA = the amount) with
// the rates it was made with. Existing rows are taken as 16 % IVA without IEPS, the split made by
// the shared rule. Frozen once released: change the schema with a new migration.

const SNAPSHOT_DEFAULTS: TaxTerms = { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: null };
const PAGE = 1000;

export function taxesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('products')
        .addColumn('iva_rate', 'text', (c) =>
          c
            .notNull()
            .defaultTo('16')
            .check(sql`iva_rate in ('16', '8', '0', 'exento')`),
        )
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('ieps_rate_ppm', 'integer', (c) => c.check(sql`ieps_rate_ppm > 0`))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('ieps_quota_micros', 'bigint', (c) => c.check(sql`ieps_quota_micros >= 0`))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('sat_product_code', 'text', (c) => c.notNull().defaultTo('01010101'))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('sat_unit_code', 'text', (c) => c.notNull().defaultTo('H87'))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('taxes_reviewed', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`taxes_reviewed in (0, 1)`),
        )
        .execute();
      // The unit's SAT key from how the shop wrote the unit; anything else stays a piece.
      await sql`update products set sat_unit_code = case lower(trim(units))
          when 'kg' then 'KGM' when 'kilo' then 'KGM' when 'kilos' then 'KGM' when 'kilogramo' then 'KGM'
          when 'kilogramos' then 'KGM' when 'g' then 'GRM' when 'gramo' then 'GRM' when 'gramos' then 'GRM'
          when 'l' then 'LTR' when 'lt' then 'LTR' when 'litro' then 'LTR' when 'litros' then 'LTR'
          when 'm' then 'MTR' when 'metro' then 'MTR' when 'metros' then 'MTR'
          when 'caja' then 'XBX' when 'cajas' then 'XBX' when 'paquete' then 'XPK' when 'paquetes' then 'XPK'
          else 'H87' end`.execute(db);

      for (const table of ['receipt_items', 'receipt_return_items'] as const) {
        await db.schema
          .alterTable(table)
          .addColumn('iva_rate', 'text', (c) =>
            c
              .notNull()
              .defaultTo('16')
              .check(sql`iva_rate in ('16', '8', '0', 'exento')`),
          )
          .execute();
        await db.schema.alterTable(table).addColumn('ieps_rate_ppm', 'integer').execute();
        await db.schema.alterTable(table).addColumn('ieps_quota_micros', 'bigint').execute();
        for (const column of ['base_cents', 'ieps_cents', 'iva_cents']) {
          await db.schema
            .alterTable(table)
            .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
            .execute();
        }
      }
      // The SAT keys a line was sold under, for its invoice.
      await db.schema.alterTable('receipt_items').addColumn('sat_product_code', 'text').execute();
      await db.schema.alterTable('receipt_items').addColumn('sat_unit_code', 'text').execute();
      await sql`update receipt_items set
          sat_product_code = (select p.sat_product_code from products p where p.id = receipt_items.product_id),
          sat_unit_code = (select p.sat_unit_code from products p where p.id = receipt_items.product_id)`.execute(db);

      await splitExisting(db, dialect, 'receipt_items', sql`price_cents * quantity_milli`);
      await splitExisting(db, dialect, 'receipt_return_items', null);
    },
  };
}

/**
 * Splits every existing line's amount at 16 %, a page at a time. Sale lines have no amount column
 * (price × quantity, rounded as the sale did); return lines have theirs.
 */
async function splitExisting(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: 'receipt_items' | 'receipt_return_items',
  rawAmount: ReturnType<typeof sql> | null,
): Promise<void> {
  const key = table === 'receipt_items' ? sql`id` : sql`return_id * 1000000000 + item_id`;
  // price × quantity in thousandths of a centavo, rounded half away from zero as lineTotalCents.
  const amount = rawAmount ? sql`(${rawAmount} + 500) / 1000` : sql`amount_cents`;
  let after = -1;
  for (;;) {
    const { rows } = await sql<{ k: number | string; amount: number | string; milli: number | string }>`
      select ${key} as k, ${amount} as amount, quantity_milli as milli from ${sql.table(table)}
      where ${key} > ${after} order by ${key} limit ${PAGE}`.execute(db);
    if (rows.length === 0) return;
    const splits = rows.map((row) => ({
      k: Number(row.k),
      ...lineTaxes(Number(row.amount), Number(row.milli), SNAPSHOT_DEFAULTS),
    }));
    if (dialect === 'postgres') {
      const values = sql.join(splits.map((s) => sql`(${s.k}::bigint, ${s.baseCents}::bigint, ${s.ivaCents}::bigint)`));
      await sql`update ${sql.table(table)} set base_cents = v.base, iva_cents = v.iva
          from (values ${values}) as v(k, base, iva) where ${key} = v.k`.execute(db);
    } else {
      for (const s of splits) {
        await sql`update ${sql.table(table)} set base_cents = ${s.baseCents}, iva_cents = ${s.ivaCents}
            where ${key} = ${s.k}`.execute(db);
      }
    }
    after = splits[splits.length - 1]!.k;
  }
}
