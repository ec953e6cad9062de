import type { DialectName } from '../../db/connection.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { touchHealthProbe } from './health.queries.js';

export function createHealthService({
  dialect,
  transact,
  clock,
}: {
  dialect: DialectName;
  transact: TransactionRunner;
  clock: Clock;
}) {
  return {
    /**
     * Commits a one-row write: a database that answers reads but cannot write (disk full,
     * read-only, locked) is not healthy. Its error reaches the error handler, which answers 503.
     */
    async check(): Promise<{ ok: true; database: DialectName }> {
      await transact((trx) => touchHealthProbe(trx, clock()));
      return { ok: true, database: dialect };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
