import type { Executor } from '../../db/connection.js';
import type { Updateable } from 'kysely';
import type { BusinessFiscalRow, BusinessFiscalTable } from '../../db/schema.js';

/** The one row of business_fiscal (made by its migration). */
export function findBusinessFiscal(db: Executor): Promise<BusinessFiscalRow | undefined> {
  return db.selectFrom('businessFiscal').selectAll().where('id', '=', 1).executeTakeFirst();
}

export type BusinessFiscalChanges = Omit<Updateable<BusinessFiscalTable>, 'id' | 'updatedAt' | 'updatedBy'>;

/** Writes the changes with who and when; answers the row as it now is. */
export function updateBusinessFiscal(
  trx: Executor,
  changes: BusinessFiscalChanges,
  at: number,
  by: number,
): Promise<BusinessFiscalRow> {
  return trx
    .updateTable('businessFiscal')
    .set({ ...changes, updatedAt: at, updatedBy: by })
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}
