// `npm run bench`: the performance bars' figures on SQLite and PostgreSQL, written to docs/benchmarks.md.
//
//   npm run bench                               # both databases, 1,000,000 receipts
//   npm run bench -- --db sqlite --receipts 100000 --duration 5 --no-write   # a quick check
//
// For each database: a generated database (cached under ./data/bench/, or a PostgreSQL
// database mostrador_bench_<n> on BENCH_DATABASE_URL / TEST_DATABASE_URL's server) is copied,
// the real server bundle is started on the copy, the data is settled (CHECKPOINT and VACUUM
// ANALYZE; SQLite's wal_checkpoint and ANALYZE), and autocannon measures a day's receipt list,
// the product list and a busy day's cut; then receipt create (32 connections), the same create
// transaction straight through the receipts service from this process (the storage limit) and,
// on PostgreSQL, the raw limit, in `--rounds` alternating slices of `--duration` seconds each
// (bench/sale-slices.ts), so their ratios compare like with like. A do-nothing Fastify server
// gives the HTTP limit. Headless Chromium times the
// receipts screen on the busy day, and the production bundle's initial JavaScript is weighed.
// Lighthouse scores /receipts and /vender on the first database's server (its own section;
// `npx tsx apps/server/bench/lighthouse.ts` runs only that, on data of its own).
import { execSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type SessionResponse } from '@mostrador/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/db/connection.js';
import { checkConsistency, isConsistent } from '../scripts/consistency.js';
import {
  buildServerBundle,
  buildWeb,
  makeRunDir,
  ROOT,
  type RunningServer,
  startServer,
} from '../scripts/server-process.js';
import { measureCompression, writeCompression } from './compression.js';
import { BENCH_PASSWORD, DEFAULT_GENERATE, generate, GENERATOR_VERSION, type GenerateSummary } from './generate.js';
import { type ClosedLoopResult, type LoadResult, runLoad } from './load.js';
import { type RawLimitResult } from './raw-limit.js';
import { writeReport } from './report.js';
import { measureSalePath, settle } from './sale-slices.js';
import { type LighthouseResults, measureLighthouse, writeLighthouse } from './lighthouse.js';
import { initialJavaScript, receiptsScreenTiming, type ScreenTiming } from './web.js';
import { type Catalogue, receiptMaker } from './workload.js';

const { values: args } = parseArgs({
  options: {
    help: { type: 'boolean', default: false },
    db: { type: 'string', default: 'both' },
    receipts: { type: 'string', default: String(DEFAULT_GENERATE.receipts) },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    'read-connections': { type: 'string', default: '4' },
    'max-load': { type: 'string' },
    regenerate: { type: 'boolean', default: false },
    'no-web': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks.md' },
  },
});

if (args.help) {
  console.log(`npm run bench -- [options]
  --db sqlite|postgres|both   databases to measure (both: PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
  --receipts 1000000          generated receipts (cached per size; 20000 for a quick check)
  --duration 10               seconds per load (per slice for create, storage and raw limit)
  --rounds 3                  alternating rounds of create, storage limit and raw limit
  --warmup 3                  seconds of warm-up before each load
  --read-connections 4        connections of the read loads
  --max-load 2                wait until the 1-minute load average is below this
  --regenerate                generate the data again
  --no-web                    no Chromium (receipts screen, Lighthouse)
  --no-lighthouse             no Lighthouse
  --no-write                  print only; docs/benchmarks.md unchanged
  --out docs/benchmarks.md    the file whose bench block is rewritten`);
  process.exit(0);
}

const RECEIPTS = Number(args.receipts);
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const WARMUP = Number(args.warmup);
const READ_CONNECTIONS = Number(args['read-connections']);
const CREATE_CONNECTIONS = 32;
const CACHE_DIR = join(ROOT, 'data/bench');
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';

export type Kind = 'sqlite' | 'postgres';

export interface DatabaseResults {
  kind: Kind;
  version: string;
  generation: GenerateSummary & { cached: boolean };
  loadBefore: number[];
  loadAfter: number[];
  create: LoadResult;
  storage: StorageResult;
  /** PostgreSQL: the sale's writes as one plain SQL statement from pg clients (bench/raw-limit.ts). */
  rawLimit?: RawLimitResult;
  dayList: LoadResult;
  /** The same with one connection: one user's wait. */
  dayListAlone: LoadResult;
  dayListRows: number;
  dayListFirstPage: LoadResult;
  dayListFirstPageAlone: LoadResult;
  productList: LoadResult;
  cut: LoadResult;
  cutReceipts: number;
  /** GET /api/dashboard (absent in results written before it was measured). */
  dashboard?: LoadResult;
  web?: ScreenTiming;
  consistent: boolean;
}

export type StorageResult = ClosedLoopResult;

export interface BenchResults {
  startedAt: string;
  command: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string; os: string };
  options: {
    receipts: number;
    duration: number;
    /** Alternating rounds of create, storage limit and raw limit (absent in results written before them). */
    rounds?: number;
    warmup: number;
    readConnections: number;
    createConnections: number;
  };
  httpLimit: { post: LoadResult; get: LoadResult };
  bundle?: ReturnType<typeof initialJavaScript>;
  databases: DatabaseResults[];
  lighthouse?: LighthouseResults;
}

/** Lighthouse runs once, on the first database's server. */
let lighthouseResults: LighthouseResults | undefined;

const log = (line: string) => console.log(`[bench] ${line}`);
const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function waitForQuietMachine() {
  const max = args['max-load'] === undefined ? undefined : Number(args['max-load']);
  if (max === undefined) return;
  const deadline = Date.now() + 60 * 60_000;
  while (loadavg()[0]! >= max && Date.now() < deadline) {
    log(`carga ${loadavg()[0]!.toFixed(2)} ≥ ${max}: esperando…`);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
}

// ---------------------------------------------------------------------------------------------
// Generated databases, cached; each run works on a copy.

interface Prepared {
  url: string;
  meta: GenerateSummary & { cached: boolean };
  drop(): Promise<void>;
}

function metaPath(kind: Kind) {
  return join(CACHE_DIR, `${kind}-${RECEIPTS}.json`);
}

function readMeta(kind: Kind): GenerateSummary | null {
  try {
    const meta = JSON.parse(readFileSync(metaPath(kind), 'utf8')) as GenerateSummary;
    return meta.version === GENERATOR_VERSION && meta.receipts === RECEIPTS ? meta : null;
  } catch {
    return null;
  }
}

async function runGenerator(url: string, kind: Kind): Promise<GenerateSummary> {
  log(`generando ${n(RECEIPTS)} remisiones en ${kind}…`);
  const summary = await generate({ ...DEFAULT_GENERATE, db: url, receipts: RECEIPTS, log });
  writeFileSync(metaPath(kind), JSON.stringify(summary, null, 2));
  log(`generada en ${summary.seconds.toFixed(0)} s (${n(RECEIPTS / summary.seconds)} remisiones/s)`);
  return summary;
}

async function prepareSqlite(): Promise<Prepared> {
  const cached = join(CACHE_DIR, `sqlite-${RECEIPTS}.db`);
  let meta = args.regenerate ? null : readMeta('sqlite');
  let fresh = false;
  if (!meta || !existsSync(cached)) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(cached + suffix, { force: true });
    meta = await runGenerator(`sqlite:${cached}`, 'sqlite');
    fresh = true;
  }
  const work = join(CACHE_DIR, 'work-sqlite.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(work + suffix, { force: true });
  copyFileSync(cached, work);
  return {
    url: `sqlite:${work}`,
    meta: { ...meta, cached: !fresh },
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(work + suffix, { force: true });
    },
  };
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string) {
  const url = new URL(PG_ADMIN_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function preparePostgres(): Promise<Prepared> {
  const cached = `mostrador_bench_${RECEIPTS}`;
  const work = 'mostrador_bench_work';
  const exists = (await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${cached}'`)).rowCount === 1;
  let meta = args.regenerate ? null : readMeta('postgres');
  let fresh = false;
  if (!meta || !exists) {
    await adminQuery(`DROP DATABASE IF EXISTS ${cached} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${cached}`);
    meta = await runGenerator(databaseUrl(cached), 'postgres');
    fresh = true;
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${work} WITH (FORCE)`);
  log('copiando la base de datos generada…');
  await adminQuery(`CREATE DATABASE ${work} TEMPLATE ${cached}`);
  return {
    url: databaseUrl(work),
    meta: { ...meta, cached: !fresh },
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${work} WITH (FORCE)`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers.

async function call<T>(server: RunningServer, path: string, init: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const login = (server: RunningServer, email: string) =>
  call<SessionResponse>(server, '/api/auth/login', { body: { email, password: BENCH_PASSWORD } });

async function inParallel<T>(items: T[], concurrency: number, task: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

// ---------------------------------------------------------------------------------------------

async function measureDatabase(kind: Kind, serverEntry: string, webDist: string, runDir: string) {
  await waitForQuietMachine();
  const prepared = kind === 'sqlite' ? await prepareSqlite() : await preparePostgres();
  const { meta } = prepared;
  const loadBefore = loadavg();
  log(`${kind}: arrancando el servidor (carga ${loadBefore.map((l) => l.toFixed(2)).join(' ')})`);
  let server: RunningServer | undefined;
  try {
    server = await startServer(
      serverEntry,
      {
        DATABASE_URL: prepared.url,
        DATA_DIR: runDir,
        UPLOAD_DIR: join(runDir, 'uploads'),
        WEB_DIST: webDist,
        JWT_SECRET,
        LOG_LEVEL: 'warn',
      },
      { timeoutMs: 120_000, nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ') },
    );
    const url = server.url;
    const admin = await login(server, 'admin@bench.mx');
    const seller = await login(server, 'vendedor1@bench.mx');
    const { products } = await call<{ products: Array<{ id: number }> }>(server, '/api/product/list', {
      token: admin.accessToken,
    });
    const { clients } = await call<{ clients: Array<{ id: number }> }>(server, '/api/client/list', {
      token: admin.accessToken,
    });
    const catalogue: Catalogue = { productIds: products.map((p) => p.id), clientIds: clients.map((c) => c.id) };

    // Enough stock for every sale of the run, added the normal way (ADD logs).
    log(`${kind}: reponiendo inventario de ${n(products.length)} productos…`);
    await inParallel(catalogue.productIds, 8, (id) =>
      call(server!, '/api/product/addInventory', {
        token: admin.accessToken,
        body: { id, stockToAdd: 5000, note: 'Benchmark' },
      }),
    );

    // The generated data and the restock settled (flushed, vacuumed, analysed): neither the reads
    // nor the sales run beside PostgreSQL's checkpointer or autovacuum catching up with them.
    log(`${kind}: CHECKPOINT y VACUUM ANALYZE (SQLite: wal_checkpoint y ANALYZE)…`);
    await settle(prepared.url);

    const sellerAuth = { authorization: `Bearer ${seller.accessToken}` };
    const adminAuth = { authorization: `Bearer ${admin.accessToken}` };

    // Reads and the screen first, on the generated data as it is; then the sales.
    let web: ScreenTiming | undefined;
    if (!args['no-web']) {
      log(`${kind}: pantalla de remisiones en Chromium…`);
      web = await receiptsScreenTiming({ url, session: admin, day: meta.busyDay, runs: 3 });
    }
    if (!args['no-web'] && !args['no-lighthouse'] && !lighthouseResults) {
      log(`${kind}: Lighthouse en /receipts y /vender…`);
      lighthouseResults = await measureLighthouse({
        url,
        session: admin,
        data: `${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, the bench data (${n(RECEIPTS)} receipts); the screens' default day is today`,
        command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim().replace(/ --$/, ''),
      });
    }
    const day = meta.typicalDay;
    const dayPage = await call<{ data: unknown[] }>(server, `/api/receipt/list?fromDate=${day}&toDate=${day}`, {
      token: seller.accessToken,
    });
    log(`${kind}: lista de un día (${day}, ${n(dayPage.data.length)} remisiones en la primera página)…`);
    const list = { url, path: `/api/receipt/list?fromDate=${day}&toDate=${day}`, headers: sellerAuth };
    await runLoad({ ...list, connections: READ_CONNECTIONS, duration: WARMUP });
    const dayList = await runLoad({ ...list, connections: READ_CONNECTIONS, duration: DURATION });
    const dayListAlone = await runLoad({ ...list, connections: 1, duration: DURATION });
    const firstPage = { ...list, path: `${list.path}&pageSize=100` };
    const dayListFirstPage = await runLoad({ ...firstPage, connections: READ_CONNECTIONS, duration: DURATION });
    const dayListFirstPageAlone = await runLoad({ ...firstPage, connections: 1, duration: DURATION });

    log(`${kind}: lista de productos…`);
    const productList = await runLoad({
      url,
      path: '/api/product/list',
      headers: sellerAuth,
      connections: READ_CONNECTIONS,
      duration: DURATION,
    });

    log(`${kind}: corte del día ${meta.busyDay}…`);
    const cutRequest = {
      url,
      method: 'POST' as const,
      path: '/api/reports/generate',
      headers: adminAuth,
      body: () => JSON.stringify({ date: meta.busyDay }),
      connections: 1,
    };
    await runLoad({ ...cutRequest, amount: 2 });
    const cut = await runLoad({ ...cutRequest, amount: 10 });

    // The generated data ends today: the dashboard compares today with the busy day.
    log(`${kind}: panel…`);
    const dashboardRequest = { url, path: '/api/dashboard', headers: adminAuth, connections: 1 };
    await runLoad({ ...dashboardRequest, amount: 3 });
    const dashboard = await runLoad({ ...dashboardRequest, amount: 20 });

    log(
      `${kind}: receipt/create, límite de almacenamiento${kind === 'postgres' ? ' y límite crudo' : ''}, ` +
        `${CREATE_CONNECTIONS} conexiones, ${ROUNDS} rondas alternadas…`,
    );
    const salePath = await measureSalePath({
      url: prepared.url,
      postgres: kind === 'postgres',
      server: url,
      token: seller.accessToken,
      catalogue,
      connections: CREATE_CONNECTIONS,
      warmupSeconds: WARMUP,
      seconds: DURATION,
      rounds: ROUNDS,
      log: (line) => log(`${kind}: ${line}`),
    });

    await server.stop();
    server = undefined;

    log(`${kind}: revisando la consistencia de toda la base de datos…`);
    const database = openDatabase(prepared.url);
    const report = await checkConsistency(database.db);
    const version =
      kind === 'sqlite'
        ? (await sql<{ v: string }>`SELECT sqlite_version() AS v`.execute(database.db)).rows[0]!.v
        : (await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(database.db)).rows[0]!.v;
    await database.close();
    if (!isConsistent(report)) log(`${kind}: ¡INCONSISTENCIAS! ${JSON.stringify(report)}`);

    const results: DatabaseResults = {
      kind,
      version: kind === 'sqlite' ? `SQLite ${version}` : `PostgreSQL ${version.split(' ')[0]}`,
      generation: meta,
      loadBefore,
      loadAfter: loadavg(),
      create: salePath.create,
      storage: salePath.storage,
      rawLimit: salePath.raw,
      dayList,
      dayListAlone,
      dayListRows: dayPage.data.length,
      dayListFirstPage,
      dayListFirstPageAlone,
      productList,
      cut,
      cutReceipts: meta.busyDayReceipts,
      dashboard,
      web,
      consistent: isConsistent(report),
    };
    printDatabase(results);
    return results;
  } finally {
    await server?.stop();
    await prepared.drop();
  }
}

function printDatabase(r: DatabaseResults) {
  const lat = (l: { p50: number; p95: number; p99: number }) =>
    `p50 ${n(l.p50, 1)} / p95 ${n(l.p95, 1)} / p99 ${n(l.p99, 1)} ms`;
  log(`${r.kind}: create ${n(r.create.rps)}/s (${lat(r.create)}; ${r.create.non2xx} no-2xx)`);
  log(`${r.kind}: storage limit ${n(r.storage.rps)}/s (${lat(r.storage)})`);
  if (r.rawLimit) log(`${r.kind}: raw limit ${n(r.rawLimit.rps)}/s (${lat(r.rawLimit)}; ${r.rawLimit.failed} failed)`);
  log(`${r.kind}: day list ${n(r.dayList.rps)}/s (${lat(r.dayList)}; ${n(r.dayList.bytes / 1024)} KB)`);
  log(`${r.kind}: day list alone (${lat(r.dayListAlone)})`);
  log(
    `${r.kind}: day list, first 100 ${n(r.dayListFirstPage.rps)}/s (${lat(r.dayListFirstPage)}); alone ${lat(r.dayListFirstPageAlone)}`,
  );
  log(`${r.kind}: product list ${n(r.productList.rps)}/s (${lat(r.productList)})`);
  log(`${r.kind}: cut ${lat(r.cut)}`);
  if (r.dashboard) log(`${r.kind}: dashboard ${lat(r.dashboard)}`);
  if (r.web)
    log(
      `${r.kind}: receipts screen usable ${n(r.web.usableMs)} ms, complete ${n(r.web.completeMs)} ms (${n(r.web.count)})`,
    );
  log(`${r.kind}: consistent ${r.consistent}`);
}

async function main() {
  const kinds: Kind[] = args.db === 'both' ? (PG_ADMIN_URL ? ['sqlite', 'postgres'] : ['sqlite']) : [args.db as Kind];
  if (kinds.includes('postgres') && !PG_ADMIN_URL) {
    throw new Error(
      'PostgreSQL necesita BENCH_DATABASE_URL o TEST_DATABASE_URL (p. ej. postgres://postgres@127.0.0.1:5432/postgres).',
    );
  }
  if (args.db === 'both' && !PG_ADMIN_URL) log('sin BENCH_DATABASE_URL ni TEST_DATABASE_URL: solo SQLite');
  mkdirSync(CACHE_DIR, { recursive: true });
  const startedAt = new Date().toISOString();

  log('compilando el servidor y la web…');
  const run = makeRunDir('bench');
  try {
    const serverEntry = buildServerBundle(run.dir);
    const webDist = buildWeb(run.dir);
    const bundle = initialJavaScript(webDist);
    log(`JavaScript inicial: ${n(bundle.gzip / 1024, 1)} KB gzip (${bundle.files.length} archivos)`);

    const databases: DatabaseResults[] = [];
    for (const kind of kinds) databases.push(await measureDatabase(kind, serverEntry, webDist, run.dir));

    log('límite HTTP (Fastify sin trabajo)…');
    await waitForQuietMachine();
    const trivial = await startServer(join(ROOT, 'apps/server/bench/trivial-server.mjs'), {}, { healthPath: '/ping' });
    let httpLimit: BenchResults['httpLimit'];
    try {
      const catalogue: Catalogue = { productIds: [1, 2, 3, 4, 5], clientIds: [1, 2, 3] };
      const make = receiptMaker(catalogue);
      const post = { url: trivial.url, method: 'POST' as const, path: '/echo', body: () => JSON.stringify(make()) };
      await runLoad({ ...post, connections: CREATE_CONNECTIONS, duration: WARMUP });
      httpLimit = {
        post: await runLoad({ ...post, connections: CREATE_CONNECTIONS, duration: DURATION }),
        get: await runLoad({ url: trivial.url, path: '/ping', connections: READ_CONNECTIONS, duration: DURATION }),
      };
    } finally {
      await trivial.stop();
    }
    log(`HTTP limit: POST ${n(httpLimit.post.rps)}/s, GET ${n(httpLimit.get.rps)}/s`);

    const results: BenchResults = {
      startedAt,
      command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim().replace(/ --$/, ''),
      machine: {
        cpu: cpus()[0]?.model ?? 'desconocido',
        cores: cpus().length,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        os: execSync('uname -sr').toString().trim(),
      },
      options: {
        receipts: RECEIPTS,
        duration: DURATION,
        rounds: ROUNDS,
        warmup: WARMUP,
        readConnections: READ_CONNECTIONS,
        createConnections: CREATE_CONNECTIONS,
      },
      httpLimit,
      bundle,
      databases,
      lighthouse: lighthouseResults,
    };
    writeFileSync(join(CACHE_DIR, `results-${startedAt.replace(/[:.]/g, '-')}.json`), JSON.stringify(results, null, 2));
    if (!args['no-write']) {
      writeReport(resolve(ROOT, args.out), results);
      if (lighthouseResults) writeLighthouse(resolve(ROOT, args.out), lighthouseResults);
      writeCompression(resolve(ROOT, args.out), await measureCompression(serverEntry, run.dir));
      log(`escrito ${args.out}`);
    }
  } finally {
    run.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
