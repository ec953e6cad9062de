import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// Profit on the dashboard (issue 37; docs/decisions/102-profit.md). The dashboard reads a month of
// receipt items at every visit through receipt_items_receipt_sold_idx alone (2026-11-24c). Since
// then it also reads each line's id (to subtract its returns) and its tax split (the range's
// taxes), which that index lacks: on 1,000,000 receipts PostgreSQL read all 3 M items twice per
// visit (a parallel sequential scan, ≈ 0.8 s each). Profit adds the base and the unit cost. The
// items' covering index gains them (the id and taxes on PostgreSQL only, below), so the dashboard's
// reads of the items are index-only again, and replaces the older one (one index to keep up on
// every sale, as before). SQLite gets statistics for it where it keeps
// them, as 2026-11-24c does, so its planner does not prefer an analysed narrower index.
/** What the month's sales, top products and profit read of each item. */
const PROFIT_COLUMNS = ['receipt_id', 'product_id', 'quantity_milli', 'price_cents', 'base_cents', 'unit_cost_micros'];
/**
 * PostgreSQL also gets the id (the returns' join) and the tax split (the range's taxes): without
 * them it read every item of the table for those two queries. SQLite reads those few columns of a
 * month's rows by rowid quickly, and a wider index made its other reads slower (docs/benchmarks.md).
 */
const PG_READS = ['id', 'iva_rate', 'ieps_rate_ppm', 'ieps_quota_micros', 'ieps_cents', 'iva_cents'];

export function profitMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('receipt_items_profit_idx')
        .on('receipt_items')
        .columns(dialect === 'postgres' ? [...PROFIT_COLUMNS, ...PG_READS] : [...PROFIT_COLUMNS])
        .execute();
      await db.schema.dropIndex('receipt_items_receipt_sold_idx').execute();
      if (dialect === 'sqlite') {
        const { rows } = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
        if (rows.length > 0) await sql`analyze receipt_items_profit_idx`.execute(db);
      }
    },
  };
}
