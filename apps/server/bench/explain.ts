// Where the time of a day's cut, a day's receipt list or the dashboard goes, on a large database: times the
// service call and prints the plan of every query it ran (EXPLAIN QUERY PLAN on SQLite,
// EXPLAIN ANALYZE on PostgreSQL). Not part of `npm test`. Usage, on a generated database:
//   npx tsx apps/server/bench/explain.ts sqlite:./data/bench/sqlite-1000000.db --day 2026-11-14
//   npx tsx apps/server/bench/explain.ts postgres://postgres@127.0.0.1:5432/mostrador_bench_1000000 --what list
//   npx tsx apps/server/bench/explain.ts sqlite:./data/bench/sqlite-1000000.db --what dashboard
import { parseArgs } from 'node:util';
import { businessToday, dayjs, RECEIPT_PAGE_SIZE_DEFAULT } from '@mostrador/shared';
import { CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import type { DB } from '../src/db/schema.js';
import { computeCut } from '../src/modules/reports/reports.service.js';
import { createServices } from '../src/services.js';
import { summarize } from './load.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    day: { type: 'string' },
    what: { type: 'string', default: 'cut,list' },
    runs: { type: 'string', default: '5' },
    /** The dashboard's range in days (ending today); the default range is 30. */
    'range-days': { type: 'string', default: '30' },
  },
});
const url = positionals[0] ?? 'sqlite:./data/bench/sqlite-1000000.db';
const day = args.day ?? dayjs(businessToday()).subtract(7, 'day').format('YYYY-MM-DD');
const runs = Number(args.runs);

/** Remembers every query run through the database it is attached to. */
class Recorder implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery({ node }: { node: RootOperationNode }) {
    this.nodes.push(node);
    return node;
  }
  async transformResult<R>({ result }: { result: R }) {
    return result;
  }
}

const database = openDatabase(url);
const { db, dialect } = database;

async function explain(name: string, call: (db: Kysely<DB>) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call(db);
    times.push(performance.now() - t0);
  }
  const stats = summarize(times);
  console.log(`\n=== ${name}: p50 ${stats.p50.toFixed(1)} ms, max ${stats.max.toFixed(1)} ms (${runs} runs)`);
  const recorder = new Recorder();
  const recorded = db.withPlugin(recorder);
  await call(recorded);
  for (const node of recorder.nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: 'explain' });
    const prefix = dialect === 'postgres' ? 'EXPLAIN (ANALYZE, BUFFERS) ' : 'EXPLAIN QUERY PLAN ';
    const plan = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
    );
    console.log(`\n${compiled.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
    for (const row of plan.rows) console.log(`  ${dialect === 'postgres' ? row['QUERY PLAN'] : row.detail}`);
  }
}

const what = new Set(args.what.split(','));
if (what.has('cut')) await explain(`cut of ${day}`, (executor) => computeCut(executor, day));
if (what.has('list')) {
  await explain(`receipt list of ${day} (page of ${RECEIPT_PAGE_SIZE_DEFAULT}, pending included)`, (executor) =>
    createServices({
      database: { ...database, db: executor },
      config: loadConfig({ DATABASE_URL: url }),
    }).receipts.list(
      {
        fromDate: day,
        toDate: day,
        includePending: true,
      },
      // A trusted reader (no role): every receipt, as an Admin or Manager sees the list.
      { id: 0 },
    ),
  );
}
if (what.has('dashboard')) {
  // The receivables ('Por cobrar') on their own, then the whole call (today's, the default range).
  const services = (executor: Kysely<DB>) =>
    createServices({ database: { ...database, db: executor }, config: loadConfig({ DATABASE_URL: url }) });
  await explain('dashboard: receivables', (executor) => services(executor).credit.receivables());
  const to = businessToday();
  const from = dayjs(to)
    .subtract(Number(args['range-days']) - 1, 'day')
    .format('YYYY-MM-DD');
  await explain(`dashboard (range ${from} to ${to})`, (executor) => services(executor).dashboard.get({ from, to }));
}
await database.close();
