import { businessDayOf, lineTaxes, lineTotalCents } from '@mostrador/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialect } from './helpers/database.js';
import { createReceipt, seedClient, seedProduct } from './helpers/factories.js';

// A batch of sales written set by set on PostgreSQL (db/sql/mostrador_sell_set.sql): a set of
// sales must leave exactly the rows that the same sales leave run one after another, one set of
// one each, and must refuse (so that mostrador_sell_batch runs them one by one) whenever one of
// them would be refused. Each run below happens in a transaction that is rolled back.

interface Line {
  productId: number;
  milli: number;
  priceCents: number;
}
interface SaleOptions {
  lines: Line[];
  credit?: { clientId: number; authorizedBy?: number | null };
  key?: { key: string; createdAt?: number };
  lateDays?: string[];
}

const SIXTEEN = { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: null } as const;
function taxColumns(line: Line) {
  const split = lineTaxes(lineTotalCents(line.priceCents, line.milli), line.milli, SIXTEEN);
  return {
    iva_rate: SIXTEEN.ivaRate,
    ieps_rate_ppm: null,
    ieps_quota_micros: null,
    base_cents: split.baseCents,
    ieps_cents: split.iepsCents,
    iva_cents: split.ivaCents,
  };
}

const AT = Date.now();
const TTL = 24 * 3600_000;
const YESTERDAY = businessDayOf(AT - 24 * 3600_000);
const TODAY = businessDayOf(AT);

describe.runIf(testDialect === 'postgres')('a batch of sales written set by set', () => {
  let t: TestApp;
  let client: pg.Client;
  let sellerId: number;
  let managerId: number;
  let shiftId: number;
  let whole: number;
  let byWeight: number;
  let scarce: number;
  let limited: number;
  let unlimited: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.testDb.database.db;
    client = new pg.Client({ connectionString: t.testDb.url });
    await client.connect();
    sellerId = (await t.sessionAs('Seller')).user.id;
    managerId = (await t.sessionAs('Manager')).user.id;
    const opened = await t.injectAs('Seller', {
      method: 'POST',
      url: '/api/cash/open',
      payload: { openingFloat: 100 },
    });
    shiftId = opened.json<{ id: number }>().id;
    whole = (await seedProduct(db, { stock: 10 })).id;
    byWeight = (await seedProduct(db, { stock: 5, sellsByWeight: true, units: 'kg' })).id;
    scarce = (await seedProduct(db, { stock: 3 })).id;
    limited = (await seedClient(db, { firstName: 'Con', lastName: 'Límite', creditLimitCents: 1000 })).id;
    unlimited = (await seedClient(db, { firstName: 'Sin', lastName: 'Límite' })).id;
    // An open balance of $4.00 for the limited client.
    await createReceipt(t, {
      paymentMode: 'Credit',
      clientId: limited,
      date: `${YESTERDAY}T12:00:00`,
      items: [{ productId: whole, quantity: 1, price: 4 }],
    });
    await client.query('update products set stock_milli = 10000 where id = $1', [whole]);
    const cut = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/reports/generate',
      payload: { date: YESTERDAY },
    });
    expect(cut.statusCode, cut.body).toBe(201);
    // A key of this seller used two days ago: expired, so a sale may take it over.
    await client.query(
      `insert into idempotency_keys (user_id, key, operation, request_hash, status_code, response_body, created_at)
       values ($1, 'vieja', 'receipt.create', 'h', 201, '{}', $2)`,
      [sellerId, AT - 2 * TTL],
    );
  });
  afterAll(async () => {
    await client.end();
    await t.close();
  });

  const nextIds = async (sequence: string, n: number) =>
    (
      await client.query<{ id: number }>(
        `select nextval('${sequence}')::integer as id from generate_series(1, $1::integer)`,
        [n],
      )
    ).rows.map((row) => row.id);

  /** A sale's payload as receipts/sale/pg.writer.ts builds it. */
  async function sale({ lines, credit, key, lateDays = [] }: SaleOptions) {
    const [receiptId] = await nextIds('receipts_id_seq', 1);
    const itemIds = await nextIds('receipt_items_id_seq', lines.length);
    const [paymentId] = credit ? [null] : await nextIds('payments_id_seq', 1);
    const totalCents = lines.reduce((sum, line) => sum + (line.priceCents * line.milli) / 1000, 0);
    return {
      key: key
        ? {
            user_id: sellerId,
            key: key.key,
            operation: 'receipt.create',
            request_hash: `hash-${key.key}`,
            status_code: 201,
            response_body: `{"id":${receiptId}}`,
            created_at: key.createdAt ?? AT,
          }
        : null,
      credit: credit
        ? { client_id: credit.clientId, sale_cents: totalCents, authorized_by: credit.authorizedBy ?? null }
        : null,
      receipt: {
        id: receiptId,
        state: credit ? 'Pending' : 'Paid',
        payment_mode: credit ? 'Credit' : 'Cash',
        client_id: credit?.clientId ?? null,
        user_id: sellerId,
        date: AT,
        total_cents: totalCents,
        returned_cents: 0,
        over_limit_authorized_by: null,
        created_at: AT,
        updated_at: AT,
      },
      items: lines.map((line, i) => ({
        product_id: line.productId,
        quantity_milli: line.milli,
        price_cents: line.priceCents,
        product_name: `Producto ${line.productId}`,
        units: 'pza',
        id: itemIds[i],
        receipt_id: receiptId,
        // Every line carries its taxes as the sale rules split them (here 16 % IVA, no IEPS).
        sat_product_code: '01010101',
        sat_unit_code: 'H87',
        ...taxColumns(line),
      })),
      payment: credit
        ? null
        : {
            id: paymentId,
            reason: 'ADD',
            receipt_id: receiptId,
            amount_cents: totalCents,
            note: 'Contado',
            user_id: sellerId,
            created_at: AT,
            method: 'Efectivo',
            shift_id: null,
            is_enabled: 1,
            cancelled_at: null,
            cancelled_by: null,
          },
      stock: [...lines]
        .sort((a, b) => a.productId - b.productId)
        .map((line) => ({ product_id: line.productId, delta_milli: -line.milli })),
      log: {
        receipt_id: receiptId,
        user_id: sellerId,
        reason: 'SALE',
        user_name: 'Vendedor',
        note: `Remisión #${receiptId}`,
        created_at: AT,
      },
      late: lateDays.map((day) => ({
        day,
        kind: 'SALE',
        receipt_id: receiptId,
        payment_id: null,
        amount_cents: totalCents,
        user_id: sellerId,
        created_at: AT,
        reported_in_cut_id: null,
      })),
      at: AT,
    };
  }
  type Payload = Awaited<ReturnType<typeof sale>>;

  /** What the sales left, with the logs' and late entries' ids replaced by their order. */
  async function rowsOf(sales: Payload[]) {
    const receiptIds = sales.map((s) => s.receipt.id);
    const keys = sales.flatMap((s) => (s.key ? [s.key.key] : []));
    const productIds = [whole, byWeight, scarce];
    const query = async (text: string, values: unknown[]) => (await client.query(text, values)).rows;
    const withoutId = (rows: Array<Record<string, unknown>>) => rows.map(({ id: _id, ...row }) => row);
    return {
      receipts: await query('select * from receipts where id = any($1) order by id', [receiptIds]),
      items: await query('select * from receipt_items where receipt_id = any($1) order by id', [receiptIds]),
      payments: await query('select * from payments where receipt_id = any($1) order by id', [receiptIds]),
      logs: withoutId(await query('select * from inventory_logs where receipt_id = any($1) order by id', [receiptIds])),
      late: withoutId(await query('select * from late_entries where receipt_id = any($1) order by id', [receiptIds])),
      keys: await query('select * from idempotency_keys where key = any($1) order by key', [keys]),
      products: await query('select id, stock_milli, updated_at from products where id = any($1) order by id', [
        productIds,
      ]),
    };
  }

  const batchOf = (sales: Payload[]) => JSON.stringify({ key_ttl_ms: TTL, milli_per_unit: 1000, sales });

  /** Runs `call` in a transaction, returns what it left (or its error) and rolls it back. */
  async function attempt(sales: Payload[], call: string) {
    await client.query('begin');
    try {
      const { rows } = await client.query<{ result: unknown }>(`select ${call}($1::jsonb) as result`, [batchOf(sales)]);
      return { result: rows[0]!.result, rows: await rowsOf(sales) };
    } catch (error) {
      return { error: (error as Error).message };
    } finally {
      await client.query('rollback');
    }
  }

  async function oneByOne(sales: Payload[]) {
    await client.query('begin');
    try {
      for (const s of sales) await client.query('select mostrador_sell_set($1::jsonb)', [batchOf([s])]);
      return await rowsOf(sales);
    } finally {
      await client.query('rollback');
    }
  }

  it('leaves exactly the rows of the same sales run one after another', async () => {
    const sales = [
      await sale({ lines: [{ productId: whole, milli: 2000, priceCents: 150 }], lateDays: [TODAY] }),
      await sale({
        lines: [
          { productId: byWeight, milli: 1500, priceCents: 100 },
          { productId: whole, milli: 3000, priceCents: 50 },
        ],
        credit: { clientId: limited },
        key: { key: 'nueva' },
      }),
      await sale({ lines: [{ productId: whole, milli: 1000, priceCents: 250 }], credit: { clientId: limited } }),
      await sale({
        lines: [{ productId: scarce, milli: 3000, priceCents: 100 }],
        credit: { clientId: limited, authorizedBy: managerId },
        lateDays: [YESTERDAY],
      }),
      await sale({
        lines: [{ productId: byWeight, milli: 250, priceCents: 200 }],
        credit: { clientId: unlimited },
        key: { key: 'vieja' },
      }),
    ];

    const together = await attempt(sales, 'mostrador_sell_set');
    expect(together.error).toBeUndefined();
    expect(together.rows).toEqual(await oneByOne(sales));

    const { rows } = together as { rows: Awaited<ReturnType<typeof rowsOf>> };
    // The whole-unit product passes through each sale in order: 10 → 8 → 5 → 4.
    expect(
      rows.logs.filter((log) => log.product_id === whole).map((log) => [log.stock_before_milli, log.stock_after_milli]),
    ).toEqual([
      [10000, 8000],
      [8000, 5000],
      [5000, 4000],
    ]);
    expect(rows.products.map((p) => Number(p.stock_milli))).toEqual([4000, 3250, 0]);
    // $4.00 open + $6.00 + $2.50 + $3.00 goes over the $10.00 limit at the fourth sale only.
    expect(rows.receipts.map((r) => r.over_limit_authorized_by)).toEqual([null, null, null, managerId, null]);
    expect(rows.payments.map((p) => p.shift_id)).toEqual([shiftId]);
    expect(rows.late.map((entry) => entry.day)).toEqual([YESTERDAY]);
    expect(rows.keys.map((k) => [k.key, Number(k.created_at)])).toEqual([
      ['nueva', AT],
      ['vieja', AT],
    ]);
  });

  const refusals: Array<[string, () => Promise<Payload[]>, string]> = [
    [
      'the stock of a later sale',
      async () => [
        await sale({ lines: [{ productId: scarce, milli: 2000, priceCents: 100 }] }),
        await sale({ lines: [{ productId: scarce, milli: 2000, priceCents: 100 }] }),
      ],
      'mostrador:stock',
    ],
    [
      'a fraction of a whole unit',
      async () => [
        await sale({ lines: [{ productId: byWeight, milli: 500, priceCents: 100 }] }),
        await sale({ lines: [{ productId: whole, milli: 500, priceCents: 100 }] }),
      ],
      'mostrador:stock',
    ],
    [
      'a credit sale over the limit without authorization',
      async () => [
        await sale({ lines: [{ productId: whole, milli: 1000, priceCents: 400 }], credit: { clientId: limited } }),
        await sale({ lines: [{ productId: whole, milli: 1000, priceCents: 300 }], credit: { clientId: limited } }),
      ],
      'mostrador:over-limit',
    ],
    [
      'a live key used again',
      async () => [
        await sale({ lines: [{ productId: whole, milli: 1000, priceCents: 100 }], key: { key: 'doble' } }),
        await sale({ lines: [{ productId: whole, milli: 1000, priceCents: 100 }], key: { key: 'doble' } }),
      ],
      'mostrador:key-taken',
    ],
  ];

  it.each(refusals)(
    'sends the batch one by one on %s, and the batch refuses that sale alone',
    async (_, make, message) => {
      const sales = await make();
      expect((await attempt(sales, 'mostrador_sell_set')).error).toBeDefined();
      const batch = await attempt(sales, 'mostrador_sell_batch');
      const outcomes = batch.result as Array<{ message: string } | null>;
      expect(outcomes.map((outcome) => outcome?.message ?? null)).toEqual([null, message]);
      expect(batch.rows!.receipts.map((r) => r.id)).toEqual([sales[0]!.receipt.id]);
    },
  );

  it('refuses a set of one with the figures its Spanish message is built from', async () => {
    const stock = await attempt(
      [await sale({ lines: [{ productId: scarce, milli: 4000, priceCents: 100 }] })],
      'mostrador_sell_batch',
    );
    const [refused] = stock.result as Array<{ message: string; detail: string }>;
    expect(refused!.message).toBe('mostrador:stock');
    expect(JSON.parse(refused!.detail)).toEqual({
      productId: scarce,
      deltaMilli: -4000,
      product: { name: expect.any(String), stockMilli: 3000, sellsByWeight: 0 },
    });
    const credit = await attempt(
      [await sale({ lines: [{ productId: whole, milli: 1000, priceCents: 700 }], credit: { clientId: limited } })],
      'mostrador_sell_batch',
    );
    const [over] = credit.result as Array<{ message: string; detail: string }>;
    // $4.00 owed, a $7.00 sale, a $10.00 limit.
    expect([over!.message, JSON.parse(over!.detail)]).toEqual([
      'mostrador:over-limit',
      { limitCents: 1000, balanceCents: 400 },
    ]);
  });
});
