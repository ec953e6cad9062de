import type { Executor } from '../../db/connection.js';
import type { ShopSettingsRow, ShopSettingsTable } from '../../db/schema.js';

/** The one row of shop_settings (made by its migration). */
export function findShopSettings(db: Executor): Promise<ShopSettingsRow | undefined> {
  return db.selectFrom('shopSettings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export type ShopSettingsChanges = Partial<Omit<ShopSettingsTable, 'id' | 'version' | 'updatedAt' | 'updatedBy'>>;

/** Writes the saved fields and moves the version on; answers the row as it now is. */
export async function updateShopSettings(
  trx: Executor,
  changes: ShopSettingsChanges,
  at: number,
  by: number,
): Promise<ShopSettingsRow> {
  return trx
    .updateTable('shopSettings')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1), updatedAt: at, updatedBy: by }))
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}
