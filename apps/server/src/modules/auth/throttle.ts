import type { Executor } from '../../db/connection.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import * as q from './auth.queries.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Attempts at a secret (a sign-in's password, a supervisor's password or PIN) counted under
 * keys, before the secret is checked: past LOGIN_FAILURE_LIMIT in LOGIN_FAILURE_WINDOW_MS under
 * any key, the attempt is refused with 429 whatever it carries. A right secret gives its
 * attempts back (forgive), so only failures count.
 */
export function createAttemptThrottle({ transact, clock }: { transact: TransactionRunner; clock: Clock }) {
  return {
    /**
     * Counts the attempt under every key atomically, in its own transaction (a refusal later
     * must not roll the count back): of any number of concurrent attempts, at most the limit
     * reach the (slow) hash; the rest are refused here.
     */
    async count(keys: readonly string[]): Promise<void> {
      const at = clock();
      const windowStart = at - LOGIN_FAILURE_WINDOW_MS;
      // Every counter in one transaction, always in the same order: concurrent attempts queue on
      // the first row's lock, so they get the same place in every count (and never deadlock).
      const counts = await transact(async (trx) => {
        const result = [];
        for (const key of [...keys].sort()) result.push(await q.countAttempt(trx, key, at, windowStart));
        return result;
      });
      const blocked = counts.filter((c) => c.attempts > LOGIN_FAILURE_LIMIT);
      if (blocked.length === 0) return;
      const retryAfterMs = Math.max(...blocked.map((c) => c.windowStartedAt + LOGIN_FAILURE_WINDOW_MS - at));
      const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Demasiados intentos fallidos. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
        { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
      );
    },

    /**
     * A right secret: the keys in `clear` start over, those in `uncount` (shared with others, such
     * as a client address) give this one attempt back; expired windows are pruned.
     */
    async forgive(trx: Executor, { clear, uncount = [] }: { clear: readonly string[]; uncount?: readonly string[] }) {
      for (const key of clear) await q.clearAttempts(trx, key);
      for (const key of uncount) await q.uncountAttempt(trx, key);
      await q.pruneAttempts(trx, clock() - LOGIN_FAILURE_WINDOW_MS);
    },
  };
}

export type AttemptThrottle = ReturnType<typeof createAttemptThrottle>;
