// The create path alone, for working on it on a busy machine: receipt create over HTTP (32
// connections), the storage limit (the service, no HTTP) and, on PostgreSQL, the raw limit
// (bench/raw-limit.ts), on settled data in alternating slices of `--duration` seconds (`--rounds`
// of each; bench/sale-slices.ts, as `npm run bench` measures them), on a small database of its
// own. `npm run bench` measures everything and writes docs/benchmarks.md; this writes nothing.
//
//   npx tsx apps/server/bench/sale-path.ts --db postgres --receipts 20000 --duration 8
//   … --cpu-prof /tmp/prof   # the server under the create load, profiled (node --cpu-prof)
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type SessionResponse } from '@mostrador/shared';
import pg from 'pg';
import { buildServerBundle, makeRunDir, ROOT, type RunningServer, startServer } from '../scripts/server-process.js';
import { BENCH_PASSWORD, DEFAULT_GENERATE, generate } from './generate.js';
import { type CpuSnapshot } from './cpu.js';
import { measureSalePath, type SalePathResults, settle } from './sale-slices.js';
import { type Catalogue } from './workload.js';

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

const n = (v: number, d = 0) => v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const show = (x: { rps: number; rounds: number[] }) => `${n(x.rps)}/s (rounds ${x.rounds.map((r) => n(r)).join(', ')})`;

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
    let results: SalePathResults;
    let before: number[];
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
      await settle(prepared.url);
      before = loadavg();
      results = await measureSalePath({
        url: prepared.url,
        postgres: args.db === 'postgres',
        server: server.url,
        token: seller.accessToken,
        catalogue,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP,
        seconds: DURATION,
        rounds: ROUNDS,
        rawBatch: Number(args['raw-batch']),
        serverPid: server.process.pid,
        log,
      });
    } finally {
      await server.stop();
    }
    const { create, storage, raw, rawBatched } = results;
    log(
      `carga antes ${before.map((l) => l.toFixed(2)).join(' ')}; después ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    log(`create ${show(create)}`);
    log(`storage limit ${show(storage)} — create / storage ${n(create.rps / storage.rps, 2)}`);
    if (raw) {
      log(`raw limit ${show(raw)}`);
      log(`create / raw ${n(create.rps / raw.rps, 2)}; storage / raw ${n(storage.rps / raw.rps, 2)}`);
    }
    if (rawBatched) {
      log(`raw, ${args['raw-batch']} sales per call (2 clients, one COMMIT per call) ${show(rawBatched)}`);
      log(`create / raw batched ${n(create.rps / rawBatched.rps, 2)}`);
    }
    // Where a sale's time goes: CPU milliseconds per sale on each side, and how busy the cores were.
    const perSale = (load: { cpu: CpuSnapshot; ok: number; seconds: number }, name: string, generator: string) => {
      const each = (ms: number | null) => (ms === null ? '—' : `${n(ms / load.ok, 3)} ms`);
      const busy = load.cpu.bench + (load.cpu.server ?? 0) + (load.cpu.postgres ?? 0);
      log(
        `CPU por venta, ${name}: ${generator} ${each(load.cpu.bench)}, servidor ${each(load.cpu.server)}, ` +
          `PostgreSQL ${each(load.cpu.postgres)}; núcleos ocupados ${n(busy / 1000 / load.seconds / cpus().length, 2)}`,
      );
    };
    perSale(create, 'create', 'carga (autocannon)');
    perSale(storage, 'storage limit', 'servicio');
    if (raw) perSale(raw, 'raw limit', 'clientes pg');
    if (rawBatched) perSale(rawBatched, 'raw batched', 'clientes pg');
  } finally {
    await prepared.drop();
    run.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
