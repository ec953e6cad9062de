import pg from 'pg';

const { Client } = pg;

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

/** Two more connections to the test database: one holds locks as another writer would, one watches. */
export async function holderAndWatcher(
  url: string,
): Promise<{ holder: pg.Client; watcher: pg.Client; end(): Promise<void> }> {
  const holder = new Client({ connectionString: url });
  const watcher = new Client({ connectionString: url });
  await Promise.all([holder.connect(), watcher.connect()]);
  return { holder, watcher, end: async () => void (await Promise.all([holder.end(), watcher.end()])) };
}
