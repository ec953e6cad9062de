// Writes the figures of a bench run into docs/benchmarks.md, between two markers, keeping the
// hand-written text around them.
import type { LoadResult } from './load.js';
import { writeBetweenMarkers } from './markers.js';
import type { BenchResults, DatabaseResults } from './run.js';

const START = '<!-- bench:start (written by npm run bench; edits here are overwritten) -->';
const END = '<!-- bench:end -->';

const n = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
const ms = (value: number) => `${n(value, value < 10 ? 1 : 0)} ms`;
const lat = (l: { p50: number; p95: number; p99: number }) => `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)}`;
const ratio = (value: number, limit: number) => {
  if (!(limit > 0)) return '–';
  const r = value / limit;
  return r >= 0.1 ? n(r, 2) : r.toPrecision(2);
};
const pass = (ok: boolean) => (ok ? '✅' : '❌');
const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ');
const kb = (bytes: number) => `${n(bytes / 1024, 1)} KB`;

function row(cells: string[]) {
  return `| ${cells.join(' | ')} |`;
}

function perDatabase(dbs: DatabaseResults[], label: string, cell: (db: DatabaseResults) => string, bar = '') {
  return row([label, ...dbs.map(cell), bar]);
}

function failures(result: LoadResult) {
  const bad = Object.entries(result.statusCodes).filter(([code]) => Number(code) >= 300);
  const parts = bad.map(([code, count]) => `${n(count)}× ${code}`);
  if (result.errors > 0) parts.push(`${n(result.errors)} errores de conexión`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

export function renderReport(r: BenchResults): string {
  const dbs = r.databases;
  const header = row(['', ...dbs.map((db) => db.version), 'Meta']);
  const rule = row(['---', ...dbs.map(() => '---:'), '---']);
  const http = r.httpLimit;
  const lines = [
    START,
    '',
    `Run of ${r.startedAt.replace('T', ' ').slice(0, 16)} UTC: \`${r.command}\`.`,
    '',
    `Machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memoryGb} GB RAM, ${r.machine.os}, Node ${r.machine.node}. ` +
      `Everything (server, database, load generator, Chromium) ran on this one machine, over loopback.`,
    '',
    `Load average (1 / 5 / 15 min) before each database's run: ${dbs.map((db) => `${db.kind} ${load(db.loadBefore)}`).join('; ')}; ` +
      `after: ${dbs.map((db) => `${db.kind} ${load(db.loadAfter)}`).join('; ')}.`,
    '',
    `Data: ${n(r.options.receipts)} receipts over three years, 2,000 products, 5,000 clients ` +
      `(${dbs.map((db) => `${db.kind}: ${n(db.generation.items)} items, ${n(db.generation.payments)} payments, ${n(db.generation.logs)} inventory logs, ${n(db.generation.pending)} Pending receipts`).join('; ')}). ` +
      `Generation: ${dbs.map((db) => `${db.kind} ${n(db.generation.seconds)} s (${n(db.generation.receipts / db.generation.seconds)} receipts/s${db.generation.cached ? ', cached from an earlier run' : ''})`).join('; ')}.`,
    '',
    `Each load runs ${r.options.duration} s after a ${r.options.warmup} s warm-up; latencies are p50 / p95 / p99 of every answer.` +
      (r.options.rounds
        ? ` Receipt create, its storage limit and its raw limit run alternated, after the data was settled (PostgreSQL: CHECKPOINT, VACUUM ANALYZE; SQLite: wal_checkpoint, ANALYZE): ${r.options.rounds} rounds of one ${r.options.duration} s slice of each, on the same connections; their figures are over all the rounds.`
        : ''),
    '',
    header,
    rule,
    perDatabase(
      dbs,
      `**Receipt create**, ${r.options.createConnections} connections`,
      (db) => `**${n(db.create.rps)}/s**${failures(db.create)}`,
      '≥ 1,000/s',
    ),
    perDatabase(dbs, '… latency', (db) => lat(db.create)),
    perDatabase(
      dbs,
      '… storage limit: the same transaction through the service, one process, no HTTP',
      (db) => `${n(db.storage.rps)}/s (${lat(db.storage)})`,
    ),
    perDatabase(dbs, '… ratio to the storage limit', (db) => ratio(db.create.rps, db.storage.rps)),
    perDatabase(
      dbs,
      '… raw limit: the same writes as one plain SQL statement, pg clients, no HTTP, no service',
      (db) => (db.rawLimit ? `${n(db.rawLimit.rps)}/s (${lat(db.rawLimit)})` : '–'),
    ),
    perDatabase(
      dbs,
      '… ratio to the raw limit (server; storage limit)',
      (db) =>
        db.rawLimit ? `${ratio(db.create.rps, db.rawLimit.rps)}; ${ratio(db.storage.rps, db.rawLimit.rps)}` : '–',
      '≥ 0.9',
    ),
    perDatabase(dbs, `… ratio to the HTTP limit (${n(http.post.rps)}/s)`, (db) => ratio(db.create.rps, http.post.rps)),
    perDatabase(
      dbs,
      `**A day's receipt list**, the screen's first page (100 receipts) — ${dbs[0]?.generation.typicalDay ?? ''}, Pending receipts of any date included`,
      (db) =>
        `p95 **${ms(db.dayListFirstPageAlone.p95)}** alone; ${ms(db.dayListFirstPage.p95)} with ${r.options.readConnections} connections`,
      'p95 < 50 ms',
    ),
    perDatabase(
      dbs,
      '… latency, size, throughput',
      (db) =>
        `alone ${lat(db.dayListFirstPageAlone)}; ${r.options.readConnections} connections ${lat(db.dayListFirstPage)}; ${kb(db.dayListFirstPage.bytes)}; ${n(db.dayListFirstPage.rps)}/s${failures(db.dayListFirstPage)}`,
    ),
    perDatabase(
      dbs,
      '… a whole page (1,000 receipts, the API default)',
      (db) =>
        `p95 ${ms(db.dayListAlone.p95)} alone; ${ms(db.dayList.p95)} with ${r.options.readConnections} connections`,
    ),
    perDatabase(
      dbs,
      '… latency, rows, size, throughput',
      (db) =>
        `alone ${lat(db.dayListAlone)}; ${r.options.readConnections} connections ${lat(db.dayList)}; ${n(db.dayListRows)} rows, ${kb(db.dayList.bytes)}; ${n(db.dayList.rps)}/s${failures(db.dayList)}`,
    ),
    perDatabase(dbs, `… ratio to the HTTP limit (GET ${n(http.get.rps)}/s), first page`, (db) =>
      ratio(db.dayListFirstPage.rps, http.get.rps),
    ),
    perDatabase(
      dbs,
      `**Product list** (2,000 products), ${r.options.readConnections} connections`,
      (db) =>
        `${lat(db.productList)}; ${kb(db.productList.bytes)}; ${n(db.productList.rps)}/s${failures(db.productList)}`,
    ),
    perDatabase(
      dbs,
      '**Cut of a busy day**, one at a time',
      (db) => `**${ms(db.cut.p50)}** (max ${ms(db.cut.max)})${failures(db.cut)}`,
      '< 1 s',
    ),
    perDatabase(dbs, '… receipts that day', (db) => `${n(db.cutReceipts)} (${db.generation.busyDay})`),
    perDatabase(
      dbs,
      '**Dashboard** (today against the busy day, the last 30 days), one at a time',
      (db) =>
        db.dashboard ? `**${ms(db.dashboard.p50)}** (p95 ${ms(db.dashboard.p95)})${failures(db.dashboard)}` : '–',
      '< 300 ms',
    ),
  ];
  if (dbs.some((db) => db.web)) {
    lines.push(
      perDatabase(
        dbs,
        '**Receipts screen** usable (first cards), headless Chromium, cold cache',
        (db) => (db.web ? `**${ms(db.web.usableMs)}**` : '–'),
        '< 1.5 s',
      ),
      perDatabase(dbs, '… every receipt of the range loaded and counted', (db) =>
        db.web ? `${ms(db.web.completeMs)} (${n(db.web.count)} receipts)` : '–',
      ),
    );
  }
  lines.push(
    perDatabase(dbs, 'Whole database consistent afterwards (stock = Σ logs, chains, totals, states)', (db) =>
      db.consistent ? 'yes' : '**NO**',
    ),
  );
  if (r.bundle) {
    lines.push(
      '',
      `**Web initial JavaScript**: ${kb(r.bundle.gzip)} gzip (${kb(r.bundle.bytes)} raw) in ${r.bundle.files.length} files ` +
        `(index.html's scripts and their static imports) ${pass(r.bundle.gzip <= 250 * 1024)} (meta ≤ 250 KB).`,
      '',
      ...r.bundle.files.map((f) => `- \`${f.file}\`: ${kb(f.gzip)} gzip`),
    );
  }
  lines.push(
    '',
    `HTTP limit: a Fastify server with routes that do no work, in its own process: POST /echo (parses the same JSON ` +
      `bodies) ${n(http.post.rps)}/s with ${r.options.createConnections} connections (${lat(http.post)}); GET /ping ` +
      `${n(http.get.rps)}/s with ${r.options.readConnections} connections (${lat(http.get)}).`,
    '',
    END,
  );
  return lines.join('\n');
}

export function writeReport(path: string, results: BenchResults) {
  const block = renderReport(results);
  writeBetweenMarkers(
    path,
    { start: START, end: END, block },
    (current) => `${current || '# Benchmarks\n'}\n${block}\n`,
  );
}
