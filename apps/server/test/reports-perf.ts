// How long a day's cut takes on a large database (DESIGN 5: < 1 s for a day of 2,000 receipts
// on a database of 1,000,000). Not part of `npm test`: run it by hand, e.g.
//   npx tsx apps/server/test/reports-perf.ts sqlite:/tmp/perf.db
//   npx tsx apps/server/test/reports-perf.ts postgres://postgres@127.0.0.1:5432/mostrador_perf
// The first run fills an empty database (a few minutes); later runs only measure.
import { businessDayBounds, dayjs } from '@mostrador/shared';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DB } from '../src/db/schema.js';
import { createReportsService } from '../src/modules/reports/reports.service.js';

const url = process.argv[2] ?? 'sqlite:/tmp/mostrador-perf.db';
const RECEIPTS = Number(process.env.PERF_RECEIPTS ?? 1_000_000);
const PER_DAY = 2_000;
const PRODUCTS = 2_000;
const CLIENTS = 500;
const FIRST_DAY = '2025-01-01';
const DAYS = Math.ceil(RECEIPTS / PER_DAY);

if (url.startsWith('postgres')) {
  // Create the database when it does not exist yet.
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
}

const database = openDatabase(url);
await migrateToLatest(database);
const { db, dialect } = database;
const postgres = dialect === 'postgres';

/** 1..n as a row source named s(n), in either dialect. */
const series = (n: number) =>
  postgres
    ? `generate_series(1, ${n}) as s(n)`
    : `(with recursive g(n) as (select 1 union all select n + 1 from g where n < ${n}) select n from g) as s`;

async function fill(db: Kysely<DB>) {
  const started = performance.now();
  const base = businessDayBounds(FIRST_DAY).start;
  const run = (text: string) => sql.raw(text).execute(db);
  await run(
    `insert into users (name, email, role, password_hash, is_enabled, created_at, updated_at) values ('Perf', 'perf@x.mx', 'Admin', 'x', 1, 0, 0)`,
  );
  await run(`insert into products (cuid, name, units, stock_quantity, image_path, created_at, updated_at)
    select 'P' || n, 'Producto ' || n, 'pza', 1000000, null, 0, 0 from ${series(PRODUCTS)}`);
  await run(`insert into clients (first_name, last_name, phone, email, address, is_enabled, created_at, updated_at)
    select 'Cliente', 'N' || n, null, null, null, 1, 0, 0 from ${series(CLIENTS)}`);

  // Receipt n: day (n-1)/2000, spread over 22 hours from 01:00; 3 items of products p(n,k).
  const date = `${base} + ((n - 1) / ${PER_DAY}) * cast(86400000 as bigint) + 3600000 + ((n - 1) % ${PER_DAY}) * 39600`;
  const product = (k: number) => `((n * 7 + ${k * 13}) % ${PRODUCTS}) + 1`;
  const quantity = (k: number) => `(1 + (n + ${k}) % 5)`;
  const price = (k: number) => `(500 + ${product(k)} * 10)`;
  const total = [0, 1, 2].map((k) => `${quantity(k)} * ${price(k)}`).join(' + ');
  const lastDays = RECEIPTS - PER_DAY * 60;
  await run(`insert into receipts (state, payment_mode, client_id, user_id, date, total_cents, created_at, updated_at)
    select case when n % 40 = 0 and n > ${lastDays} then 'Pending' when n % 97 = 0 then 'Cancelled' else 'Paid' end,
           case when n % 10 < 3 then 'Credit' else 'Cash' end,
           case when n % 10 < 3 then (n % ${CLIENTS}) + 1 else null end,
           1, ${date}, ${total}, ${date}, ${date}
    from ${series(RECEIPTS)}`);
  console.log(`receipts: ${Math.round(performance.now() - started)} ms`);
  for (const k of [0, 1, 2]) {
    await run(`insert into receipt_items (receipt_id, product_id, product_name, units, quantity, price_cents)
      select n, ${product(k)}, 'Producto ' || ${product(k)}, 'pza', ${quantity(k)}, ${price(k)} from ${series(RECEIPTS)}`);
    await run(`insert into inventory_logs (product_id, receipt_id, user_id, reason, delta, stock_before, stock_after, product_name, user_name, note, created_at)
      select ${product(k)}, n, 1, 'SALE', -${quantity(k)}, 1000000, 1000000 - ${quantity(k)}, 'Producto ' || ${product(k)}, 'Perf', null, ${date}
      from ${series(RECEIPTS)}`);
  }
  console.log(`items and logs: ${Math.round(performance.now() - started)} ms`);
  await run(`insert into payments (receipt_id, amount_cents, reason, is_enabled, note, user_id, created_at, cancelled_at, cancelled_by)
    select n, case when n % 40 = 0 and n > ${lastDays} then 1000 else ${total} end, 'ADD', 1, null, 1, ${date}, null, null
    from ${series(RECEIPTS)}`);
  await run('analyze');
  console.log(`filled in ${Math.round(performance.now() - started)} ms`);
}

const count = await db
  .selectFrom('receipts')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(count.n) === 0) await fill(db);
const total = await db
  .selectFrom('receipts')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
console.log(`${dialect}: ${Number(total.n).toLocaleString('en')} receipts`);

const service = createReportsService({ db, dialect, now: () => Date.now() });
for (const offset of [Math.floor(DAYS / 2), DAYS - 1]) {
  const day = dayjs(FIRST_DAY).add(offset, 'day').format('YYYY-MM-DD');
  const { start, end } = businessDayBounds(day);
  const inDay = await db
    .selectFrom('receipts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('date', '>=', start)
    .where('date', '<=', end)
    .executeTakeFirstOrThrow();
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 5; i += 1) {
    const t0 = performance.now();
    const cut = await service.generate(day, { id: 1 });
    times.push(performance.now() - t0);
    size = cut.data.length;
  }
  times.sort((a, b) => a - b);
  console.log(
    `cut of ${day} (${Number(inDay.n)} receipts, ${Math.round(size / 1024)} KB): ` +
      `median ${times[2]!.toFixed(0)} ms, max ${times[4]!.toFixed(0)} ms`,
  );
}

if (process.env.PERF_EXPLAIN) {
  const day = dayjs(FIRST_DAY)
    .add(DAYS - 1, 'day')
    .format('YYYY-MM-DD');
  const { start, end } = businessDayBounds(day);
  const explain = postgres ? 'explain analyze' : 'explain query plan';
  const queries = {
    movements: `select product_id, min(id), max(id), sum(delta) from inventory_logs where created_at >= ${start} and created_at <= ${end} group by product_id`,
    sales: `select i.product_id, i.price_cents, r.payment_mode, sum(i.quantity) from receipts r join receipt_items i on i.receipt_id = r.id where r.date >= ${start} and r.date <= ${end} and r.state <> 'Cancelled' group by i.product_id, i.price_cents, r.payment_mode`,
    payments: `select sum(amount_cents) from payments where created_at >= ${start} and created_at <= ${end} and is_enabled = 1`,
    pendingItems: `select i.* from receipts r join receipt_items i on i.receipt_id = r.id where r.state = 'Pending' and r.payment_mode = 'Credit' and r.date <= ${end}`,
  };
  for (const [name, query] of Object.entries(queries)) {
    const plan = await sql.raw<Record<string, unknown>>(`${explain} ${query}`).execute(db);
    console.log(`\n${name}:\n${plan.rows.map((r) => Object.values(r).join(' ')).join('\n')}`);
  }
}

await database.close();
