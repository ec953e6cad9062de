import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// Returns (devoluciones) by line. receipt_returns: one row per return of a receipt (who, how the
// money went back, why, its worth and the refund, the refund's payment when money moved, the
// supervisor who authorised it); receipt_return_items: the quantity of each line it took back and
// what that was worth. receipts.returned_cents: Σ of the receipt's returns, kept with them in the
// same transaction, so every balance read from total_cents (a client's saldo, the credit limit of
// a sale, the dashboard) subtracts it without reading the returns. late_entries learns the kind
// RETURN (a return made after its day's cut): a new CHECK, which SQLite only takes by rebuilding
// the table. Frozen once released.
export function returnsMigration(dialect: DialectName) {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('receipts')
        .addColumn('returned_cents', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`returned_cents >= 0`),
        )
        .execute();
      await db.schema
        .createTable('receipt_returns')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('Efectivo', 'Tarjeta', 'Transferencia')`))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
        .addColumn('refund_cents', 'integer', (c) => c.notNull().check(sql`refund_cents >= 0`))
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
        .addColumn('authorized_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('receipt_returns_receipt_idx')
        .on('receipt_returns')
        .columns(['receipt_id', 'id'])
        .execute();
      // The day's cut lists the returns made that day.
      await db.schema
        .createIndex('receipt_returns_created_idx')
        .on('receipt_returns')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createTable('receipt_return_items')
        .addColumn('return_id', 'integer', (c) => c.notNull().references('receipt_returns.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('receipt_items.id').onDelete('cascade'))
        .addColumn('quantity_milli', 'bigint', (c) => c.notNull().check(sql`quantity_milli > 0`))
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
        .addPrimaryKeyConstraint('receipt_return_items_pk', ['return_id', 'item_id'])
        .execute();
      await db.schema
        .createIndex('receipt_return_items_item_idx')
        .on('receipt_return_items')
        .column('item_id')
        .execute();
      await allowReturnLateEntries(db, dialect);
    },
  };
}

const LATE_KINDS = sql`kind in ('SALE', 'CANCELLED', 'PAYMENT', 'PAYMENT_CANCELLED', 'RETURN')`;

async function allowReturnLateEntries(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table late_entries drop constraint late_entries_kind_check`.execute(db);
    await sql`alter table late_entries add constraint late_entries_kind_check check (${LATE_KINDS})`.execute(db);
    return;
  }
  // The same table as 2026-11-24a-late-sales made it, with the new CHECK; nothing references it.
  await sql`create table late_entries_next (
    id integer primary key autoincrement,
    day text not null,
    kind text not null check (${LATE_KINDS}),
    receipt_id integer not null references receipts (id) on delete cascade,
    payment_id integer references payments (id) on delete cascade,
    amount_cents bigint not null,
    user_id integer references users (id) on delete set null,
    created_at bigint not null,
    reported_in_cut_id integer references cash_count_reports (id) on delete set null
  )`.execute(db);
  await sql`insert into late_entries_next
    select id, day, kind, receipt_id, payment_id, amount_cents, user_id, created_at, reported_in_cut_id
    from late_entries`.execute(db);
  await sql`drop table late_entries`.execute(db);
  await sql`alter table late_entries_next rename to late_entries`.execute(db);
  await db.schema
    .createIndex('late_entries_day_idx')
    .on('late_entries')
    .columns(['day', 'reported_in_cut_id'])
    .execute();
}
