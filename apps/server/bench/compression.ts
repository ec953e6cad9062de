// What compressing JSON answers buys: a page of 1,000 receipts (the largest the list serves)
// fetched without compression, with gzip and with brotli from the real server bundle, on a
// generated database of its own. Writes its section of docs/benchmarks.md between its markers
// (`npm run bench` calls it after its own report).
//
//   npx tsx apps/server/bench/compression.ts              # measures and writes the section
//   npx tsx apps/server/bench/compression.ts --no-write   # measures only
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { SessionResponse } from '@mostrador/shared';
import { buildServerBundle, makeRunDir, ROOT, type RunningServer, startServer } from '../scripts/server-process.js';
import { BENCH_PASSWORD, DEFAULT_GENERATE, generate } from './generate.js';
import { type LoadResult, runLoad, summarize } from './load.js';
import { writeBetweenMarkers } from './markers.js';

const START = '<!-- compression:start (written by apps/server/bench/compression.ts; edits here are overwritten) -->';
const END = '<!-- compression:end -->';
const PAGE_PATH = '/api/receipt/list?pageSize=1000';
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Sequential fetches per encoding for one user's wait. */
const SAMPLES = 40;
/** Link speeds the page would cross in a shop: a slow mobile hotspot and ordinary Wi-Fi. */
const LINKS_MBIT = [2, 20];

interface EncodingResult {
  encoding: Encoding;
  bytes: number;
  rows: number;
  /** Request to last byte over loopback, one request at a time (ms). */
  alone: ReturnType<typeof summarize>;
  /** Compressing the page once, as the server does (ms, median, in this process). */
  encodeMs: number;
  /** Decoding it in the client (ms, median). */
  decodeMs: number;
  /** Four connections at once for 10 s. */
  load: LoadResult;
}

export interface CompressionResults {
  startedAt: string;
  receipts: number;
  /** Load average (1 / 5 / 15 min) before and after: the machine may be shared. */
  loadBefore: number[];
  loadAfter: number[];
  results: EncodingResult[];
}

const log = (line: string) => console.log(`[compression] ${line}`);
const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** One GET with the raw (still encoded) body, timed to its last byte. */
function fetchRaw(url: string, token: string, encoding: Encoding) {
  return new Promise<{ body: Buffer; ms: number; contentEncoding?: string }>((done, fail) => {
    const started = performance.now();
    const req = request(
      url,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return fail(new Error(`${url}: ${response.statusCode}`));
          const contentEncoding = response.headers['content-encoding'];
          done({ body: Buffer.concat(chunks), ms: performance.now() - started, contentEncoding });
        });
      },
    );
    req.on('error', fail);
    req.end();
  });
}

// The plugin's settings: zlib's default gzip level (6), brotli at quality 4.
const encode = (body: Buffer, encoding: Encoding) =>
  encoding === 'gzip'
    ? gzipSync(body)
    : encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : body;
const decode = (body: Buffer, encoding: Encoding) =>
  encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body;

async function measureEncoding(server: RunningServer, token: string, encoding: Encoding): Promise<EncodingResult> {
  const url = `${server.url}${PAGE_PATH}`;
  const first = await fetchRaw(url, token, encoding);
  const expected = encoding === 'identity' ? undefined : encoding;
  if (first.contentEncoding !== expected) throw new Error(`${encoding}: answered ${first.contentEncoding}`);
  const plain = decode(first.body, encoding);
  const rows = (JSON.parse(plain.toString()) as { data: unknown[] }).data.length;
  const times: number[] = [];
  const encodes: number[] = [];
  const decodes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const { body, ms } = await fetchRaw(url, token, encoding);
    times.push(ms);
    const t0 = performance.now();
    decode(body, encoding);
    const t1 = performance.now();
    encode(plain, encoding);
    decodes.push(t1 - t0);
    encodes.push(performance.now() - t1);
  }
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
  await runLoad({ url: server.url, path: PAGE_PATH, headers, connections: 4, duration: 3 });
  const load = await runLoad({ url: server.url, path: PAGE_PATH, headers, connections: 4, duration: 10 });
  return {
    encoding,
    bytes: first.body.length,
    rows,
    alone: summarize(times),
    encodeMs: summarize(encodes).p50,
    decodeMs: summarize(decodes).p50,
    load,
  };
}

/** Generates a database, starts the server bundle on it and measures each encoding. */
export async function measureCompression(serverEntry: string, runDir: string): Promise<CompressionResults> {
  const receipts = 5000;
  const loadBefore = loadavg();
  const db = `sqlite:${join(runDir, 'compression.db')}`;
  log(`generando ${n(receipts)} remisiones…`);
  await generate({ ...DEFAULT_GENERATE, db, receipts, busy: 1000, log: () => undefined });
  const server = await startServer(serverEntry, {
    DATABASE_URL: db,
    DATA_DIR: runDir,
    UPLOAD_DIR: join(runDir, 'uploads'),
    WEB_DIST: join(runDir, 'no-web'),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'warn',
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'vendedor1@bench.mx', password: BENCH_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as SessionResponse;
    const results: EncodingResult[] = [];
    for (const encoding of ENCODINGS) {
      log(`${encoding}…`);
      const result = await measureEncoding(server, accessToken, encoding);
      log(
        `${encoding}: ${n(result.bytes / 1024, 1)} KB, comprimir ${n(result.encodeMs, 1)} ms, ` +
          `solo p50 ${n(result.alone.p50, 1)} ms, ` +
          `4 conexiones ${n(result.load.rps, 1)}/s (p50 ${n(result.load.p50, 1)} ms)`,
      );
      results.push(result);
    }
    return { startedAt: new Date().toISOString(), receipts, loadBefore, loadAfter: loadavg(), results };
  } finally {
    await server.stop();
  }
}

export function renderCompression(r: CompressionResults): string {
  const plain = r.results.find((result) => result.encoding === 'identity')!;
  const names: Record<Encoding, string> = { identity: 'none', gzip: 'gzip', br: 'brotli (level 4)' };
  const transfer = (bytes: number, mbit: number) => `${n((bytes * 8) / (mbit * 1000), 0)} ms`;
  const lines = [
    START,
    '',
    `Run of ${r.startedAt.replace('T', ' ').slice(0, 16)} UTC: \`npx tsx apps/server/bench/compression.ts\`, ` +
      `the server bundle on a generated SQLite database of ${n(r.receipts)} receipts, over loopback. ` +
      `The page is \`GET ${PAGE_PATH}\` (${n(plain.rows)} receipts, as a seller). Load average before / after: ` +
      `${r.loadBefore.map((l) => l.toFixed(2)).join(' / ')}; ${r.loadAfter.map((l) => l.toFixed(2)).join(' / ')}.`,
    '',
    `| Content-Encoding | Size | vs. none | Compress | Client decode | Alone p50 / p95 | 4 connections | … p50 / p95 | ${LINKS_MBIT.map((m) => `Transfer at ${m} Mbit/s`).join(' | ')} |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ${LINKS_MBIT.map(() => '---:').join(' | ')} |`,
    ...r.results.map((result) =>
      [
        '',
        names[result.encoding],
        `${n(result.bytes / 1024, 1)} KB`,
        result.encoding === 'identity' ? '' : `${n((100 * result.bytes) / plain.bytes, 1)} %`,
        result.encoding === 'identity' ? '' : `${n(result.encodeMs, 1)} ms`,
        result.encoding === 'identity' ? '' : `${n(result.decodeMs, 1)} ms`,
        `${n(result.alone.p50, 1)} / ${n(result.alone.p95, 1)} ms`,
        `${n(result.load.rps, 1)}/s`,
        `${n(result.load.p50, 1)} / ${n(result.load.p95, 1)} ms`,
        ...LINKS_MBIT.map((mbit) => transfer(result.bytes, mbit)),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
    '',
    'Transfer times are computed (size ÷ link speed), not measured: loopback has no such limit, so the ' +
      'measured columns show only what compressing costs the server.',
    '',
    END,
  ];
  return lines.join('\n');
}

/** Replaces the section between its markers, or appends it under its own heading. */
export function writeCompression(file: string, r: CompressionResults) {
  const block = renderCompression(r);
  writeBetweenMarkers(
    file,
    { start: START, end: END, block },
    (current) => `${current.trimEnd()}\n\n## Compression\n\n${block}\n`,
  );
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      'no-write': { type: 'boolean', default: false },
      out: { type: 'string', default: 'docs/benchmarks.md' },
    },
  });
  const run = makeRunDir('compression');
  try {
    log('compilando el servidor…');
    const results = await measureCompression(buildServerBundle(run.dir), run.dir);
    if (!args['no-write']) {
      writeCompression(resolve(ROOT, args.out), results);
      log(`escrito ${args.out}`);
    }
  } finally {
    run.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
