import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// Invoices (CFDI 4.0, issue 34; docs/decisions/093-invoices.md). An invoice is written 'pending'
// with its sealed XML, in the same transaction that takes its folio from business_fiscal, before
// the PAC is called: a folio is taken once and never reused, and the XML sent again on a retry is
// byte for byte the first. `stamped_xml` is the CFDI exactly as the PAC returned it.
// invoice_receipts ties receipts to an invoice (one of receipts or a factura global); a partial
// unique index lets a receipt be in one active invoice only (released_at null), whatever the
// number of clicks, tabs or processes. Refusing or cancelling an invoice releases its receipts.
// Amounts in centavos, instants in epoch ms. Frozen once released: change it with a new migration.
export function invoicesMigration(dialect: DialectName) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('business_fiscal')
        .addColumn('global_periodicity', 'text', (c) => c.notNull().defaultTo('01'))
        .execute();
      await db.schema
        .createTable('invoices')
        .addColumn('id', id, (c) => {
          const key = c.primaryKey();
          return dialect === 'sqlite' ? key.autoIncrement() : key;
        })
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('receipts', 'global', 'payment', 'credit')`))
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('folio', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'stamped', 'refused', 'cancelling', 'cancelled')`),
        )
        .addColumn('uuid', 'text', (c) => c.unique())
        .addColumn('issued_at', 'bigint', (c) => c.notNull())
        .addColumn('stamped_at', 'bigint')
        .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
        .addColumn('receiver_rfc', 'text', (c) => c.notNull())
        .addColumn('receiver_name', 'text', (c) => c.notNull())
        .addColumn('receiver_regime', 'text', (c) => c.notNull())
        .addColumn('receiver_zip', 'text', (c) => c.notNull())
        .addColumn('cfdi_use', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('payment_form', 'text', (c) => c.notNull())
        .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
        .addColumn('ieps_cents', 'bigint', (c) => c.notNull())
        .addColumn('iva_cents', 'bigint', (c) => c.notNull())
        .addColumn('total_cents', 'bigint', (c) => c.notNull())
        .addColumn('sealed_xml', 'text', (c) => c.notNull())
        .addColumn('stamped_xml', 'text')
        .addColumn('sat_certificate_number', 'text')
        .addColumn('pac_message', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('global_periodicity', 'text')
        .addColumn('global_from', 'text')
        .addColumn('global_to', 'text')
        .addColumn('cancel_motive', 'text')
        .addColumn('replacement_uuid', 'text')
        .addColumn('cancel_requested_at', 'bigint')
        .addColumn('cancelled_at', 'bigint')
        .addColumn('cancel_acuse', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('invoices_series_folio_key', ['series', 'folio'])
        .execute();
      await db.schema.createIndex('invoices_issued_idx').on('invoices').columns(['issued_at']).execute();
      // The background retry looks only at these.
      await db.schema
        .createIndex('invoices_pending_idx')
        .on('invoices')
        .columns(['next_attempt_at'])
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await db.schema
        .createTable('invoice_receipts')
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
        .addColumn('released_at', 'bigint')
        .addPrimaryKeyConstraint('invoice_receipts_pkey', ['invoice_id', 'receipt_id'])
        .execute();
      // The rule itself: a receipt is in at most one invoice not refused nor cancelled.
      await db.schema
        .createIndex('invoice_receipts_active_key')
        .on('invoice_receipts')
        .column('receipt_id')
        .unique()
        .where(sql.ref('released_at'), 'is', null)
        .execute();
    },
  };
}
