// Group commit for sales on PostgreSQL (pg.writer.ts). On 2 cores shared with the database, a
// sale's cost was mostly its two round trips and its COMMIT. Sales that arrive together are
// queued and, after the current I/O phase (setImmediate, so that every request Node has already
// read joins), handed to the writer as one batch: one read, one call, one COMMIT.
// Two batches in flight write at the same time only if they lock nothing in common: a batch
// takes the queued sales whose products, client and key no batch in flight holds (the others
// wait, in order, for the next batch). Batches that shared a product used to queue on its row
// lock, so only one wrote at a time and PostgreSQL used one of the two cores for sales.
// A second batch starts while one is in flight only once it is full, or once its oldest sale
// has waited SECOND_BATCH_WAIT_MS (startsNow): requests over HTTP arrive a handful at a time, and
// starting a batch for each handful made small batches, each paying its own read, call and COMMIT
// (docs/decisions/064-second-batch-waits-until-worth-it.md).

/** What the batcher needs of a queued sale. */
export interface Queued {
  /** What its write locks until its batch commits, as comparable names (products, client, key). */
  locks: string[];
  /** When it was queued (performance.now()). */
  queuedAt: number;
  /** Fails the sale when its batch failed as a whole. */
  reject: (error: unknown) => void;
}

/** Batches of sales in flight at once (while one commits, the next one reads and is priced). */
const IN_FLIGHT = 2;
/**
 * Sales in one batch at most; the rest wait for the next batch. A batch is written on one backend,
 * so one batch of every sale waiting left the other core idle: two batches of 16 write side by
 * side. Also, a batch with a refused sale runs each sale in a BEGIN … EXCEPTION block, a
 * subtransaction with an id of its own, and PostgreSQL caches only 64 of those per backend before
 * every other snapshot has to look them up in pg_subtrans: stay well under.
 */
export const BATCH_MAX = 16;
/** A second batch in flight is started at once when full. */
const SECOND_BATCH_MIN = BATCH_MAX;
/** … and otherwise once its oldest sale has waited this long (a batch held on a row lock delays the others no longer). */
const SECOND_BATCH_WAIT_MS = 20;

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

/** Queues sales and runs them in batches through `run`, which settles each sale it is handed. */
export function createBatcher<J extends Queued>(run: (batch: J[]) => Promise<void>) {
  let queue: J[] = [];
  let scheduled = false;
  /** A timer that starts a gathering batch once its oldest sale has waited SECOND_BATCH_WAIT_MS. */
  let gathering: NodeJS.Timeout | undefined;
  /** The lock names of each batch in flight. */
  const inFlight = new Set<ReadonlySet<string>>();

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
    add(job: J) {
      queue.push(job);
      schedule();
    },
  };
}
