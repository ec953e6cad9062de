import type { Kysely } from 'kysely';

// The dashboard adds up a month of receipts at every visit (sales per day and per seller, and
// the products sold). Two covering indexes let both databases answer from the index alone:
// receipts by date with what the sums read, and a receipt's items with what they sold.
export const dashboardMigration = {
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
  },
};
