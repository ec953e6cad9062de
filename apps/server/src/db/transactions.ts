import { type Kysely, sql } from 'kysely';
import type { Database, Executor } from './connection.js';
import type { DB } from './schema.js';
import type { WalSync } from './wal-sync.js';

export interface TransactionOptions {
  /**
   * Every read of `work` sees the database as it was at its first one (REPEATABLE READ on
   * PostgreSQL; a SQLite write transaction always does, no other writer can run meanwhile).
   */
  snapshot?: boolean;
}

/** Runs `work` atomically: all of its writes commit together or none do. */
export type TransactionRunner = <T>(work: (trx: Executor) => Promise<T>, options?: TransactionOptions) => Promise<T>;

const runners = new WeakMap<Database, TransactionRunner>();

/**
 * The transaction runner for a database (one per database, shared by every service).
 *
 * PostgreSQL: a plain transaction per call. SQLite: group commit. SQLite has one writer and,
 * with synchronous=FULL, every COMMIT waits for the disk; so calls that arrive while a batch is
 * running are run together in the next batch: one BEGIN IMMEDIATE, each call inside its own
 * SAVEPOINT (rolled back alone if it fails), one COMMIT, and only then is every caller answered.
 * Each call still sees the writes of the calls before it, exactly as if they had run one after
 * another, and nothing is acknowledged before it is on disk. On a database file the COMMIT itself
 * does not wait for the disk: the write-ahead log is synced on libuv's thread pool (db/wal-sync.ts)
 * and the batch's callers are answered once that returned, while the next batch runs.
 */
export function transactionRunnerFor(database: Database): TransactionRunner {
  let runner = runners.get(database);
  if (!runner) {
    runner =
      database.dialect === 'sqlite'
        ? groupCommitRunner(database.db, database.walSync)
        : (work, options) => {
            const transaction = database.db.transaction();
            return (options?.snapshot ? transaction.setIsolationLevel('repeatable read') : transaction).execute((trx) =>
              work(trx),
            );
          };
    runners.set(database, runner);
  }
  return runner;
}

interface Job {
  work: (trx: Executor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

function groupCommitRunner(db: Kysely<DB>, walSync: WalSync | undefined): TransactionRunner {
  let queue: Job[] = [];
  let draining = false;
  // The batch's own queries do not wait for the log's sync (walSync.plugin): its callers do.
  const writer = walSync
    ? db
        .getExecutor()
        .plugins.filter((plugin) => plugin !== walSync.plugin)
        .reduce((kysely, plugin) => kysely.withPlugin(plugin), db.withoutPlugins())
    : db;

  const settle = (batch: Job[], outcomes: Outcome[]) =>
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });

  async function runBatch(batch: Job[]) {
    await writer.connection().execute(async (conn) => {
      // The safety level cannot change inside a transaction: NORMAL for this batch's COMMIT only
      // (walSync syncs the log before anyone is answered), FULL again for every other write.
      if (walSync) await sql`pragma synchronous = normal`.execute(conn);
      try {
        await sql`begin immediate`.execute(conn);
        const outcomes: Outcome[] = [];
        for (const job of batch) {
          await sql`savepoint job`.execute(conn);
          try {
            const value = await job.work(conn);
            await sql`release job`.execute(conn);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`rollback to job`.execute(conn);
            await sql`release job`.execute(conn);
            outcomes.push({ ok: false, error });
          }
        }
        try {
          await sql`commit`.execute(conn);
        } catch (error) {
          await sql`rollback`.execute(conn).catch(() => undefined);
          for (const job of batch) job.reject(error);
          return;
        }
        if (!walSync) return settle(batch, outcomes);
        // Not awaited: the next batch runs while the log is synced. Answers still come in commit
        // order (walSync resolves its waiters in order), each after its own batch is on disk.
        walSync.committed().then(
          () => settle(batch, outcomes),
          (error: unknown) => batch.forEach((job) => job.reject(error)),
        );
      } finally {
        if (walSync) await sql`pragma synchronous = full`.execute(conn);
      }
    });
  }

  async function drain() {
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        await runBatch(batch).catch((error: unknown) => batch.forEach((job) => job.reject(error)));
      }
    } finally {
      draining = false;
    }
  }

  return <T>(work: (trx: Executor) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (draining) return;
      draining = true;
      // better-sqlite3 is synchronous: a batch started right away would run to its COMMIT (and
      // its fsync) before Node reads the requests already waiting on other sockets. Starting it
      // after the current I/O phase lets every request that has arrived join the same batch.
      setImmediate(() => void drain());
    });
}
