// Fills a fresh database (SQLite or PostgreSQL) with a large, consistent shop history for
// benchmarks: users, products, clients and receipts over several years, with their items,
// payments and inventory logs, shaped as the services write them. Every product's stock equals
// the sum of its log deltas and every log chains (before = previous after). One "busy day" a
// week before the end holds many more receipts (the cut and the web benchmarks use it).
// Usage:
//   npx tsx apps/server/bench/generate.ts --db sqlite:./data/bench.db --receipts 1000000
// Options: --products 2000 --clients 5000 --years 3 --busy 4000 --seed 7 --meta <file.json>
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { businessDayBounds, businessToday, dayjs, lineTaxes, MILLI_PER_UNIT, productCodeKey } from '@mostrador/shared';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { hashPassword } from '../src/lib/password.js';
import { seededRandom } from '../scripts/random.js';
import { BatchedWriter, openBulkWriter, type TableSpec } from './bulk-writer.js';

export const BENCH_PASSWORD = 'bench-2026';
export const BENCH_USERS = [
  { email: 'admin@bench.mx', name: 'Admin Bench', role: 'Admin' },
  { email: 'gerente@bench.mx', name: 'Gerente Bench', role: 'Manager' },
  { email: 'vendedor1@bench.mx', name: 'Vendedor Uno', role: 'Seller' },
  { email: 'vendedor2@bench.mx', name: 'Vendedor Dos', role: 'Seller' },
  { email: 'vendedor3@bench.mx', name: 'Vendedor Tres', role: 'Seller' },
] as const;

/** Product n's EAN-13 barcode: 750 (Mexico), n in nine digits, the check digit. */
export function benchBarcode(productId: number): string {
  const body = `750${String(productId).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

export interface GenerateOptions {
  /** sqlite:<file> or postgres://… (an empty, or not yet migrated, database). */
  db: string;
  receipts: number;
  products: number;
  clients: number;
  years: number;
  /** Receipts on the busy day (part of `receipts`). */
  busy: number;
  seed: number;
  log?: (line: string) => void;
}

/** Bumped when the generated data changes shape, so cached benchmark databases are rebuilt. */
export const GENERATOR_VERSION = 2;

export interface GenerateSummary {
  version: number;
  generatedAt: string;
  seconds: number;
  receipts: number;
  products: number;
  clients: number;
  items: number;
  payments: number;
  logs: number;
  pending: number;
  /** The Monterrey day with `busy` receipts. */
  busyDay: string;
  busyDayReceipts: number;
  /** An ordinary day two weeks before the end. */
  typicalDay: string;
  typicalDayReceipts: number;
}

export const DEFAULT_GENERATE: Omit<GenerateOptions, 'db'> = {
  receipts: 1_000_000,
  products: 2000,
  clients: 5000,
  years: 3,
  busy: 3000,
  seed: 7,
};

const T = {
  users: spec(
    'users',
    ['id', 'name', 'email', 'role', 'password_hash', 'is_enabled', 'created_at', 'updated_at'],
    ['int', 'text', 'text', 'text', 'text', 'int', 'bigint', 'bigint'],
  ),
  products: spec(
    'products',
    [
      'id',
      'cuid',
      'cuid_key',
      'barcode',
      'name',
      'units',
      'stock_milli',
      'price_cents',
      'image_path',
      'created_at',
      'updated_at',
      'average_cost_micros',
    ],
    ['int', 'text', 'text', 'text', 'text', 'text', 'bigint', 'bigint', 'text', 'bigint', 'bigint', 'bigint'],
  ),
  clients: spec(
    'clients',
    ['id', 'first_name', 'last_name', 'phone', 'email', 'address', 'is_enabled', 'created_at', 'updated_at'],
    ['int', 'text', 'text', 'text', 'text', 'text', 'int', 'bigint', 'bigint'],
  ),
  receipts: spec(
    'receipts',
    ['id', 'state', 'payment_mode', 'client_id', 'user_id', 'date', 'total_cents', 'created_at', 'updated_at'],
    ['int', 'text', 'text', 'int', 'int', 'bigint', 'int', 'bigint', 'bigint'],
  ),
  items: spec(
    'receipt_items',
    [
      'id',
      'receipt_id',
      'product_id',
      'product_name',
      'units',
      'quantity_milli',
      'price_cents',
      'base_cents',
      'iva_cents',
      'unit_cost_micros',
    ],
    ['int', 'int', 'int', 'text', 'text', 'bigint', 'int', 'int', 'int', 'bigint'],
  ),
  payments: spec(
    'payments',
    [
      'id',
      'receipt_id',
      'amount_cents',
      'reason',
      'is_enabled',
      'note',
      'user_id',
      'created_at',
      'cancelled_at',
      'cancelled_by',
    ],
    ['int', 'int', 'int', 'text', 'int', 'text', 'int', 'bigint', 'bigint', 'int'],
  ),
  logs: spec(
    'inventory_logs',
    [
      'id',
      'product_id',
      'receipt_id',
      'user_id',
      'reason',
      'delta_milli',
      'stock_before_milli',
      'stock_after_milli',
      'product_name',
      'user_name',
      'note',
      'created_at',
    ],
    ['int', 'int', 'int', 'int', 'text', 'bigint', 'bigint', 'bigint', 'text', 'text', 'text', 'bigint'],
  ),
};
const TAX_TERMS = { ivaRate: '16', iepsRatePpm: null, iepsQuotaMicros: null } as const;
const LOADED_TABLES = ['users', 'products', 'clients', 'receipts', 'receipt_items', 'payments', 'inventory_logs'];

function spec(table: string, columns: string[], pgTypes: string[]): TableSpec {
  return { table, columns, pgTypes };
}

const PRODUCT_BASES = [
  'Arroz',
  'Frijol negro',
  'Frijol pinto',
  'Azúcar',
  'Aceite',
  'Harina de maíz',
  'Harina de trigo',
  'Sal',
  'Café',
  'Chocolate',
  'Galletas',
  'Refresco',
  'Agua',
  'Leche',
  'Huevo',
  'Atún',
  'Sardina',
  'Chiles en lata',
  'Salsa',
  'Mayonesa',
  'Jabón',
  'Detergente',
  'Cloro',
  'Papel higiénico',
  'Servilletas',
  'Veladora',
  'Cerillos',
  'Pasta',
  'Avena',
  'Cereal',
  'Tortillas',
  'Pan de caja',
  'Mantequilla',
  'Queso',
  'Crema',
  'Jamón',
  'Salchicha',
  'Chorizo',
  'Cacahuate',
  'Dulce de tamarindo',
];
const PRODUCT_VARIANTS = [
  'chico',
  'mediano',
  'grande',
  'familiar',
  'económico',
  'premium',
  'light',
  'natural',
  'picante',
  'clásico',
  'de la casa',
  'granel',
  'paquete',
  'caja',
  'bolsa',
  'botella',
  'lata',
  'sobre',
  'kit',
  'mayoreo',
  'norteño',
  'regio',
  'de olla',
  'especial',
  'extra',
  'doble',
  'mini',
  'jumbo',
  'original',
  'tradicional',
  'selecto',
  'fino',
  'entero',
  'molido',
  'en polvo',
  'líquido',
  'integral',
  'sin sal',
  'con chile',
  'de temporada',
  'importado',
  'nacional',
  'artesanal',
  'orgánico',
  'surtido',
  'de lujo',
  'básico',
  'plus',
  'max',
  'junior',
];
const UNITS = ['pza', 'kg', 'lt', 'caja', 'paquete', 'bolsa'];
const FIRST_NAMES = [
  'María',
  'José',
  'Juan',
  'Guadalupe',
  'Francisco',
  'Rosa',
  'Luis',
  'Ana',
  'Jesús',
  'Carmen',
  'Miguel',
  'Patricia',
  'Pedro',
  'Elena',
  'Alejandro',
  'Lucía',
  'Fernando',
  'Sofía',
  'Ricardo',
  'Verónica',
  'Ramón',
  'Adriana',
  'Arturo',
  'Leticia',
  'Jorge',
  'Gabriela',
  'Raúl',
  'Silvia',
  'Héctor',
  'Norma',
];
const LAST_NAMES = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Torres',
  'Díaz',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Moreno',
  'Castillo',
  'Romero',
  'Álvarez',
  'Méndez',
  'Chávez',
  'Rivera',
  'Treviño',
  'Garza',
  'Villarreal',
  'Cantú',
  'Salinas',
];

const DAY_MS = 24 * 3600 * 1000;
// Notes exactly as the services write them.
const CASH_NOTE = 'Contado';
const MANUAL_NOTE = 'Pago manual';
const REFUND_NOTE = 'Devolución por cancelación';

export async function generate(options: GenerateOptions): Promise<GenerateSummary> {
  const log = options.log ?? console.log;
  const started = Date.now();
  const { receipts: receiptCount, products: productCount, clients: clientCount, years } = options;
  const busyCount = Math.min(options.busy, Math.floor(receiptCount / 2));
  const { next: random, pick, int } = seededRandom(options.seed);

  const database = openDatabase(options.db);
  await migrateToLatest(database);
  const existing = await database.db.selectFrom('receipts').select('id').limit(1).execute();
  await database.close();
  if (existing.length > 0) throw new Error(`${options.db} ya tiene remisiones: usa una base de datos vacía.`);

  const writer = openBulkWriter(options.db);
  await writer.prepare(LOADED_TABLES);
  const out = new BatchedWriter(writer, [T.users, T.products, T.clients, T.receipts, T.items, T.payments, T.logs]);
  const now = Date.now();
  const start = now - years * 365 * DAY_MS;
  const today = businessToday(now);
  const busyDay = dayjs(today).subtract(7, 'day').format('YYYY-MM-DD');
  const typicalDay = dayjs(today).subtract(14, 'day').format('YYYY-MM-DD');
  const busy = businessDayBounds(busyDay);
  const typical = businessDayBounds(typicalDay);
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  for (const [i, user] of BENCH_USERS.entries()) {
    await out.add(T.users, [i + 1, user.name, user.email, user.role, passwordHash, 1, start, start]);
  }
  const sellers = [3, 4, 5];
  const userName = (id: number) => BENCH_USERS[id - 1]!.name;

  // Products: a base price and a running stock kept in memory; popularity is skewed.
  const products = Array.from({ length: productCount }, (_, i) => ({
    id: i + 1,
    cuid: `P${String(i + 1).padStart(5, '0')}`,
    name: `${PRODUCT_BASES[i % PRODUCT_BASES.length]} ${PRODUCT_VARIANTS[Math.floor(i / PRODUCT_BASES.length) % PRODUCT_VARIANTS.length]}${i >= PRODUCT_BASES.length * PRODUCT_VARIANTS.length ? ` ${Math.floor(i / (PRODUCT_BASES.length * PRODUCT_VARIANTS.length)) + 1}` : ''}`,
    units: pick(UNITS),
    priceCents: int(8, 450) * 50,
    stock: 0,
    // The profit's data: an average cost of 45–64 % of the price, none ('sin costo') for one
    // product in ten. Derived from the id, not drawn, so the rest of the data stays as it was.
    costMicros: null as number | null,
  }));
  for (const product of products) {
    product.costMicros = product.id % 10 === 0 ? null : product.priceCents * 100 * (45 + (product.id % 20));
  }
  type Product = (typeof products)[number];
  let logId = 0;
  const addLog = async (
    product: Product,
    reason: string,
    delta: number,
    at: number,
    userId: number,
    receiptId: number | null,
    note: string | null,
  ) => {
    const before = product.stock;
    product.stock += delta;
    await out.add(T.logs, [
      ++logId,
      product.id,
      receiptId,
      userId,
      reason,
      delta * MILLI_PER_UNIT,
      before * MILLI_PER_UNIT,
      product.stock * MILLI_PER_UNIT,
      product.name,
      userName(userId),
      note,
      at,
    ]);
  };
  for (const product of products) {
    await out.add(T.products, [
      product.id,
      product.cuid,
      productCodeKey(product.cuid),
      benchBarcode(product.id),
      product.name,
      product.units,
      0,
      product.priceCents,
      null,
      start,
      start,
      product.costMicros,
    ]);
  }
  for (const product of products) await addLog(product, 'ADD', 500, start, 1, null, 'Inventario inicial');

  for (let i = 0; i < clientCount; i++) {
    const first = pick(FIRST_NAMES);
    const last = `${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`;
    await out.add(T.clients, [
      i + 1,
      first,
      last,
      `81${String(int(10_000_000, 99_999_999))}`,
      random() < 0.4 ? `cliente${i + 1}@correo.mx` : null,
      random() < 0.5 ? `Col. Centro ${int(1, 999)}, Monterrey, N.L.` : null,
      i % 50 === 49 ? 0 : 1,
      start,
      start,
    ]);
  }

  // Receipt dates in order: the ordinary ones spread evenly over the years, and the busy day's
  // burst (07:00 to 21:00) slotted in where it falls.
  const ordinary = receiptCount - busyCount;
  const step = (now - start) / ordinary;
  let nextOrdinary = 0;
  let nextBusy = 0;
  const nextDate = () => {
    const ordinaryDate = nextOrdinary < ordinary ? start + nextOrdinary * step + random() * step * 0.9 : Infinity;
    const busyDate =
      nextBusy < busyCount ? busy.start + 7 * 3600_000 + ((nextBusy + 0.5) * 14 * 3600_000) / busyCount : Infinity;
    if (busyDate <= ordinaryDate) {
      nextBusy += 1;
      return Math.floor(busyDate);
    }
    nextOrdinary += 1;
    return Math.floor(ordinaryDate);
  };

  const popular = (max: number) => Math.min(max - 1, Math.floor(Math.pow(random(), 2.2) * max)); // skewed
  let itemId = 0;
  let paymentId = 0;
  let pending = 0;
  let busyDayReceipts = 0;
  let typicalDayReceipts = 0;
  const payment = (
    receiptId: number,
    amount: number,
    reason: 'ADD' | 'REMOVE',
    note: string,
    userId: number,
    at: number,
  ) => out.add(T.payments, [++paymentId, receiptId, amount, reason, 1, note, userId, at, null, null]);
  for (let r = 1; r <= receiptCount; r++) {
    const date = nextDate();
    if (date >= busy.start && date <= busy.end) busyDayReceipts += 1;
    if (date >= typical.start && date <= typical.end) typicalDayReceipts += 1;
    const credit = random() < 0.35;
    const seller = pick(sellers);
    const clientId = credit || random() < 0.3 ? int(1, clientCount) : null;
    const lines = int(1, 5);
    let totalCents = 0;
    const sold: Array<{ product: Product; quantity: number }> = [];
    for (let l = 0; l < lines; l++) {
      const product = products[popular(productCount)]!;
      const quantity = int(1, 6);
      const alreadySold = sold.filter((s) => s.product === product).reduce((sum, s) => sum + s.quantity, 0);
      if (product.stock < alreadySold + quantity) await addLog(product, 'ADD', 500, date - 1, 2, null, 'Resurtido');
      totalCents += product.priceCents * quantity;
      sold.push({ product, quantity });
    }
    // Credit sales are usually settled within weeks: recent ones are often still open, old ones
    // almost never.
    const roll = random();
    const cancelled = roll < 0.03;
    const age = now - date;
    const open = age < 30 * DAY_MS ? roll < 0.15 : roll < 0.0305;
    const state = cancelled ? 'Cancelled' : credit && open ? 'Pending' : 'Paid';
    if (state === 'Pending') pending += 1;
    // Parents before children: the receipt row is queued before its items and logs.
    await out.add(T.receipts, [r, state, credit ? 'Credit' : 'Cash', clientId, seller, date, totalCents, date, date]);
    // Items as sent; stock moves once per product, in ascending id order (as the service does).
    const perProduct = new Map<Product, number>();
    for (const { product, quantity } of sold) {
      // Every product is IVA 16 % (the taxes' defaults); the line's split as the sale writes it.
      const taxes = lineTaxes(product.priceCents * quantity, quantity * MILLI_PER_UNIT, TAX_TERMS);
      await out.add(T.items, [
        ++itemId,
        r,
        product.id,
        product.name,
        product.units,
        quantity * MILLI_PER_UNIT,
        product.priceCents,
        taxes.baseCents,
        taxes.ivaCents,
        product.costMicros,
      ]);
      perProduct.set(product, (perProduct.get(product) ?? 0) + quantity);
    }
    const moved = [...perProduct].sort(([a], [b]) => a.id - b.id);
    for (const [product, quantity] of moved)
      await addLog(product, 'SALE', -quantity, date, seller, r, `Remisión #${r}`);

    let paidCents = 0;
    if (!credit) {
      await payment(r, totalCents, 'ADD', CASH_NOTE, seller, date);
      paidCents = totalCents;
    } else if (state === 'Paid') {
      const first = Math.max(100, Math.floor((totalCents * int(30, 70)) / 100));
      const laterA = Math.min(now, date + int(1, 20) * DAY_MS);
      const laterB = Math.min(now, laterA + int(1, 20) * DAY_MS);
      if (first < totalCents) {
        await payment(r, first, 'ADD', MANUAL_NOTE, 2, laterA);
        await payment(r, totalCents - first, 'ADD', MANUAL_NOTE, 2, laterB);
      } else {
        await payment(r, totalCents, 'ADD', MANUAL_NOTE, 2, laterA);
      }
      paidCents = totalCents;
    } else if (state === 'Pending' && random() < 0.5 && totalCents > 200) {
      const part = Math.floor(totalCents / 2);
      await payment(r, part, 'ADD', MANUAL_NOTE, 2, Math.min(now, date + 3 * DAY_MS));
      paidCents = part;
    }
    if (cancelled) {
      // Cancelled shortly after the sale: stock back (RETURN) and the money back (REMOVE).
      const at = date + 60_000;
      for (const [product, quantity] of moved)
        await addLog(product, 'RETURN', quantity, at, 2, r, `Remisión #${r} cancelada`);
      if (paidCents > 0) await payment(r, paidCents, 'REMOVE', REFUND_NOTE, 2, at);
    }
    if (r % 100_000 === 0) log(`  ${r.toLocaleString('es-MX')} remisiones…`);
  }
  await out.flush();
  // The products table holds the stock the logs add up to.
  const db = openDatabase(options.db);
  for (let i = 0; i < products.length; i += 500) {
    const chunk = products.slice(i, i + 500);
    await db.db.transaction().execute(async (trx) => {
      for (const p of chunk)
        await trx
          .updateTable('products')
          .set({ stockMilli: p.stock * MILLI_PER_UNIT })
          .where('id', '=', p.id)
          .execute();
    });
  }
  await db.close();
  await writer.finish(LOADED_TABLES);
  await writer.close();

  const seconds = (Date.now() - started) / 1000;
  return {
    version: GENERATOR_VERSION,
    generatedAt: new Date(now).toISOString(),
    seconds,
    receipts: receiptCount,
    products: productCount,
    clients: clientCount,
    items: itemId,
    payments: paymentId,
    logs: logId,
    pending,
    busyDay,
    busyDayReceipts,
    typicalDay,
    typicalDayReceipts,
  };
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite:./data/bench.db' },
      receipts: { type: 'string', default: String(DEFAULT_GENERATE.receipts) },
      products: { type: 'string', default: String(DEFAULT_GENERATE.products) },
      clients: { type: 'string', default: String(DEFAULT_GENERATE.clients) },
      years: { type: 'string', default: String(DEFAULT_GENERATE.years) },
      busy: { type: 'string', default: String(DEFAULT_GENERATE.busy) },
      seed: { type: 'string', default: String(DEFAULT_GENERATE.seed) },
      meta: { type: 'string' },
    },
  });
  const summary = await generate({
    db: args.db,
    receipts: Number(args.receipts),
    products: Number(args.products),
    clients: Number(args.clients),
    years: Number(args.years),
    busy: Number(args.busy),
    seed: Number(args.seed),
  });
  if (args.meta) writeFileSync(args.meta, JSON.stringify(summary, null, 2));
  const n = (value: number) => value.toLocaleString('es-MX');
  console.log(
    `Listo en ${summary.seconds.toFixed(1)} s (${n(Math.round(summary.receipts / summary.seconds))} remisiones/s): ` +
      `${n(summary.products)} productos, ${n(summary.clients)} clientes, ${n(summary.receipts)} remisiones ` +
      `(${n(summary.pending)} pendientes; ${n(summary.busyDayReceipts)} el ${summary.busyDay}), ${n(summary.items)} partidas, ` +
      `${n(summary.payments)} pagos, ${n(summary.logs)} movimientos. Usuarios: ${BENCH_USERS.map((u) => u.email).join(', ')} ` +
      `(contraseña ${BENCH_PASSWORD}).`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
