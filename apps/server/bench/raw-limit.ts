// The raw limit of a sale on PostgreSQL: the smallest SQL that makes a sale's writes (receipt,
// items, stock, inventory logs, the Cash payment), one statement per sale with data-modifying
// CTEs, sent from plain `pg` clients, 32 at once: no HTTP, no service layer, no rule checked
// beyond the stock never going below zero. The server's sale does the same writes plus its rules
// (key, credit limit, prices) in two round trips; its figure over this one is what our code costs.
import { createReceiptBodySchema, localTimestampToEpoch, pesosToCents, toMilli } from '@mostrador/shared';
import pg from 'pg';
// @ts-expect-error pg's utils have no types; prepareValue is what pg itself sends for a value.
import { prepareValue } from 'pg/lib/utils.js';
import { type ClosedLoopResult, closedLoop } from './load.js';
import { type Catalogue, receiptMaker } from './workload.js';

export type RawLimitResult = ClosedLoopResult;

const SALE = `with r as (
  insert into receipts (state, payment_mode, client_id, user_id, date, total_cents, created_at, updated_at)
  values ($1, $2, $3, $4, $5, $6, $7, $7) returning id
), i as (
  insert into receipt_items (receipt_id, product_id, product_name, units, quantity_milli, price_cents)
  select r.id, x.product_id, x.name, x.units, x.quantity, x.price
  from r, unnest($8::integer[], $9::text[], $10::text[], $11::bigint[], $12::integer[]) as x(product_id, name, units, quantity, price)
), s as (
  update products p set stock_milli = p.stock_milli - d.quantity, updated_at = $7
  from unnest($13::integer[], $14::bigint[]) as d(product_id, quantity)
  where p.id = d.product_id and p.stock_milli >= d.quantity
  returning p.id, p.name, p.stock_milli, d.quantity
), l as (
  insert into inventory_logs (product_id, receipt_id, user_id, reason, delta_milli, stock_before_milli,
    stock_after_milli, product_name, user_name, note, created_at)
  select s.id, r.id, $4, 'SALE', -s.quantity, s.stock_milli + s.quantity, s.stock_milli, s.name, $15, 'Remisión #' || r.id, $7
  from s, r
)
insert into payments (receipt_id, amount_cents, reason, is_enabled, note, user_id, created_at)
select r.id, $6, 'ADD', 1, 'Contado', $4, $7 from r where $16`;

/** SALE with its values written in as literals (for several sales in one simple query). */
function inlined(client: pg.PoolClient, values: unknown[]): string {
  return SALE.replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n) - 1];
    if (value === null) return 'null';
    return client.escapeLiteral(String(prepareValue(value)));
  });
}

/**
 * The same random sales as the server's load from `concurrency` clients, connected once and kept
 * for every `run` (slices of a run alternated with other loads reuse the same backends).
 */
export async function openRawLimit(
  url: string,
  catalogue: Catalogue,
  {
    concurrency = 32,
    batch = 1,
    seller = { id: 3, name: 'Vendedor Uno' },
  }: {
    concurrency?: number;
    /**
     * Sales per call. Above 1, each client sends that many sale statements in one simple query
     * (values inlined as literals): one round trip and one implicit transaction, one COMMIT, for
     * all of them — what the server's batches do (not the raw limit, which is 1).
     */
    batch?: number;
    seller?: { id: number; name: string };
  } = {},
) {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  pool.on('error', () => undefined);
  const clients: pg.PoolClient[] = [];
  try {
    for (let i = 0; i < concurrency; i += 1) clients.push(await pool.connect());
  } catch (error) {
    for (const client of clients) client.release();
    await pool.end();
    throw error;
  }
  const { rows } = await clients[0]!.query<{ id: number; name: string; units: string }>(
    'select id, name, units from products where id = any($1::integer[])',
    [catalogue.productIds],
  );
  const products = new Map(rows.map((p) => [p.id, p]));
  const make = receiptMaker(catalogue, 29);
  const values = () => {
    const body = createReceiptBodySchema.parse(make());
    const lines = body.items.map((item) => ({
      product: products.get(item.productId)!,
      quantity: toMilli(item.quantity),
      price: pesosToCents(item.price!),
    }));
    const byProduct = new Map<number, number>();
    for (const line of lines) byProduct.set(line.product.id, (byProduct.get(line.product.id) ?? 0) + line.quantity);
    const stockIds = [...byProduct.keys()].sort((a, b) => a - b);
    const total = lines.reduce((sum, line) => sum + Math.round((line.price * line.quantity) / 1000), 0);
    const cash = body.paymentMode === 'Cash';
    return [
      cash ? 'Paid' : 'Pending',
      body.paymentMode,
      body.clientId ?? null,
      seller.id,
      localTimestampToEpoch(body.date),
      total,
      Date.now(),
      lines.map((l) => l.product.id),
      lines.map((l) => l.product.name),
      lines.map((l) => l.product.units),
      lines.map((l) => l.quantity),
      lines.map((l) => l.price),
      stockIds,
      stockIds.map((id) => byProduct.get(id)!),
      seller.name,
      cash,
    ];
  };
  // The values are built inside the timed call, as a client building its statement would.
  const call = (client: pg.PoolClient) =>
    batch === 1
      ? () => client.query({ name: 'raw_sale', text: SALE, values: values() })
      : () => {
          const sales = Array.from({ length: batch }, values);
          // The batch's products locked first in ascending id order, as mostrador_sell_batch
          // does: two batches never wait on each other in a cycle.
          const ids = [...new Set(sales.flatMap((sale) => sale[12] as number[]))];
          const lock = `select 1 from products where id = any('{${ids.join(',')}}'::integer[]) order by id for no key update`;
          return client.query([lock, ...sales.map((sale) => inlined(client, sale))].join(';\n'));
        };
  return {
    /** `seconds` measured after `warmupSeconds`; `times` also receives every sale's latency. */
    run({ seconds, warmupSeconds = 0, times }: { seconds: number; warmupSeconds?: number; times?: number[] }) {
      let next = 0;
      return closedLoop({
        concurrency,
        warmupSeconds,
        seconds,
        perCall: batch,
        times,
        open: () => {
          const client = clients[next++ % concurrency]!;
          return { next: () => call(client) };
        },
      });
    },
    async close() {
      for (const client of clients) client.release();
      await pool.end();
    },
  };
}
