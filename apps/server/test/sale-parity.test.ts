import {
  businessNowLocalTimestamp,
  type CreateReceiptBody,
  type CreateReceiptInput,
  lineTotalCents,
  type Role,
  SALE_DATE_FORBIDDEN,
  type TaxTerms,
} from '@mostrador/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { type TestDialect, testDialect } from './helpers/database.js';
import { seedClient, seedProduct, setProductTaxes } from './helpers/factories.js';

// One table of sale scenarios, run through the real API on SQLite and on PostgreSQL with the same
// clock: every answer (status, message, receipt) and every row a sale touches (receipts, items,
// payments, stock, inventory logs with their before and after, Idempotency-Key rows, late
// entries) must be the same on both. A sale is written by a different implementation on each
// database (receipts/sale/sqlite.writer.ts through Kysely; pg.writer.ts and db/sql/*.sql on
// PostgreSQL): this is what keeps them one rule. Each scenario also states its own exact
// outcomes, so a rule that drifts on both sides at once fails too.
//
// Ids are compared by rank: PostgreSQL takes a refused sale's receipt id from its sequence
// before the refusal (a gap in the numbering), SQLite does not.
//
// It runs in the server:sqlite project, on both databases when TEST_DATABASE_URL is set (npm
// test, CI) and on SQLite alone otherwise; the server:postgres project skips it (already run).

/** Friday 2026-11-20, 12:00 in Monterrey. */
const T0 = Date.parse('2026-11-20T18:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const local = (at: number) => businessNowLocalTimestamp(at);

interface World {
  t: TestApp;
  clock: { now: number };
  /** Products and clients every scenario starts with. */
  tornillo: number;
  frijol: number;
  client: number;
}

type Step = (world: World) => Promise<LightMyRequestResponse | LightMyRequestResponse[]>;

const sell = (w: World, role: Role, body: CreateReceiptInput, key?: string) =>
  w.t.injectAs(role, {
    method: 'POST',
    url: '/api/receipt/create',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });

const cash = (
  w: World,
  items: Array<[number, number]>,
  extra: Partial<CreateReceiptInput> = {},
): CreateReceiptInput => ({
  paymentMode: 'Cash',
  date: local(w.clock.now),
  items: items.map(([productId, quantity]) => ({ productId, quantity })),
  ...extra,
});

const credit = (w: World, items: Array<[number, number]>, extra: Partial<CreateReceiptInput> = {}) =>
  cash(w, items, { paymentMode: 'Credit', clientId: w.client, ...extra });

/** A product of its own for a tax scenario: on sale at `price`, 1,000 in stock, taxed with `taxes`. */
async function taxedProduct(
  w: World,
  name: string,
  price: number | null,
  taxes: Partial<TaxTerms>,
  extra: { sellsByWeight?: boolean; satUnitCode?: string } = {},
) {
  const db = w.t.testDb.database.db;
  const { id } = await seedProduct(db, {
    cuid: name,
    name,
    price,
    stock: 1000,
    createdAt: T0 - DAY,
    ...(extra.sellsByWeight && { units: 'kg', sellsByWeight: true }),
  });
  await setProductTaxes(db, id, taxes, extra.satUnitCode ? { satUnitCode: extra.satUnitCode } : {});
  return id;
}

/**
 * A sale through the sale service itself by a trusted actor (as the demo and the bench sell):
 * the only way to a receipt longer than the API's MAX_RECEIPT_ITEMS. Answers as a response would.
 */
async function sellDirectly(w: World, body: CreateReceiptBody): Promise<LightMyRequestResponse> {
  const admin = (await w.t.sessionAs('Admin')).user;
  const { receipt } = await w.t.app.services.receipts.create(body, { id: admin.id, name: admin.name });
  return { statusCode: 201, json: () => receipt, headers: {} } as unknown as LightMyRequestResponse;
}

/** Each line's split (base, IEPS, IVA in centavos) and the terms it was made with, by product name. */
const splitsOf = (dump: Dump, receiptRank: number) =>
  dump.receiptItems
    .filter((i) => i.receiptId === receiptRank)
    .map((i) => [i.productName, i.baseCents, i.iepsCents, i.ivaCents, i.ivaRate, i.iepsRatePpm, i.iepsQuotaMicros]);

interface Scenario {
  name: string;
  steps: Step[];
  /** What each step answered: status, then the message of a refusal (or null). */
  answers: Array<[number, string | null]>;
  /** Exact figures the scenario is about, read from the dump. */
  check?: (dump: Dump) => void;
}

const scenarios: Scenario[] = [
  {
    name: 'stock to zero, then one unit over',
    steps: [(w) => sell(w, 'Seller', cash(w, [[w.tornillo, 3]])), (w) => sell(w, 'Seller', cash(w, [[w.tornillo, 1]]))],
    answers: [
      [201, null],
      [409, 'Stock insuficiente de "Tornillo": disponible 0.'],
    ],
    check: (dump) => {
      expect(stockOf(dump, 'Tornillo')).toBe(0);
      expect(dump.inventoryLogs.map((l) => [l.stockBeforeMilli, l.stockAfterMilli])).toEqual([[3000, 0]]);
    },
  },
  {
    name: 'a fraction of a product sold by the piece',
    steps: [(w) => sell(w, 'Seller', cash(w, [[w.tornillo, 0.5]]))],
    answers: [[400, 'El producto "Tornillo" se vende por piezas completas; la cantidad no puede tener decimales.']],
    check: (dump) => expect(dump.receipts).toEqual([]),
  },
  {
    name: 'a weighed fraction, then more than is left',
    steps: [
      (w) => sell(w, 'Seller', cash(w, [[w.frijol, 1.25]])),
      (w) => sell(w, 'Seller', cash(w, [[w.frijol, 1.5]])),
    ],
    answers: [
      [201, null],
      [409, 'Stock insuficiente de "Frijol": disponible 1.250.'],
    ],
    check: (dump) => {
      expect(stockOf(dump, 'Frijol')).toBe(1250);
      expect(dump.receipts.map((r) => r.totalCents)).toEqual([3750]);
    },
  },
  {
    name: 'a credit limit: reached exactly, then refused, authorised by a Manager, a Seller who asks needs a supervisor',
    steps: [
      (w) => sell(w, 'Seller', credit(w, [[w.tornillo, 2]])),
      (w) => sell(w, 'Seller', credit(w, [[w.tornillo, 1]])),
      (w) => sell(w, 'Seller', credit(w, [[w.frijol, 0.1]])),
      (w) => sell(w, 'Manager', credit(w, [[w.frijol, 0.1]], { allowOverLimit: true })),
      (w) => sell(w, 'Seller', credit(w, [[w.frijol, 0.1]], { allowOverLimit: true })),
    ],
    answers: [
      [201, null],
      [201, null],
      [
        403,
        'El cliente excede su límite de crédito (límite $60.00, saldo $60.00): se necesita la autorización de un supervisor.',
      ],
      [201, null],
      [
        403,
        'El cliente excede su límite de crédito (límite $60.00, saldo $63.00): se necesita la autorización de un supervisor.',
      ],
    ],
    check: (dump) =>
      expect(dump.receipts.map((r) => [r.totalCents, r.overLimitAuthorizedBy !== null])).toEqual([
        [4000, false],
        [2000, false],
        [300, true],
      ]),
  },
  {
    name: "a price below the product's: a Seller needs a supervisor, a Manager's goes",
    steps: [
      (w) => sell(w, 'Seller', { ...cash(w, []), items: [{ productId: w.tornillo, quantity: 1, price: 19.99 }] }),
      (w) => sell(w, 'Seller', { ...cash(w, []), items: [{ productId: w.tornillo, quantity: 1, price: 20.5 }] }),
      (w) => sell(w, 'Manager', { ...cash(w, []), items: [{ productId: w.tornillo, quantity: 1, price: 5 }] }),
    ],
    answers: [
      [403, 'El precio de "Tornillo" es menor que $20.00: se necesita la autorización de un supervisor.'],
      [201, null],
      [201, null],
    ],
    check: (dump) => {
      expect(dump.receipts.map((r) => r.totalCents)).toEqual([2050, 500]);
      expect(stockOf(dump, 'Tornillo')).toBe(1000);
    },
  },
  {
    name: "a supervisor at the till: over the limit and below the price, the Seller's sales; wrong credentials refused",
    steps: [
      (w) =>
        w.t.injectAs('Manager', {
          method: 'POST',
          url: '/api/supervisor/setPin',
          payload: { pin: '4321', currentPassword: TEST_PASSWORD },
        }),
      (w) => sell(w, 'Seller', credit(w, [[w.tornillo, 2]])),
      (w) =>
        sell(w, 'Seller', credit(w, [[w.frijol, 1]], { supervisor: { login: 'manager@prueba.mx', secret: '4321' } })),
      (w) =>
        sell(w, 'Seller', {
          ...cash(w, []),
          items: [{ productId: w.tornillo, quantity: 1, price: 15 }],
          supervisor: { login: 'usuario manager', secret: TEST_PASSWORD },
        }),
      (w) =>
        sell(w, 'Seller', credit(w, [[w.frijol, 0.5]], { supervisor: { login: 'manager@prueba.mx', secret: '0000' } })),
      (w) =>
        sell(
          w,
          'Seller',
          credit(w, [[w.frijol, 0.5]], { supervisor: { login: 'seller@prueba.mx', secret: TEST_PASSWORD } }),
        ),
    ],
    answers: [
      [200, null],
      [201, null],
      [201, null],
      [201, null],
      [403, 'El supervisor o su contraseña/PIN no son correctos.'],
      [403, 'El supervisor o su contraseña/PIN no son correctos.'],
    ],
    check: (dump) => {
      expect(dump.receipts.map((r) => [r.totalCents, r.overLimitAuthorizedBy !== null])).toEqual([
        [4000, false],
        [3000, true],
        [1500, false],
      ]);
      expect(dump.receiptAuthorizations.map((a) => [a.kind, a.receiptId])).toEqual([
        ['OVER_LIMIT', 2],
        ['BELOW_PRICE', 3],
      ]);
      expect(stockOf(dump, 'Frijol')).toBe(1500);
    },
  },
  {
    name: 'two credit sales of one client sent together: the second goes over the limit',
    steps: [
      (w) =>
        Promise.all([sell(w, 'Seller', credit(w, [[w.tornillo, 2]])), sell(w, 'Seller', credit(w, [[w.frijol, 1]]))]),
    ],
    answers: [
      [201, null],
      [
        403,
        'El cliente excede su límite de crédito (límite $60.00, saldo $40.00): se necesita la autorización de un supervisor.',
      ],
    ],
    check: (dump) => expect([stockOf(dump, 'Tornillo'), stockOf(dump, 'Frijol')]).toEqual([1000, 2500]),
  },
  {
    name: 'a key replayed, then reused for another sale',
    steps: [
      (w) => sell(w, 'Seller', cash(w, [[w.tornillo, 1]]), 'clave-1'),
      (w) => sell(w, 'Seller', cash(w, [[w.tornillo, 1]]), 'clave-1'),
      (w) => sell(w, 'Seller', cash(w, [[w.tornillo, 2]]), 'clave-1'),
    ],
    answers: [
      [201, null],
      [201, null],
      [409, 'La clave Idempotency-Key ya se usó con otra solicitud. Genera una clave nueva para cada remisión.'],
    ],
    check: (dump) => {
      expect(stockOf(dump, 'Tornillo')).toBe(2000);
      expect(dump.idempotencyKeys.map((k) => [k.key, k.statusCode])).toEqual([['clave-1', 201]]);
    },
  },
  {
    name: 'an expired key is taken over by a new sale',
    steps: [
      (w) => sell(w, 'Admin', cash(w, [[w.tornillo, 1]]), 'clave-vieja'),
      async (w) => {
        w.clock.now += DAY + 1000;
        return sell(w, 'Admin', cash(w, [[w.tornillo, 2]]), 'clave-vieja');
      },
    ],
    answers: [
      [201, null],
      [201, null],
    ],
    check: (dump) => {
      expect(stockOf(dump, 'Tornillo')).toBe(0);
      expect(dump.idempotencyKeys.map((k) => k.createdAt)).toEqual([T0 + DAY + 1000]);
    },
  },
  {
    name: 'cash with an open shift and without one',
    steps: [
      (w) => w.t.injectAs('Seller', { method: 'POST', url: '/api/cash/open', payload: { openingFloat: 200 } }),
      (w) => sell(w, 'Seller', cash(w, [[w.tornillo, 1]], { paymentMethod: 'Tarjeta' })),
      (w) => sell(w, 'Manager', cash(w, [[w.frijol, 0.5]])),
    ],
    answers: [
      [201, null],
      [201, null],
      [201, null],
    ],
    check: (dump) =>
      expect(dump.payments.map((p) => [p.method, p.shiftId !== null, p.amountCents])).toEqual([
        ['Tarjeta', true, 2000],
        ['Efectivo', false, 1500],
      ]),
  },
  {
    name: 'a sale dated into a day that already has its cut',
    steps: [
      (w) => w.t.injectAs('Manager', { method: 'POST', url: '/api/reports/generate', payload: { date: '2026-11-19' } }),
      (w) => sell(w, 'Admin', cash(w, [[w.tornillo, 1]], { date: local(w.clock.now - DAY) })),
      (w) => sell(w, 'Admin', credit(w, [[w.frijol, 1]], { date: local(w.clock.now - DAY) })),
    ],
    answers: [
      [201, null],
      [201, null],
      [201, null],
    ],
    check: (dump) =>
      expect(dump.lateEntries.map((e) => [e.day, e.kind, e.amountCents])).toEqual([
        // The cash sale's payment counts today, which has no cut yet: no entry for it.
        ['2026-11-19', 'SALE', 2000],
        ['2026-11-19', 'SALE', 3000],
      ]),
  },
  {
    name: 'a disabled seller sells nothing, a replay included',
    steps: [
      (w) => sell(w, 'Seller', cash(w, [[w.tornillo, 1]]), 'clave-2'),
      async (w) => {
        const seller = (await w.t.sessionAs('Seller')).user;
        return w.t.injectAs('Admin', {
          method: 'POST',
          url: '/api/user/edit',
          payload: { id: seller.id, isEnabled: false },
        });
      },
      (w) => sell(w, 'Seller', cash(w, [[w.tornillo, 1]]), 'clave-2'),
      (w) => sell(w, 'Seller', cash(w, [[w.tornillo, 1]])),
    ],
    answers: [
      [201, null],
      [200, null],
      [401, 'Tu usuario está desactivado. Pide ayuda a un administrador.'],
      [401, 'Tu usuario está desactivado. Pide ayuda a un administrador.'],
    ],
    check: (dump) => expect(stockOf(dump, 'Tornillo')).toBe(2000),
  },
  {
    name: 'the rules checked before anything is written',
    steps: [
      (w) => sell(w, 'Seller', cash(w, [[9999, 1]])),
      (w) => sell(w, 'Seller', cash(w, [[w.tornillo, 1]], { date: local(w.clock.now - DAY) })),
      (w) => sell(w, 'Admin', cash(w, [[w.tornillo, 1]], { date: local(w.clock.now + DAY) })),
      (w) => sell(w, 'Seller', credit(w, [[w.tornillo, 1]], { clientId: 9999 })),
    ],
    answers: [
      [404, 'El producto #9999 no existe.'],
      [403, SALE_DATE_FORBIDDEN],
      [400, 'La fecha de la venta no puede estar en el futuro.'],
      [404, 'El cliente #9999 no existe.'],
    ],
    check: (dump) => expect([dump.receipts, dump.inventoryLogs, dump.idempotencyKeys]).toEqual([[], [], []]),
  },
  {
    name: 'every IVA rate and IEPS, each line split to the centavo; a later change of rates leaves the line as sold',
    steps: [
      async (w) => {
        const lines: Array<[number, number]> = [
          [await taxedProduct(w, 'General', 17.5, { ivaRate: '16' }), 1],
          [await taxedProduct(w, 'Frontera', 17.5, { ivaRate: '8' }), 1],
          [await taxedProduct(w, 'Leche', 17.5, { ivaRate: '0' }), 1],
          [await taxedProduct(w, 'Libro', 17.5, { ivaRate: 'exento' }), 1],
          [await taxedProduct(w, 'Papas', 17.5, { iepsRatePpm: 80_000 }), 1],
          [await taxedProduct(w, 'Cerveza', 17.5, { iepsRatePpm: 265_000 }), 1],
          [await taxedProduct(w, 'Refresco', 18.5, { iepsQuotaMicros: 1_645_100 }), 3],
          [await taxedProduct(w, 'Jamón', 183.33, {}, { sellsByWeight: true, satUnitCode: 'KGM' }), 0.75],
        ];
        return sell(w, 'Seller', cash(w, lines));
      },
      async (w) => {
        const db = w.t.testDb.database.db;
        const id = (name: string) =>
          db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow();
        await setProductTaxes(db, (await id('General')).id, { ivaRate: '8' });
        await setProductTaxes(db, (await id('Cerveza')).id, { iepsRatePpm: 300_000 });
        return sell(w, 'Seller', cash(w, [[(await id('General')).id, 1]]));
      },
    ],
    answers: [
      [201, null],
      [201, null],
    ],
    check: (dump) => {
      expect(splitsOf(dump, 1)).toEqual([
        // 1509 × 16 % = 241.44 → 241; 1509 + 241 = 1750.
        ['General', 1509, 0, 241, '16', null, null],
        // 1620 × 8 % = 129.6 → 130.
        ['Frontera', 1620, 0, 130, '8', null, null],
        ['Leche', 1750, 0, 0, '0', null, null],
        ['Libro', 1750, 0, 0, 'exento', null, null],
        // IEPS is part of IVA's base: 1397 × 8 % = 111.76 → 112; (1397 + 112) × 16 % = 241.44 → 241.
        ['Papas', 1397, 112, 241, '16', 80_000, null],
        // 1193 × 26.5 % = 316.145 → 316; (1193 + 316) × 16 % → 241.
        ['Cerveza', 1193, 316, 241, '16', 265_000, null],
        // 3 × $18.50 = 5550; the cuota 3 × $1.6451 = 4.9353 → 494; (4291 + 494) × 16 % = 765.6, and 765
        // is within the SAT's tolerance ((4785 − ½) × 16 % = 765.52) where 766 would pass the total.
        ['Refresco', 4291, 494, 765, '16', null, 1_645_100],
        // 0.750 kg × $183.33 = 137.4975 → 13750; 11854 × 16 % = 1896.64 → 1896 by the tolerance.
        ['Jamón', 11854, 0, 1896, '16', null, null],
      ]);
      for (const item of dump.receiptItems) {
        const sum = Number(item.baseCents) + Number(item.iepsCents) + Number(item.ivaCents);
        expect(sum).toBe(lineTotalCents(item.priceCents as number, item.quantityMilli as number));
      }
      expect(dump.receiptItems.map((i) => [i.productName, i.satProductCode, i.satUnitCode])).toContainEqual([
        'Jamón',
        '01010101',
        'KGM',
      ]);
      const answer = dump.answers[0]!.body as Record<string, unknown>;
      expect([answer.subtotal, answer.ieps, answer.iva, answer.total]).toEqual([253.64, 9.22, 35.14, 298]);
      // The rates changed after the first sale: its lines keep theirs, the next sale takes the new ones.
      expect(splitsOf(dump, 2)).toEqual([['General', 1620, 0, 130, '8', null, null]]);
      expect(dump.answers[1]!.body).toMatchObject({ subtotal: 16.2, ieps: 0, iva: 1.3, total: 17.5 });
    },
  },
  {
    name: 'a 1,000-line receipt: every line split exactly, the splits add up to the total',
    steps: [
      async (w) => {
        const products = [
          await taxedProduct(w, 'General', null, { ivaRate: '16' }),
          await taxedProduct(w, 'Frontera', null, { ivaRate: '8' }),
          await taxedProduct(w, 'Exento', null, { ivaRate: 'exento' }),
          await taxedProduct(w, 'Cerveza', null, { iepsRatePpm: 265_000 }),
          await taxedProduct(w, 'Refresco', null, { iepsQuotaMicros: 987_060 }),
          await taxedProduct(w, 'Queso', null, { iepsRatePpm: 80_000 }, { sellsByWeight: true }),
        ];
        const items = Array.from({ length: 1000 }, (_, i) => {
          const productId = products[i % products.length]!;
          // Awkward prices and, for the weighed product, awkward weights.
          const price = ((i * 7919) % 99_999) / 100 + 0.01;
          return { productId, quantity: productId === products[5] ? ((i % 997) + 1) / 1000 : (i % 3) + 1, price };
        });
        return sellDirectly(w, {
          paymentMode: 'Cash',
          paymentMethod: 'Tarjeta',
          date: local(w.clock.now),
          items,
          printReceipt: false,
        });
      },
    ],
    answers: [[201, null]],
    check: (dump) => {
      expect(dump.receiptItems).toHaveLength(1000);
      let sum = 0;
      for (const item of dump.receiptItems) {
        const split = Number(item.baseCents) + Number(item.iepsCents) + Number(item.ivaCents);
        expect(split).toBe(lineTotalCents(item.priceCents as number, item.quantityMilli as number));
        sum += split;
      }
      expect(sum).toBe(dump.receipts[0]!.totalCents);
      const answer = dump.answers[0]!.body as Record<string, number>;
      const cents = (pesos: number) => Math.round(pesos * 100);
      expect(cents(answer.subtotal!) + cents(answer.ieps!) + cents(answer.iva!)).toBe(cents(answer.total!));
      expect(cents(answer.ieps!)).toBeGreaterThan(0);
    },
  },
];

type Row = Record<string, unknown>;
interface Dump {
  answers: Array<{ status: number; message: string | null; body: unknown }>;
  receipts: Row[];
  receiptItems: Row[];
  payments: Row[];
  products: Row[];
  inventoryLogs: Row[];
  idempotencyKeys: Row[];
  lateEntries: Row[];
  receiptAuthorizations: Row[];
}

const stockOf = (dump: Dump, name: string) => dump.products.find((p) => p.name === name)!.stockMilli;

/** Runs a scenario on a fresh app on that database and dumps what it left, ids by rank. */
async function run(dialect: TestDialect, scenario: Scenario): Promise<Dump> {
  const clock = { now: T0 };
  const t = await createTestApp({}, { dialect, clock: () => clock.now });
  try {
    const db = t.testDb.database.db;
    for (const role of ['Admin', 'Manager', 'Seller'] as const) await t.sessionAs(role);
    const product = { createdAt: T0 - DAY, price: 20 };
    const world: World = {
      t,
      clock,
      tornillo: (await seedProduct(db, { ...product, cuid: 'T-1', name: 'Tornillo', stock: 3 })).id,
      frijol: (
        await seedProduct(db, {
          ...product,
          cuid: 'F-1',
          name: 'Frijol',
          units: 'kg',
          stock: 2.5,
          sellsByWeight: true,
          price: 30,
        })
      ).id,
      client: (
        await seedClient(db, { firstName: 'Doña', lastName: 'Lupe', creditLimitCents: 6000, createdAt: T0 - DAY })
      ).id,
    };
    const responses: LightMyRequestResponse[] = [];
    for (const step of scenario.steps) responses.push(...[await step(world)].flat());
    const all = (table: string) =>
      db
        .selectFrom(table as 'receipts')
        .selectAll()
        .orderBy('id')
        .execute() as unknown as Promise<Row[]>;
    const [receipts, receiptItems, payments, inventoryLogs, lateEntries, receiptAuthorizations] = await Promise.all(
      ['receipts', 'receiptItems', 'payments', 'inventoryLogs', 'lateEntries', 'receiptAuthorizations'].map(all),
    );
    const idempotencyKeys = (await db.selectFrom('idempotencyKeys').selectAll().orderBy('key').execute()) as Row[];
    const products = (await db
      .selectFrom('products')
      .select(['name', 'stockMilli', 'updatedAt'])
      .orderBy('id')
      .execute()) as Row[];
    const ids = {
      receipt: rankOf(receipts!),
      item: rankOf(receiptItems!),
      payment: rankOf(payments!),
      log: rankOf(inventoryLogs!),
      late: rankOf(lateEntries!),
    };
    const receiptAnswer = (body: Row): Row => ({
      ...body,
      id: ids.receipt(body.id),
      items: (body.items as Row[]).map((item) => ({ ...item, id: ids.item(item.id) })),
      payments: (body.payments as Row[]).map((p) => ({
        ...p,
        id: ids.payment(p.id),
        receiptId: ids.receipt(p.receiptId),
      })),
    });
    return {
      answers: responses.map((response) => {
        const body = response.json<Row>();
        const isReceipt = response.statusCode === 201 && Array.isArray(body.items);
        return {
          status: response.statusCode,
          message: response.statusCode >= 400 ? (body.message as string) : null,
          body: isReceipt
            ? { ...receiptAnswer(body), replayed: response.headers['idempotent-replayed'] ?? null }
            : null,
        };
      }),
      receipts: receipts!.map((r) => ({ ...r, id: ids.receipt(r.id) })),
      receiptItems: receiptItems!.map((r) => ({ ...r, id: ids.item(r.id), receiptId: ids.receipt(r.receiptId) })),
      payments: payments!.map((r) => ({ ...r, id: ids.payment(r.id), receiptId: ids.receipt(r.receiptId) })),
      products,
      inventoryLogs: inventoryLogs!.map((r) => ({
        ...r,
        id: ids.log(r.id),
        receiptId: ids.receipt(r.receiptId),
        note: String(r.note).replace(/#(\d+)/, (_, id: string) => `#${String(ids.receipt(Number(id)))}`),
      })),
      idempotencyKeys: idempotencyKeys.map((k) => ({
        ...k,
        responseBody:
          k.statusCode === 201 ? receiptAnswer(JSON.parse(k.responseBody as string) as Row) : k.responseBody,
      })),
      receiptAuthorizations: receiptAuthorizations!.map((r) => ({
        ...r,
        id: rankOf(receiptAuthorizations!)(r.id),
        receiptId: ids.receipt(r.receiptId),
      })),
      lateEntries: lateEntries!.map((r) => ({
        ...r,
        id: ids.late(r.id),
        receiptId: ids.receipt(r.receiptId),
        paymentId: r.paymentId === null ? null : ids.payment(r.paymentId),
      })),
    };
  } finally {
    await t.close();
  }
}

/** An id's place among the table's ids (1, 2, …); null stays null. */
function rankOf(rows: Row[]): (id: unknown) => unknown {
  const ranks = new Map(rows.map((row, i) => [row.id, i + 1]));
  return (id) => (id === null ? null : (ranks.get(id) ?? `? ${String(id)}`));
}

const both = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(testDialect === 'sqlite')(`a sale on ${both ? 'SQLite and PostgreSQL' : 'SQLite'}`, () => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', async (_, scenario) => {
    const sqlite = await run('sqlite', scenario);
    expect(sqlite.answers.map((a) => [a.status, a.message])).toEqual(scenario.answers);
    scenario.check?.(sqlite);
    if (!both) return;
    const postgres = await run('postgres', scenario);
    expect(postgres).toEqual(sqlite);
  });
});
