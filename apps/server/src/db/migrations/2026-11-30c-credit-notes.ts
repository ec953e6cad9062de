import { type Kysely, sql } from 'kysely';

// Notas de crédito (CFDI de egreso, issue 35; docs/decisions/098-notas-de-credito.md). They are
// rows of `invoices` (kind 'credit') with their own series and gap-free folio, taken from
// business_fiscal like the invoices' own. credit_notes ties each one to the invoice it relates
// (CfdiRelacionado, TipoRelacion 01) and to what caused it: a return (return_id) or the
// cancellation of a receipt (receipt_id, return_id null). A unique return_id, and a unique
// receipt_id among cancellations, make issuing it again (a retry, a replayed request) a no-op.
// Frozen once released: change it with a new migration.
export function creditNotesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('business_fiscal')
        .addColumn('credit_series', 'text', (c) => c.notNull().defaultTo('NC'))
        .execute();
      await db.schema
        .alterTable('business_fiscal')
        .addColumn('credit_next_folio', 'bigint', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('credit_notes')
        .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('invoices.id').onDelete('cascade'))
        .addColumn('related_invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
        .addColumn('return_id', 'integer', (c) => c.references('receipt_returns.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('credit_notes_return_key').on('credit_notes').column('return_id').unique().execute();
      await db.schema
        .createIndex('credit_notes_cancel_key')
        .on('credit_notes')
        .column('receipt_id')
        .unique()
        .where(sql.ref('return_id'), 'is', null)
        .execute();
      await db.schema.createIndex('credit_notes_related_idx').on('credit_notes').column('related_invoice_id').execute();
    },
  };
}
