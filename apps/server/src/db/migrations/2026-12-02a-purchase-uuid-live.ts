import { type Kysely, sql } from 'kysely';

// A supplier's CFDI holds one purchase at a time, not one for ever: a purchase entered wrong
// (a line mapped to the wrong product, the wrong quantity) is cancelled and the same XML read
// again. The UUID stays unique among the purchases that stand; a cancelled one keeps its UUID
// for the record. A partial unique index, which SQLite and PostgreSQL both have.
export function purchaseUuidLiveMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('purchases_cfdi_uuid_key').execute();
      await db.schema
        .createIndex('purchases_cfdi_uuid_key')
        .on('purchases')
        .column('cfdi_uuid')
        .unique()
        .where(sql.ref('cancelled_at'), 'is', null)
        .execute();
    },
  };
}
