import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { SessionUserRow } from './sessions.service.js';
import * as q from './sessions.queries.js';

/**
 * The per-request session check on PostgreSQL, where every request reads its session (no cache:
 * several processes may share the database). Checks that arrive together share ONE query
 * (`where id in (…)`): it starts after the current I/O phase (setImmediate), and while one is
 * running the checks that arrive wait and join the next. Each check's query starts after its
 * request arrived, so it reads the rows as committed by then, and each is answered only after
 * that query: the same guarantee as one query per request, with one round trip for a burst of
 * requests instead of one each.
 */
export function createSessionReader(db: Kysely<DB>) {
  let waiting = new Map<string, Array<(row: SessionUserRow | undefined, error?: unknown) => void>>();
  let scheduled = false;
  let running = false;

  async function run(batch: typeof waiting) {
    try {
      const rows = await q.findSessionUsers(db, [...batch.keys()]);
      const found = new Map(rows.map(({ sessionId, ...row }) => [sessionId, row]));
      for (const [id, answers] of batch) for (const answer of answers) answer(found.get(id));
    } catch (error) {
      for (const answers of batch.values()) for (const answer of answers) answer(undefined, error);
    }
  }

  /** Starts the next query when none is running: checks that arrive meanwhile wait and join it. */
  function schedule() {
    if (scheduled || running || waiting.size === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (running || waiting.size === 0) return;
      const batch = waiting;
      waiting = new Map();
      running = true;
      void run(batch).finally(() => {
        running = false;
        schedule();
      });
    });
  }

  return {
    find(sessionId: string): Promise<SessionUserRow | undefined> {
      return new Promise((resolve, reject) => {
        const answers = waiting.get(sessionId) ?? [];
        answers.push((row, error) => (error === undefined ? resolve(row) : reject(error)));
        waiting.set(sessionId, answers);
        schedule();
      });
    },
  };
}
