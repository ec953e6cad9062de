import type { Kysely } from 'kysely';

// A client's fiscal data (issue 33), for the invoices to come: the RFC (normalised, check digit
// verified by the API), the razón social as the SAT registers it, the régimen fiscal
// (c_RegimenFiscal), the domicilio fiscal's postal code, the uso de CFDI (null: G03) and the
// address invoices go to. All optional: a client without them is invoiced as the general public.
// Existing clients get nulls. Frozen once released: change the schema with a new migration.
export function clientFiscalMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of ['rfc', 'legal_name', 'tax_regime', 'tax_zip_code', 'cfdi_use', 'invoice_email']) {
        await db.schema.alterTable('clients').addColumn(column, 'text').execute();
      }
    },
  };
}
