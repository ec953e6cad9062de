// The counter's lookup (`GET /api/product/lookup`) with 20,000 products, on SQLite and PostgreSQL:
// one request at a time, as a scanner sends them, over loopback HTTP to the real application
// (routing, token, validation, the indexed queries, serialization). Half the codes are barcodes,
// half product codes typed in lower case; p50/p95 go to docs/benchmarks.md.
//
//   npx tsx apps/server/bench/lookup.ts              # SQLite, and PostgreSQL on TEST_DATABASE_URL
//   npx tsx apps/server/bench/lookup.ts --no-write   # print only
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { BENCH_PASSWORD, BENCH_USERS, benchBarcode, generate } from './generate.js';
import { writeBetweenMarkers } from './markers.js';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '2000' },
    'no-write': { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks.md' },
  },
});
const PRODUCTS = Number(args.products);
const REQUESTS = Number(args.requests);

interface LookupFigures {
  dialect: string;
  p50: number;
  p95: number;
  max: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function measure(dialect: string, url: string): Promise<LookupFigures> {
  await generate({
    db: url,
    receipts: 200,
    products: PRODUCTS,
    clients: 10,
    years: 1,
    busy: 0,
    seed: 14,
    log: () => {},
  });
  const database = openDatabase(url);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_USERS[2].email, password: BENCH_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const codeOf = (i: number) => {
      const id = 1 + ((i * 7919) % PRODUCTS);
      return i % 2 === 0 ? benchBarcode(id) : `p${String(id).padStart(5, '0')}`;
    };
    const lookup = async (i: number) => {
      const response = await fetch(`${address}/api/product/lookup?code=${codeOf(i)}`, { headers });
      if (response.status !== 200) throw new Error(`lookup ${codeOf(i)}: ${response.status}`);
      await response.arrayBuffer();
    };
    for (let i = 0; i < 200; i++) await lookup(i); // warm-up
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      await lookup(i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { dialect, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1)! };
  } finally {
    await app.close();
    await database.close();
  }
}

async function sqliteFigures(): Promise<LookupFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-lookup-'));
  try {
    return await measure('SQLite', `sqlite:${join(dir, 'lookup.db')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresFigures(adminUrl: string): Promise<LookupFigures> {
  const name = 'mostrador_bench_lookup';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await measure('PostgreSQL', url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const figures = [await sqliteFigures()];
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) figures.push(await postgresFigures(pgUrl));
for (const f of figures) console.log(`${f.dialect}: p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, max ${ms(f.max)}`);

if (!args['no-write']) {
  const start = '<!-- lookup:start -->';
  const end = '<!-- lookup:end -->';
  const rows = figures.map((f) => `| ${f.dialect} | ${ms(f.p50)} | **${ms(f.p95)}** | ${ms(f.max)} |`);
  const block = [
    start,
    `Measured with \`npx tsx apps/server/bench/lookup.ts\` on ${new Date().toISOString().slice(0, 10)}: ` +
      `${PRODUCTS.toLocaleString('en-US')} products, ${REQUESTS.toLocaleString('en-US')} lookups one at a ` +
      'time over loopback HTTP (half barcodes, half codes in lower case), after 200 warm-up requests.',
    '',
    '| Database | p50 | p95 | max |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
    end,
  ].join('\n');
  writeBetweenMarkers(
    args.out,
    { start, end, block },
    (current) => `${current.trimEnd()}\n\n## Counter lookup\n\n${block}\n`,
  );
}
