// The dashboard (`GET /api/dashboard`, its default 30-day range and a 90-day one) on the
// benchmark's 1,000,000 receipts, SQLite and PostgreSQL: one request at a time, as an owner opens
// the screen, over loopback HTTP to the real application. The generated data ends today, so the
// dashboard's "same weekday last week" is the generator's busy day. p50/p95 go to
// docs/benchmarks.md with the load average they were measured under.
//
//   npx tsx apps/server/bench/dashboard.ts                      # SQLite, and PostgreSQL on TEST_DATABASE_URL
//   npx tsx apps/server/bench/dashboard.ts --receipts 100000 --no-write
// The generated databases are kept (./data/bench/dashboard-sqlite-<n>.db and the PostgreSQL
// database --pg-name) and migrated to this code's schema; --regenerate builds them anew.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { businessToday, dayjs } from '@mostrador/shared';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { BENCH_PASSWORD, BENCH_USERS, DEFAULT_GENERATE, generate } from './generate.js';
import { summarize } from './load.js';
import { writeBetweenMarkers } from './markers.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    receipts: { type: 'string', default: String(DEFAULT_GENERATE.receipts) },
    requests: { type: 'string', default: '30' },
    'pg-name': { type: 'string' },
    regenerate: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks.md' },
  },
});
const RECEIPTS = Number(args.receipts);
const REQUESTS = Number(args.requests);
const CACHE_DIR = resolve('data/bench');
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const log = (line: string) => console.log(`[dashboard] ${line}`);

interface Figures {
  dialect: string;
  path: string;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
  load: number;
}

async function measure(dialect: string, url: string): Promise<Figures[]> {
  const database = openDatabase(url);
  await migrateToLatest(database);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_USERS[0].email, password: BENCH_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'gzip' };
    const today = businessToday();
    const paths = [
      '/api/dashboard',
      `/api/dashboard?from=${dayjs(today).subtract(89, 'day').format('YYYY-MM-DD')}&to=${today}`,
    ];
    const figures: Figures[] = [];
    for (const path of paths) {
      let bytes = 0;
      const get = async () => {
        const response = await fetch(`${address}${path}`, { headers });
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        bytes = (await response.arrayBuffer()).byteLength;
      };
      // The answer carries the profit (issue 37): the generated lines have costs, some none.
      const checked = (await (
        await fetch(`${address}${path}`, { headers: { authorization: headers.authorization } })
      ).json()) as {
        profit?: { last30Days: { revenue: number; profit: number; margin: number | null; noCostRevenue: number } };
      };
      const profit = checked.profit?.last30Days;
      if (!profit || profit.revenue <= 0 || profit.noCostRevenue <= 0)
        throw new Error(`${path}: sin utilidad en la respuesta`);
      log(
        `${dialect} ${path}: utilidad 30 días ${profit.profit} (margen ${profit.margin} %), sin costo ${profit.noCostRevenue}`,
      );
      for (let i = 0; i < 3; i++) await get(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        await get();
        times.push(performance.now() - started);
      }
      const stats = summarize(times);
      figures.push({ dialect, path, p50: stats.p50, p95: stats.p95, max: stats.max, bytes, load: loadavg()[0]! });
      log(`${dialect} ${path}: p50 ${stats.p50.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms`);
    }
    return figures;
  } finally {
    await app.close();
    await database.close();
  }
}

async function generated(url: string, kind: string) {
  log(`generando ${RECEIPTS.toLocaleString('en-US')} remisiones en ${kind}…`);
  const summary = await generate({ ...DEFAULT_GENERATE, db: url, receipts: RECEIPTS, log: () => {} });
  log(`generada en ${summary.seconds.toFixed(0)} s`);
}

async function sqliteFigures(): Promise<Figures[]> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = join(CACHE_DIR, `dashboard-sqlite-${RECEIPTS}.db`);
  if (args.regenerate || !existsSync(file)) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    await generated(`sqlite:${file}`, 'SQLite');
  }
  return measure('SQLite', `sqlite:${file}`);
}

async function postgresFigures(adminUrl: string): Promise<Figures[]> {
  const name = args['pg-name'] ?? `mostrador_bench_dashboard_${RECEIPTS}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount === 1;
    if (args.regenerate || !exists) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      await generated(url.toString(), 'PostgreSQL');
    }
  } finally {
    await admin.end();
  }
  return measure('PostgreSQL', url.toString());
}

const figures: Figures[] = [];
if (args.db !== 'postgres') figures.push(...(await sqliteFigures()));
if (args.db !== 'sqlite' && PG_ADMIN_URL) figures.push(...(await postgresFigures(PG_ADMIN_URL)));

const ms = (value: number) => `${value.toFixed(1)} ms`;
if (!args['no-write']) {
  const start = '<!-- dashboard:start -->';
  const end = '<!-- dashboard:end -->';
  const rows = figures.map(
    (f) =>
      `| ${f.dialect} | ${f.path.includes('from=') ? '90 days' : '30 days (default)'} | ${ms(f.p50)} | **${ms(f.p95)}** | ${ms(f.max)} | ${(f.bytes / 1024).toFixed(1)} KB | ${f.load.toFixed(2)} |`,
  );
  const block = [
    start,
    `Measured with \`npx tsx apps/server/bench/dashboard.ts\` on ${new Date().toISOString().slice(0, 10)}: ` +
      `${RECEIPTS.toLocaleString('en-US')} receipts over three years, ${REQUESTS} requests one at a time over ` +
      'loopback HTTP (gzip) after 3 warm-up requests, as Admin. The bar is 300 ms. The load average is ' +
      "the machine's 1-minute load when the measurement ended (2 cores, shared).",
    '',
    '| Database | Range | p50 | p95 | max | Response | Load |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    end,
  ].join('\n');
  writeBetweenMarkers(
    args.out,
    { start, end, block },
    (current) => `${current.trimEnd()}\n\n## Dashboard\n\n${block}\n`,
  );
}
