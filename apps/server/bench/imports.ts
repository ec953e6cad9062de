// What importing a whole catalogue costs: 20,000 products in one CSV and in one Excel workbook,
// each into an empty database of its own, through the real application (multipart upload,
// parsing, validation of every row, one transaction), on SQLite and on PostgreSQL. The preview
// (read and check only) and the import (read, check and write) are timed separately. Writes its
// section of docs/benchmarks.md between its markers.
//
//   npx tsx apps/server/bench/imports.ts              # measures and writes the section
//   npx tsx apps/server/bench/imports.ts --no-write   # measures only
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ROOT } from '../scripts/server-process.js';
import { writeBetweenMarkers } from './markers.js';

const START = '<!-- imports:start (written by apps/server/bench/imports.ts; edits here are overwritten) -->';
const END = '<!-- imports:end -->';
const PRODUCTS = 20_000;
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

type Kind = 'sqlite' | 'postgres';
type Format = 'csv' | 'xlsx';

interface Result {
  kind: Kind;
  format: Format;
  bytes: number;
  previewMs: number;
  importMs: number;
  created: number;
}

const log = (line: string) => console.log(`[imports] ${line}`);
const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A catalogue as a shop would bring it: code, name, unit and stock for every product. */
function catalogueRows(): string[][] {
  const units = ['pza', 'kg', 'caja', 'lt', 'paquete'];
  return Array.from({ length: PRODUCTS }, (_, i) => [
    `CAT-${String(i + 1).padStart(6, '0')}`,
    `Producto de catálogo ${i + 1} ${randomBytes(3).toString('hex')}`,
    units[i % units.length]!,
    String(i % 250),
  ]);
}

const HEADER = ['código', 'nombre', 'unidad', 'existencia'];

async function fileOf(format: Format, rows: string[][]): Promise<Buffer> {
  if (format === 'csv') return Buffer.from([HEADER, ...rows].map((row) => row.join(',')).join('\r\n'), 'utf8');
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Productos').addRows([HEADER, ...rows.map(([c, name, u, s]) => [c, name, u, Number(s)])]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An empty, migrated database and how to throw it away. */
async function freshDatabase(kind: Kind) {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-import-'));
    const url = `sqlite:${join(dir, 'bench.db')}`;
    return { url, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `mostrador_bench_import_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function multipartOf(data: Buffer, filename: string) {
  const boundary = `----mostrador${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function measure(kind: Kind, format: Format, file: Buffer): Promise<Result> {
  const target = await freshDatabase(kind);
  const database = openDatabase(target.url);
  try {
    await migrateToLatest(database);
    const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ config, database, jwtSecret: JWT_SECRET });
    await app.ready();
    const admin = await app.services.users.ensureFirstAdmin();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin!.email, password: admin!.password },
    });
    const authorization = `Bearer ${login.json<{ accessToken: string }>().accessToken}`;
    const call = async (step: 'preview' | 'commit') => {
      const body = multipartOf(file, `catalogo.${format}`);
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/import/${step}?kind=products`,
        payload: body.payload,
        headers: { ...body.headers, authorization },
      });
      const ms = performance.now() - started;
      if (response.statusCode !== 200)
        throw new Error(`${step}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return { ms, body: response.json<{ created?: number; errors?: unknown[] }>() };
    };
    const preview = await call('preview');
    if (preview.body.errors?.length) throw new Error(`preview found errors: ${JSON.stringify(preview.body.errors)}`);
    const imported = await call('commit');
    await app.close();
    const result = {
      kind,
      format,
      bytes: file.length,
      previewMs: preview.ms,
      importMs: imported.ms,
      created: imported.body.created ?? 0,
    };
    log(`${kind} ${format}: preview ${n(result.previewMs)} ms, import ${n(result.importMs)} ms`);
    return result;
  } finally {
    await database.close();
    await target.drop();
  }
}

function report(results: Result[], loadBefore: number[], loadAfter: number[]) {
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
  const lines = [
    START,
    '',
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`npx tsx apps/server/bench/imports.ts\`, ` +
      `${n(PRODUCTS)} new products (código, nombre, unidad, existencia; all but one in 250 with stock, each with its ADD ` +
      'movement) into an empty database, through the application in process (`app.inject`: multipart upload, ' +
      `parsing, every row validated, one transaction). Load average before / after: ${load(loadBefore)}; ${load(loadAfter)}.`,
    '',
    '| Database | File | Size | Preview (read + check) | Import (read + check + write) | Products created |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${r.format === 'csv' ? 'CSV' : 'Excel'} | ${n(r.bytes / 1024 / 1024, 1)} MB | ${n(r.previewMs)} ms | ${n(r.importMs)} ms | ${n(r.created)} |`,
    ),
    '',
    END,
  ];
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({ options: { 'no-write': { type: 'boolean', default: false } } });
  const loadBefore = loadavg();
  const rows = catalogueRows();
  const files = { csv: await fileOf('csv', rows), xlsx: await fileOf('xlsx', rows) };
  const kinds: Kind[] = PG_ADMIN_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const results: Result[] = [];
  for (const kind of kinds)
    for (const format of ['csv', 'xlsx'] as const) results.push(await measure(kind, format, files[format]));
  const block = report(results, loadBefore, loadavg());
  console.log(block);
  if (!values['no-write']) {
    writeBetweenMarkers(
      resolve(ROOT, 'docs/benchmarks.md'),
      { start: START, end: END, block },
      (current) => `${current.trimEnd()}\n\n## Import\n\n${block}\n`,
    );
  }
}

await main();
