import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.js';

// Purchases, suppliers and costs (issue 37; docs/decisions/099-purchases-and-costs.md).
// - suppliers: who the shop buys from; rfc unique where given (a CFDI's Emisor finds them again).
// - purchases: one delivery (compra): its supplier, date, folio, the CFDI's UUID when it came
//   from one (unique: the same XML twice is refused), paid contado or crédito, and the drawer's
//   Salida when it was paid from the drawer. Cancelled ones keep their rows (cancelled_at).
// - purchase_items: its lines, with the supplier's own code when known.
// - supplier_product_codes: the shop's mapping of a supplier's code to a product, remembered for
//   the next XML.
// - products: the weighted average cost and the last cost (millionths of a peso, so an average
//   stays exact to the centavo through many purchases), a category (for the profit report) and
//   the last supplier (for the lista de compras).
// - receipt_items.unit_cost_micros: the product's average cost when the line was sold, so past
//   profit never changes; null when the cost was unknown ('sin costo').
// - inventory_logs.purchase_id: the ADD (and its cancelling REMOVE) names the purchase.
// Frozen once released: change it with a new migration.
export function purchasesMigration(dialect: DialectName) {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const primaryId = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('suppliers')
        .addColumn('id', id, primaryId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('rfc', 'text')
        .addColumn('phone', 'text')
        .addColumn('contact', 'text')
        .addColumn('notes', 'text')
        .addColumn('is_enabled', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`is_enabled in (0, 1)`),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('suppliers_rfc_key').on('suppliers').column('rfc').unique().execute();

      await db.schema
        .createTable('purchases')
        .addColumn('id', id, primaryId)
        .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id'))
        // The delivery's instant (the form's Monterrey date, or the CFDI's Fecha).
        .addColumn('date', 'bigint', (c) => c.notNull())
        .addColumn('invoice_folio', 'text')
        .addColumn('cfdi_uuid', 'text')
        .addColumn('paid', 'text', (c) => c.notNull().check(sql`paid in ('contado', 'crédito')`))
        .addColumn('note', 'text')
        .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        // The drawer's Salida that paid it (a contado purchase paid from the drawer).
        .addColumn('cash_movement_id', 'integer', (c) => c.references('cash_movements.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('cancelled_at', 'bigint')
        .addColumn('cancelled_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await db.schema.createIndex('purchases_cfdi_uuid_key').on('purchases').column('cfdi_uuid').unique().execute();
      await db.schema.createIndex('purchases_date_idx').on('purchases').columns(['date', 'id']).execute();
      await db.schema.createIndex('purchases_supplier_idx').on('purchases').columns(['supplier_id', 'date']).execute();

      await db.schema
        .createTable('purchase_items')
        .addColumn('id', id, primaryId)
        .addColumn('purchase_id', 'integer', (c) => c.notNull().references('purchases.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('units', 'text', (c) => c.notNull())
        .addColumn('quantity_milli', 'bigint', (c) => c.notNull().check(sql`quantity_milli > 0`))
        .addColumn('unit_cost_micros', 'bigint', (c) => c.notNull().check(sql`unit_cost_micros >= 0`))
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
        .addColumn('supplier_code', 'text')
        .execute();
      await db.schema.createIndex('purchase_items_purchase_idx').on('purchase_items').column('purchase_id').execute();
      await db.schema.createIndex('purchase_items_product_idx').on('purchase_items').column('product_id').execute();

      await db.schema
        .createTable('supplier_product_codes')
        .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
        // productCodeKey(the supplier's NoIdentificacion).
        .addColumn('code_key', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('supplier_product_codes_pk', ['supplier_id', 'code_key'])
        .execute();

      await db.schema
        .alterTable('products')
        .addColumn('average_cost_micros', 'bigint', (c) => c.check(sql`average_cost_micros >= 0`))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('last_cost_micros', 'bigint', (c) => c.check(sql`last_cost_micros >= 0`))
        .execute();
      await db.schema.alterTable('products').addColumn('category', 'text').execute();
      await db.schema
        .alterTable('products')
        .addColumn('last_supplier_id', 'integer', (c) => c.references('suppliers.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('receipt_items').addColumn('unit_cost_micros', 'bigint').execute();
      await db.schema
        .alterTable('inventory_logs')
        .addColumn('purchase_id', 'integer', (c) => c.references('purchases.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('inventory_logs_purchase_idx').on('inventory_logs').column('purchase_id').execute();
    },
  };
}
