import type { Kysely } from 'kysely';

// What the client handed over for a cash sale paid in Efectivo, when the counter says so: the
// ticket prints it ('Recibido') and the change ('Cambio'). The payment's amount stays the sale's
// total (change given is not income); this is a note of the handing over, nothing adds it up.
export function cashReceivedMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('payments').addColumn('received_cents', 'bigint').execute();
    },
  };
}
