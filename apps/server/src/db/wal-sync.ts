import { closeSync, fdatasync, openSync } from 'node:fs';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * The fsync of SQLite's write-ahead log, taken off Node's one thread (docs/decisions/
 * 053-group-commit-fsync-on-the-thread-pool.md).
 *
 * The group-commit runner COMMITs a batch with synchronous=NORMAL (no fsync on the main thread)
 * and then asks for `committed()`: an fdatasync of the -wal file on libuv's thread pool, through
 * a descriptor of our own (fsync acts on the file, whichever descriptor asks). The batch's callers
 * are answered when that promise resolves, so nothing is acknowledged before it is on disk, while
 * the main thread goes on with HTTP work and the next batch. One fdatasync at a time: one that
 * starts after a COMMIT covers every frame written before it, so the commits made while one runs
 * share the next one, and the answers come strictly in commit order.
 *
 * Everything else SQLite syncs in WAL mode with NORMAL as with FULL: the header of a restarted
 * log, the log before a checkpoint copies it into the database, the database after.
 *
 * Reads outside the runner may see a batch committed but not yet synced: `plugin` makes such a
 * read wait until what it may have seen is on disk before its rows are handed back, so no answer
 * of any kind shows data that a power cut could still take away. The runner's own queries go
 * through an instance without `plugin` (they run inside the batch, whose answers wait anyway).
 */
export interface WalSync {
  /** After a COMMIT made with synchronous=NORMAL: resolves once an fdatasync begun after it returned. */
  committed(): Promise<void>;
  /** Resolves once everything committed so far is on disk (at once when nothing is pending). */
  settled(): Promise<void>;
  /** On the shared Kysely instance: reads wait for `settled()` when a batch is not yet on disk. */
  plugin: KyselyPlugin;
  /** The sync itself; replaceable so tests can hold it. */
  sync: (fd: number) => Promise<void>;
  close(): void;
}

interface Waiter {
  seq: number;
  resolve(): void;
  reject(error: unknown): void;
}

const fdatasyncAsync = (fd: number) =>
  new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));

export function createWalSync(walPath: string): WalSync {
  let fd: number | undefined;
  let committedSeq = 0;
  let syncedSeq = 0;
  let syncing = false;
  /** After a failed fdatasync nothing is known to be on disk any more: every later call fails. */
  let broken: unknown;
  let waiters: Waiter[] = [];

  const wait = (seq: number) =>
    new Promise<void>((resolve, reject) => {
      if (broken !== undefined) reject(broken);
      else if (seq <= syncedSeq) resolve();
      else {
        waiters.push({ seq, resolve, reject });
        void pump();
      }
    });

  async function pump() {
    if (syncing) return;
    syncing = true;
    try {
      while (syncedSeq < committedSeq && broken === undefined) {
        const target = committedSeq;
        try {
          // The log exists once a first COMMIT has written to it; SQLite keeps the same file
          // while its connection is open (a checkpoint may truncate it, never replace it).
          fd ??= openSync(walPath, 'r');
          await self.sync(fd);
        } catch (error) {
          broken = error;
          break;
        }
        syncedSeq = target;
        const done = waiters.filter((w) => w.seq <= syncedSeq);
        waiters = waiters.filter((w) => w.seq > syncedSeq);
        for (const w of done) w.resolve();
      }
      if (broken !== undefined) {
        const failed = waiters;
        waiters = [];
        for (const w of failed) w.reject(broken);
      }
    } finally {
      syncing = false;
    }
  }

  const self: WalSync = {
    committed() {
      committedSeq += 1;
      return wait(committedSeq);
    },
    settled() {
      return wait(committedSeq);
    },
    sync: fdatasyncAsync,
    plugin: {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
      async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        if (syncedSeq < committedSeq) await wait(committedSeq);
        return args.result;
      },
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
  return self;
}
