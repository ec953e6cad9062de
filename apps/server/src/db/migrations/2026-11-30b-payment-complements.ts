import { sql, type Kysely } from 'kysely';

// Complementos de pago (CFDI tipo P, Pagos 2.0; issue 35 part 1, decision 097). A complemento is
// an `invoices` row of kind 'payment' with its own series and gap-free folio (business_fiscal's
// payment_series and payment_next_folio), written 'pending' with its sealed XML before the PAC is
// called, like any invoice. payment_complement_payments ties it to the payments (abono) it
// states; a partial unique index lets a payment be in one live complemento only (released_at
// null), whatever the number of processes. payment_complement_documents keeps, per related
// invoice, what its DoctoRelacionado says (NumParcialidad and the saldos, in centavos): the next
// parcialidad reads them. Cancelling a complemento releases its payments and documents.
// business_fiscal.payment_complements: 'payment' (one per abono, the default) or 'monthly'.
// Frozen once released: change it with a new migration.
export function paymentComplementsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('business_fiscal')
        .addColumn('payment_series', 'text', (c) => c.notNull().defaultTo('P'))
        .execute();
      await db.schema
        .alterTable('business_fiscal')
        .addColumn('payment_next_folio', 'bigint', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('business_fiscal')
        .addColumn('payment_complements', 'text', (c) =>
          c
            .notNull()
            .defaultTo('payment')
            .check(sql`payment_complements in ('payment', 'monthly')`),
        )
        .execute();
      await db.schema
        .createTable('payment_complement_payments')
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
        .addColumn('released_at', 'bigint')
        .addPrimaryKeyConstraint('payment_complement_payments_pkey', ['invoice_id', 'payment_id'])
        .execute();
      await db.schema
        .createIndex('payment_complement_payments_active_key')
        .on('payment_complement_payments')
        .column('payment_id')
        .unique()
        .where(sql.ref('released_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('payment_complement_documents')
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('related_invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('installment', 'integer', (c) => c.notNull())
        .addColumn('previous_balance_cents', 'bigint', (c) => c.notNull())
        .addColumn('paid_cents', 'bigint', (c) => c.notNull())
        .addColumn('remaining_cents', 'bigint', (c) => c.notNull())
        .addColumn('released_at', 'bigint')
        .addPrimaryKeyConstraint('payment_complement_documents_pkey', ['invoice_id', 'related_invoice_id'])
        .execute();
      await db.schema
        .createIndex('payment_complement_documents_related_idx')
        .on('payment_complement_documents')
        .column('related_invoice_id')
        .execute();
    },
  };
}
