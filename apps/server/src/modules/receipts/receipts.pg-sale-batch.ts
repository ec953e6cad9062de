import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import {
  readForSales,
  type SaleAsk,
  type SaleRead,
  type SaleRefusals,
  type SaleWrite,
  writeSales,
} from './receipts.pg-sale.js';

// Group commit for sales on PostgreSQL (docs/decisions.md, "Sales committed together on
// PostgreSQL"). On 2 cores shared with the database, a sale's cost was mostly its two round
// trips and its COMMIT. Sales that arrive together are queued and, after the current I/O phase
// (setImmediate, so that every request Node has already read joins), share ONE read
// (readForSales) and ONE call of mostrador_sell_batch: one transaction, one COMMIT. The batch
// runs whole in one subtransaction; when one of its sales is refused, it runs again with each sale
// in its own BEGIN … EXCEPTION block, in the order the sales arrived, so the batch behaves
// exactly as if its sales had run one after another (the second sale of the last units is
// refused, the second use of a key waits for the first one's answer), and no caller is answered
// before the COMMIT its sale is part of.
// Two batches in flight write at the same time only if they lock nothing in common: a batch
// takes the queued sales whose products, client and key no batch in flight holds (the others
// wait, in order, for the next batch). Batches that shared a product used to queue on its row
// lock, so only one wrote at a time and PostgreSQL used one of the two cores for sales.
// A second batch starts while one is in flight only once it is full, or once its oldest sale
// has waited SECOND_BATCH_WAIT_MS (startsNow): requests over HTTP arrive a handful at a time, and
// starting a batch for each handful made batches of 8 sales on average, each paying its own read,
// call and COMMIT (docs/decisions.md, "A second batch waits until it is worth its round trips").

/** What a sale does with its read: an answer without writing, or the rows to write. */
export type SaleBuild<T> = { answer: T; write?: undefined } | { answer: T; write: SaleWrite; refusals: SaleRefusals };

interface Job {
  ask: SaleAsk;
  /** When it was queued (performance.now()). */
  queuedAt: number;
  /** What its write locks (lockNames): products, the client, the Idempotency-Key. */
  locks: string[];
  build: (read: SaleRead) => SaleBuild<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Batches of sales in flight at once (while one commits, the next one reads and is priced). */
const IN_FLIGHT = 2;
/**
 * Sales in one batch at most; the rest wait for the next batch. A batch is written on one backend,
 * so one batch of every sale waiting (32 at the bench's 32 connections) left the other core idle:
 * two batches of 16 write side by side (docs/decisions.md, "A batch of sales written set by set").
 * Also, a batch with a refused sale runs each sale in a BEGIN … EXCEPTION block, a subtransaction
 * with an id of its own, and PostgreSQL caches only 64 of those per backend before every other
 * snapshot has to look them up in pg_subtrans: stay well under.
 */
const BATCH_MAX = 16;
/** A second batch in flight is started at once when full. */
const SECOND_BATCH_MIN = BATCH_MAX;
/** … and otherwise once its oldest sale has waited this long (a batch held on a row lock delays the others no longer). */
const SECOND_BATCH_WAIT_MS = 20;
/** A batch refused as a whole by one of these (nothing written) is retried one sale at a time. */
const RETRY_ALONE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure

/** The rows (and key) a sale's write locks until its batch commits, as comparable names. */
function lockNames(ask: SaleAsk): string[] {
  const names = ask.productIds.map((id) => `p${id}`);
  if (ask.clientId !== null) names.push(`c${ask.clientId}`);
  if (ask.key) names.push(`k${ask.key.userId}:${ask.key.key}`);
  return names;
}

/**
 * The next batch: the queued sales, in order, that lock nothing a batch in flight holds, at most
 * BATCH_MAX. A sale left behind waits only for the batch holding its rows: the batch taken now
 * holds none of them.
 */
export function takeBatch<J extends { locks: string[] }>(
  queue: readonly J[],
  held: ReadonlySet<string>,
): { batch: J[]; rest: J[] } {
  const batch: J[] = [];
  const rest: J[] = [];
  for (const job of queue) {
    if (batch.length < BATCH_MAX && !job.locks.some((name) => held.has(name))) batch.push(job);
    else rest.push(job);
  }
  return { batch, rest };
}

/** Whether the next batch starts now, or keeps gathering sales while the batches in flight write. */
export function startsNow(batchSize: number, batchesInFlight: number, oldestWaitedMs: number): boolean {
  return batchesInFlight === 0 || batchSize >= SECOND_BATCH_MIN || oldestWaitedMs >= SECOND_BATCH_WAIT_MS;
}

export function createPgSaleBatcher(db: Kysely<DB>) {
  let queue: Job[] = [];
  let scheduled = false;
  /** A timer that starts a gathering batch once its oldest sale has waited SECOND_BATCH_WAIT_MS. */
  let gathering: NodeJS.Timeout | undefined;
  /** The lock names of each batch in flight. */
  const inFlight = new Set<ReadonlySet<string>>();

  async function write(jobs: ReadonlyArray<{ job: Job; built: SaleBuild<unknown> & { write: SaleWrite } }>) {
    let outcomes: Array<Error | undefined>;
    try {
      outcomes = await writeSales(
        db,
        jobs.map(({ built }) => ({ sale: built.write, refusals: built.refusals })),
      );
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (jobs.length > 1 && typeof code === 'string' && RETRY_ALONE.has(code)) {
        // Two batches crossed (two keys claimed in opposite orders): the database rolled this
        // one back whole. Each sale alone holds one key at most, so it cannot cross again.
        for (const one of jobs) await write([one]);
        return;
      }
      for (const { job } of jobs) job.reject(error);
      return;
    }
    jobs.forEach(({ job, built }, i) => {
      const refused = outcomes[i];
      if (refused) job.reject(refused);
      else job.resolve(built.answer);
    });
  }

  async function run(batch: Job[]) {
    let reads: SaleRead[];
    try {
      reads = await readForSales(
        db,
        batch.map((job) => job.ask),
      );
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    const writes: Array<{ job: Job; built: SaleBuild<unknown> & { write: SaleWrite } }> = [];
    batch.forEach((job, i) => {
      let built: SaleBuild<unknown>;
      try {
        built = job.build(reads[i]!);
      } catch (error) {
        // A rule checked in Node (price, quantity, client, date): this sale writes nothing.
        job.reject(error);
        return;
      }
      // A stored answer of its key: nothing to write, the answer is already committed.
      if (built.write === undefined) job.resolve(built.answer);
      else writes.push({ job, built });
    });
    if (writes.length > 0) await write(writes);
  }

  function schedule() {
    if (scheduled || inFlight.size >= IN_FLIGHT || queue.length === 0) return;
    scheduled = true;
    // Started after the current I/O phase: every request already read joins this batch.
    setImmediate(() => {
      scheduled = false;
      if (inFlight.size >= IN_FLIGHT || queue.length === 0) return;
      const held = new Set([...inFlight].flatMap((names) => [...names]));
      const { batch, rest } = takeBatch(queue, held);
      if (batch.length === 0) return; // each waits for a batch in flight; its end schedules again
      const waited = performance.now() - batch[0]!.queuedAt;
      if (!startsNow(batch.length, inFlight.size, waited)) {
        gathering ??= setTimeout(
          () => {
            gathering = undefined;
            schedule();
          },
          Math.max(1, SECOND_BATCH_WAIT_MS - waited),
        );
        return;
      }
      queue = rest;
      const locks = new Set(batch.flatMap((job) => job.locks));
      inFlight.add(locks);
      void run(batch)
        .catch((error: unknown) => batch.forEach((job) => job.reject(error)))
        .finally(() => {
          inFlight.delete(locks);
          schedule();
        });
      schedule();
    });
  }

  return {
    /** Reads, prices (build) and writes one sale together with the others waiting; its answer after the COMMIT. */
    sell<T>(ask: SaleAsk, build: (read: SaleRead) => SaleBuild<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          ask,
          queuedAt: performance.now(),
          locks: lockNames(ask),
          build,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        schedule();
      });
    },
  };
}

export type PgSaleBatcher = ReturnType<typeof createPgSaleBatcher>;
