import type { Executor } from '../../db/connection.js';

/** The one-row write the health check commits. */
export async function touchHealthProbe(trx: Executor, at: number): Promise<void> {
  await trx.updateTable('healthProbe').set({ checkedAt: at }).where('id', '=', 1).execute();
}
