// What reading the session on every request costs: the session lookup alone (the one query the
// access plugin adds: sessions joined with users by primary key) and a whole guarded request
// through the app (GET /api/user/list, a handful of users), in this process, on SQLite and, when
// TEST_DATABASE_URL is set, on PostgreSQL; the sessions table holds 100,000 rows, a few years of
// sign-ins. Writes its section of docs/benchmarks.md between its markers.
//
//   npx tsx apps/server/bench/session-check.ts              # measures and writes the section
//   npx tsx apps/server/bench/session-check.ts --no-write   # measures only
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { hashPassword } from '../src/lib/password.js';
import { ROOT } from '../scripts/server-process.js';
import { writeBetweenMarkers } from './markers.js';

const START =
  '<!-- session-check:start (written by apps/server/bench/session-check.ts; edits here are overwritten) -->';
const END = '<!-- session-check:end -->';
const SESSIONS = 100_000;
const SAMPLES = 3_000;
const PASSWORD = 'sesiones-bench-2026';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(2)} ms`;

async function timed(samples: number, work: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    await work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function seed(database: Database) {
  const now = Date.now();
  const passwordHash = await hashPassword(PASSWORD);
  const users = await database.db
    .insertInto('users')
    .values(
      ['Admin', 'Manager', 'Seller', 'Seller', 'Seller'].map((role, i) => ({
        name: `Usuario ${i}`,
        email: `u${i}@bench.mx`,
        role: role as 'Admin',
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning('id')
    .execute();
  for (let from = 0; from < SESSIONS; from += 2_000) {
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      id: `bench-${from + i}`,
      userId: users[(from + i) % users.length]!.id,
      createdAt: now - (SESSIONS - from - i) * 60_000,
      revokedAt: (from + i) % 3 === 0 ? now : null,
    }));
    await database.db.insertInto('sessions').values(rows).execute();
  }
}

async function measure(label: string, url: string) {
  const database = openDatabase(url);
  await migrateToLatest(database);
  await seed(database);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, database, jwtSecret: 'session-bench-secret-long-enough-for-hs256' });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'u0@bench.mx', password: PASSWORD },
  });
  const { accessToken } = login.json<{ accessToken: string }>();
  const sid = (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
  const check = await timed(SAMPLES, () => app.services.sessions.check(sid));
  const request = await timed(SAMPLES, () =>
    app.inject({ method: 'GET', url: '/api/user/list', headers: { authorization: `Bearer ${accessToken}` } }),
  );
  await app.close();
  await database.close();
  return { label, check, request };
}

async function postgresUrl(adminUrl: string) {
  const name = `mostrador_bench_sessions_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name}`);
      await again.end();
    },
  };
}

async function main() {
  const { values } = parseArgs({ options: { 'no-write': { type: 'boolean', default: false } } });
  const loadBefore = loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ');
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-session-bench-'));
  const results = [await measure('SQLite', `sqlite:${join(dir, 'bench.db')}`)];
  rmSync(dir, { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) {
    const postgres = await postgresUrl(process.env.TEST_DATABASE_URL);
    try {
      results.push(await measure('PostgreSQL', postgres.url));
    } finally {
      await postgres.drop();
    }
  }
  const rows = results.map(
    ({ label, check, request }) =>
      `| ${label} | ${ms(check.p50)} / ${ms(check.p95)} | ${ms(request.p50)} / ${ms(request.p95)} | ${((check.p50 / request.p50) * 100).toFixed(0)} % |`,
  );
  const block = [
    START,
    '',
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`npx tsx apps/server/bench/session-check.ts\`, in one process (no sockets), ${SESSIONS.toLocaleString('en-US')} session rows, ${SAMPLES.toLocaleString('en-US')} sequential samples after 200 warm-up ones. Load average before: ${loadBefore}.`,
    '',
    '| Database | Session check alone, p50 / p95 | Guarded `GET /api/user/list` (check included), p50 / p95 | Share of the request (p50) |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    '',
    END,
  ].join('\n');
  console.log(block);
  if (!values['no-write']) {
    writeBetweenMarkers(
      resolve(ROOT, 'docs/benchmarks.md'),
      { start: START, end: END, block },
      (current) =>
        `${current.trimEnd()}\n\n## Session check per request\n\nEvery authenticated request reads its session and user (role, enabled) by primary key, so a disabled user, a new role or a logout take effect on the next request.\n\n${block}\n`,
    );
  }
}

await main();
