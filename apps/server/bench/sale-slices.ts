// Receipt create over HTTP, its storage limit (the service, no HTTP) and, on PostgreSQL, its raw
// limit (bench/raw-limit.ts), measured in alternating slices: each load warmed up once on its
// own connections, then `rounds` rounds of one slice of each, every load keeping its
// connections. A machine whose load changes during the run (other work, PostgreSQL's
// checkpointer or autovacuum after the data was written) weighs on the three alike, so their
// ratios compare like with like. Used by `npm run bench` (run.ts) and bench/sale-path.ts.
import { createReceiptBodySchema } from '@mostrador/shared';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { createServices } from '../src/services.js';
import { addCpu, type CpuSnapshot, cpuSince, cpuSnapshot, NO_CPU } from './cpu.js';
import { type ClosedLoopResult, closedLoop, type LoadResult, runLoad, summarize } from './load.js';
import { openRawLimit, type RawLimitResult } from './raw-limit.js';
import { type Catalogue, receiptMaker } from './workload.js';

/**
 * Written data settled before it is measured: PostgreSQL's dirty pages flushed (CHECKPOINT) and
 * the tables vacuumed and analysed, SQLite's log copied into the database and emptied
 * (wal_checkpoint(TRUNCATE)) and its statistics refreshed (ANALYZE).
 */
export async function settle(url: string) {
  const database = openDatabase(url);
  try {
    if (database.dialect === 'postgres') {
      await sql`CHECKPOINT`.execute(database.db);
      await sql`VACUUM ANALYZE`.execute(database.db);
    } else {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
      await sql`ANALYZE`.execute(database.db);
    }
  } finally {
    await database.close();
  }
}

/** A load's slices together, plus each slice's own rate (per second) and the CPU each side spent. */
export type Sliced<T> = T & { rounds: number[]; cpu: CpuSnapshot };

export interface SalePathResults {
  create: Sliced<LoadResult>;
  storage: Sliced<ClosedLoopResult>;
  raw?: Sliced<RawLimitResult>;
  /** The raw statement `rawBatch` at a time per call (2 clients), when asked for. */
  rawBatched?: Sliced<RawLimitResult>;
}

export interface SalePathOptions {
  /** The database the server runs on. */
  url: string;
  postgres: boolean;
  /** The running server and a seller's access token. */
  server: string;
  token: string;
  catalogue: Catalogue;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  rounds: number;
  rawBatch?: number;
  /** The server's process, whose CPU time each slice reads (Linux). */
  serverPid?: number;
  log?: (line: string) => void;
}

/** The create transaction straight through the service, `connections` at once, no HTTP. */
function openStorageLimit(url: string, catalogue: Catalogue, connections: number) {
  const database = openDatabase(url);
  const { receipts } = createServices({ database, config: loadConfig({ DATABASE_URL: url }) });
  const make = receiptMaker(catalogue, 23);
  const seller = { id: 3, name: 'Vendedor Uno' };
  return {
    run: ({ seconds, warmupSeconds = 0, times }: { seconds: number; warmupSeconds?: number; times?: number[] }) =>
      closedLoop({
        concurrency: connections,
        warmupSeconds,
        seconds,
        times,
        open: () => ({
          next: () => {
            const body = createReceiptBodySchema.parse(make());
            return () => receipts.create(body, seller);
          },
        }),
      }),
    close: () => database.close(),
  };
}

function closedLoops(slices: ClosedLoopResult[], times: number[], cpu: CpuSnapshot): Sliced<ClosedLoopResult> {
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const ok = slices.reduce((sum, s) => sum + s.ok, 0);
  const { p50, p95, p99 } = summarize(times);
  return {
    concurrency: slices[0]!.concurrency,
    seconds,
    ok,
    failed: slices.reduce((sum, s) => sum + s.failed, 0),
    rps: ok / seconds,
    p50,
    p95,
    p99,
    rounds: slices.map((s) => s.rps),
    cpu,
  };
}

function loads(slices: LoadResult[], times: number[], cpu: CpuSnapshot): Sliced<LoadResult> {
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const ok = slices.reduce((sum, s) => sum + s.ok, 0);
  const requests = slices.reduce((sum, s) => sum + s.requests, 0);
  const statusCodes: Record<number, number> = {};
  for (const slice of slices)
    for (const [code, count] of Object.entries(slice.statusCodes))
      statusCodes[Number(code)] = (statusCodes[Number(code)] ?? 0) + count;
  return {
    connections: slices[0]!.connections,
    seconds,
    requests,
    rps: ok / seconds,
    ok,
    non2xx: slices.reduce((sum, s) => sum + s.non2xx, 0),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    statusCodes,
    ...summarize(times),
    bytes: slices.reduce((sum, s) => sum + s.bytes * s.requests, 0) / Math.max(1, requests),
    rounds: slices.map((s) => s.rps),
    cpu,
  };
}

export async function measureSalePath(o: SalePathOptions): Promise<SalePathResults> {
  const log = o.log ?? (() => {});
  const make = receiptMaker(o.catalogue);
  const create = {
    url: o.server,
    method: 'POST' as const,
    path: '/api/receipt/create',
    headers: { authorization: `Bearer ${o.token}` },
    body: () => JSON.stringify(make()),
    connections: o.connections,
  };
  const storage = openStorageLimit(o.url, o.catalogue, o.connections);
  const raw = o.postgres ? await openRawLimit(o.url, o.catalogue, { concurrency: o.connections }) : undefined;
  const rawBatched =
    o.postgres && (o.rawBatch ?? 0) > 1
      ? await openRawLimit(o.url, o.catalogue, { concurrency: 2, batch: o.rawBatch })
      : undefined;
  try {
    log(`calentando (${o.warmupSeconds} s cada carga)…`);
    await runLoad({ ...create, duration: o.warmupSeconds });
    await storage.run({ seconds: o.warmupSeconds });
    await raw?.run({ seconds: o.warmupSeconds });
    await rawBatched?.run({ seconds: o.warmupSeconds });
    const slices = {
      create: [] as LoadResult[],
      storage: [] as ClosedLoopResult[],
      raw: [] as ClosedLoopResult[],
      rawBatched: [] as ClosedLoopResult[],
    };
    const times = { create: [] as number[], storage: [] as number[], raw: [] as number[], rawBatched: [] as number[] };
    const cpu = { create: NO_CPU, storage: NO_CPU, raw: NO_CPU, rawBatched: NO_CPU };
    /** Runs one slice and adds the CPU every side spent in it to that load's. */
    async function slice<T>(load: keyof typeof cpu, run: () => Promise<T>): Promise<T> {
      const start = cpuSnapshot(o.serverPid);
      const result = await run();
      cpu[load] = addCpu(cpu[load], cpuSince(start, o.serverPid));
      return result;
    }
    for (let round = 1; round <= o.rounds; round += 1) {
      log(`ronda ${round}/${o.rounds} (${o.seconds} s cada carga)…`);
      slices.create.push(await slice('create', () => runLoad({ ...create, duration: o.seconds, times: times.create })));
      slices.storage.push(await slice('storage', () => storage.run({ seconds: o.seconds, times: times.storage })));
      if (raw) slices.raw.push(await slice('raw', () => raw.run({ seconds: o.seconds, times: times.raw })));
      if (rawBatched)
        slices.rawBatched.push(
          await slice('rawBatched', () => rawBatched.run({ seconds: o.seconds, times: times.rawBatched })),
        );
    }
    return {
      create: loads(slices.create, times.create, cpu.create),
      storage: closedLoops(slices.storage, times.storage, cpu.storage),
      raw: raw && closedLoops(slices.raw, times.raw, cpu.raw),
      rawBatched: rawBatched && closedLoops(slices.rawBatched, times.rawBatched, cpu.rawBatched),
    };
  } finally {
    await rawBatched?.close();
    await raw?.close();
    await storage.close();
  }
}
