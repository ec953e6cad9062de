import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// The dashboard adds up a month of receipts at every visit (sales per day and per seller, and
// the products sold). Two covering indexes let both databases answer from the index alone:
// receipts by date with what the sums read, and a receipt's items with what they sold. The items'
// new index starts with receipt_id, so it replaces receipt_items_receipt_idx (one index less to
// keep up on every sale, and the planners cannot pick the narrow one and read every item row).
// A SQLite database that keeps planner statistics (sqlite_stat1) gets them for the new indexes
// too; without them its planner would prefer the older, analysed receipts_date_idx.
export function dashboardMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('receipts_date_totals_idx')
        .on('receipts')
        .columns(['date', 'state', 'payment_mode', 'user_id', 'total_cents', 'id'])
        .execute();
      await db.schema
        .createIndex('receipt_items_receipt_sold_idx')
        .on('receipt_items')
        .columns(['receipt_id', 'product_id', 'quantity_milli', 'price_cents'])
        .execute();
      await db.schema.dropIndex('receipt_items_receipt_idx').execute();
      if (dialect === 'sqlite') {
        const { rows } = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
        if (rows.length > 0) {
          await sql`analyze receipts_date_totals_idx`.execute(db);
          await sql`analyze receipt_items_receipt_sold_idx`.execute(db);
        }
      }
    },
  };
}
