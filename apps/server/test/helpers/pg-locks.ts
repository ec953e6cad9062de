import type pg from 'pg';

/**
 * Waits until another backend of the database waits on a lock in a statement that mentions
 * `text` (PostgreSQL), or until `orDone` settles (what was expected to wait finished instead).
 */
export async function waitingOnLock(watcher: pg.Client, text: string, orDone?: Promise<unknown>): Promise<void> {
  let done = false;
  void orDone?.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 200 && !done; i++) {
    const { rows } = await watcher.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
      [`%${text}%`],
    );
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!done) throw new Error(`nothing waits on a lock in a statement with ${text}`);
}
