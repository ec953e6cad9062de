// The create path alone, for working on it on a busy machine: receipt create over HTTP (32
// connections), the storage limit (the service, no HTTP) and, on PostgreSQL, the raw limit
// (bench/raw-limit.ts), in alternating slices of `--duration` seconds (`--rounds` of each), so a
// machine whose load changes during the run weighs on all three alike and their ratios hold.
// `npm run bench` measures everything and writes docs/benchmarks.md; this writes nothing.
//
//   npx tsx apps/server/bench/sale-path.ts --db postgres --receipts 20000 --duration 8
//   … --cpu-prof /tmp/prof   # the server under the create load, profiled (node --cpu-prof)
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createReceiptBodySchema, type SessionResponse } from '@mostrador/shared';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { createServices } from '../src/services.js';
import { buildServerBundle, makeRunDir, ROOT, type RunningServer, startServer } from '../scripts/server-process.js';
import { BENCH_PASSWORD, DEFAULT_GENERATE, generate } from './generate.js';
import { closedLoop, runLoad } from './load.js';
import { rawLimit } from './raw-limit.js';
import { type Catalogue, receiptMaker } from './workload.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    receipts: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    /** PostgreSQL database name (on BENCH_DATABASE_URL / TEST_DATABASE_URL's server). */
    name: { type: 'string', default: 'mostrador_sale_path' },
    'cpu-prof': { type: 'string' },
    /** Also the raw statement sent N at a time in one call (2 clients), as the server's batches commit. */
    'raw-batch': { type: 'string', default: '0' },
  },
});
const CONNECTIONS = 32;
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const WARMUP = Number(args.warmup);
const log = (line: string) => console.log(`[sale-path] ${line}`);
const n = (v: number, d = 0) => v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function prepare(run: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (args.db === 'sqlite') {
    const file = join(run, 'sale-path.db');
    return { url: `sqlite:${file}`, drop: async () => rmSync(file, { force: true }) };
  }
  const name = args.name!;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function call<T>(server: RunningServer, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The create transaction straight through the service, 32 at once, in slices of `ms`. */
function storageLimit(url: string, catalogue: Catalogue) {
  const database = openDatabase(url);
  const { receipts } = createServices({ database, config: loadConfig({ DATABASE_URL: url }) });
  const make = receiptMaker(catalogue, 23);
  const seller = { id: 3, name: 'Vendedor Uno' };
  return {
    async run(ms: number) {
      const { ok, seconds } = await closedLoop({
        concurrency: CONNECTIONS,
        warmupSeconds: 0,
        seconds: ms / 1000,
        open: () => ({
          next: () => {
            const body = createReceiptBodySchema.parse(make());
            return () => receipts.create(body, seller);
          },
        }),
      });
      return { ok, seconds };
    },
    close: () => database.close(),
  };
}

interface Slices {
  ok: number;
  seconds: number;
  rounds: number[];
}
const add = (into: Slices, slice: { ok: number; seconds: number }) => {
  into.ok += slice.ok;
  into.seconds += slice.seconds;
  into.rounds.push(slice.ok / slice.seconds);
};
const rate = (x: Slices) => x.ok / x.seconds;
const show = (x: Slices) => `${n(rate(x))}/s (rounds ${x.rounds.map((r) => n(r)).join(', ')})`;

async function main() {
  const run = makeRunDir('sale-path');
  const prepared = await prepare(run.dir);
  try {
    log(`generando ${args.receipts} remisiones (${args.db})…`);
    await generate({
      ...DEFAULT_GENERATE,
      db: prepared.url,
      receipts: Number(args.receipts),
      busy: 500,
      log: () => {},
    });
    const entry = buildServerBundle(run.dir);
    const profDir = args['cpu-prof'];
    if (profDir) mkdirSync(profDir, { recursive: true });
    const server = await startServer(
      entry,
      {
        DATABASE_URL: prepared.url,
        DATA_DIR: run.dir,
        UPLOAD_DIR: join(run.dir, 'uploads'),
        WEB_DIST: join(ROOT, 'nonexistent'),
        JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
        LOG_LEVEL: 'warn',
      },
      { timeoutMs: 120_000, nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [] },
    );
    const before = loadavg();
    const create: Slices = { ok: 0, seconds: 0, rounds: [] };
    const storage: Slices = { ok: 0, seconds: 0, rounds: [] };
    const raw: Slices = { ok: 0, seconds: 0, rounds: [] };
    const rawBatched: Slices = { ok: 0, seconds: 0, rounds: [] };
    const rawBatch = Number(args['raw-batch']);
    try {
      const login = (email: string) =>
        call<SessionResponse>(server, '/api/auth/login', undefined, { email, password: BENCH_PASSWORD });
      const admin = await login('admin@bench.mx');
      const seller = await login('vendedor1@bench.mx');
      const { products } = await call<{ products: Array<{ id: number }> }>(
        server,
        '/api/product/list',
        admin.accessToken,
      );
      const { clients } = await call<{ clients: Array<{ id: number }> }>(server, '/api/client/list', admin.accessToken);
      const catalogue: Catalogue = { productIds: products.map((p) => p.id), clientIds: clients.map((c) => c.id) };
      log('reponiendo inventario…');
      for (let i = 0; i < catalogue.productIds.length; i += 16) {
        await Promise.all(
          catalogue.productIds
            .slice(i, i + 16)
            .map((id) =>
              call(server, '/api/product/addInventory', admin.accessToken, { id, stockToAdd: 5000, note: 'Benchmark' }),
            ),
        );
      }
      const make = receiptMaker(catalogue);
      const load = {
        url: server.url,
        method: 'POST' as const,
        path: '/api/receipt/create',
        headers: { authorization: `Bearer ${seller.accessToken}` },
        body: () => JSON.stringify(make()),
        connections: CONNECTIONS,
      };
      const direct = storageLimit(prepared.url, catalogue);
      try {
        log('calentando…');
        await runLoad({ ...load, duration: WARMUP });
        await direct.run(WARMUP * 1000);
        for (let round = 1; round <= ROUNDS; round += 1) {
          log(`ronda ${round}/${ROUNDS}…`);
          const http = await runLoad({ ...load, duration: DURATION });
          add(create, { ok: http.ok, seconds: http.seconds });
          add(storage, await direct.run(DURATION * 1000));
          if (args.db === 'postgres') {
            const slice = await rawLimit(prepared.url, catalogue, { seconds: DURATION, warmupSeconds: 0 });
            add(raw, { ok: slice.ok, seconds: slice.seconds });
            if (rawBatch > 1) {
              const batched = await rawLimit(prepared.url, catalogue, {
                seconds: DURATION,
                warmupSeconds: 0,
                concurrency: 2,
                batch: rawBatch,
              });
              add(rawBatched, { ok: batched.ok, seconds: batched.seconds });
            }
          }
        }
      } finally {
        await direct.close();
      }
    } finally {
      await server.stop();
    }
    log(
      `carga antes ${before.map((l) => l.toFixed(2)).join(' ')}; después ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    log(`create ${show(create)}`);
    log(`storage limit ${show(storage)} — create / storage ${n(rate(create) / rate(storage), 2)}`);
    if (raw.ok > 0) {
      log(`raw limit ${show(raw)}`);
      log(`create / raw ${n(rate(create) / rate(raw), 2)}; storage / raw ${n(rate(storage) / rate(raw), 2)}`);
    }
    if (rawBatched.ok > 0) {
      log(`raw, ${rawBatch} sales per call (2 clients, one COMMIT per call) ${show(rawBatched)}`);
      log(`create / raw batched ${n(rate(create) / rate(rawBatched), 2)}`);
    }
  } finally {
    await prepared.drop();
    run.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
