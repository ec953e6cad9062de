// `npm run demo`: Mostrador on a fresh embedded database holding a believable shop (an abarrotes
// store in Monterrey): users of every role, ~50 products, ~30 clients and four weeks of cash and
// credit sales with payments, waste, entries, adjustments and a cut per day. Everything is made
// through the same services (and request schemas) the API uses, with their clock set to the
// moment each thing happens, so stock, inventory logs, payments and cuts agree.
//
//   npm run demo                    # creates ./data/demo.db the first time, then reuses it
//   npm run demo -- --reset         # throws the demo database away and makes a new one
//   npm run demo -- --seed-only     # fills the database and exits
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  addPaymentBodySchema,
  returnReceiptBodySchema,
  adjustInventoryBodySchema,
  businessDayBounds,
  businessNowLocalTimestamp,
  businessToday,
  createProductBodySchema,
  createPurchaseBodySchema,
  createReceiptBodySchema,
  dayjs,
  fromMilli,
  registerBodySchema,
  registerClientBodySchema,
  registerSupplierBodySchema,
  removeInventoryBodySchema,
  type Role,
} from '@mostrador/shared';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createServices } from '../src/services.js';
import { checkConsistency, isConsistent } from './consistency.js';
import { seededRandom } from './random.js';
import { ROOT } from './server-process.js';

export const DEMO_USERS: Array<{ name: string; email: string; password: string; role: Role }> = [
  { name: 'Adriana Garza', email: 'admin@demo.mx', password: 'demo-llave-2026', role: 'Admin' },
  { name: 'Mario Treviño', email: 'gerente@demo.mx', password: 'demo-cuentas-2026', role: 'Manager' },
  { name: 'Sofía Cantú', email: 'vendedora@demo.mx', password: 'demo-mostrador-2026', role: 'Seller' },
  { name: 'Luis Salinas', email: 'vendedor@demo.mx', password: 'demo-ventas-2026', role: 'Seller' },
];

// [name, units, price in pesos]
/** Weighed or measured at the counter (their codes are scale-label PLUs: plain digits). */
const SOLD_BY_WEIGHT = new Set([
  'Queso fresco',
  'Jamón de pavo',
  'Chorizo norteño',
  'Tortillas de maíz',
  'Cable calibre 12',
]);
/** Cheaper by the case: [price, from this quantity]. */
const WHOLESALE: Record<string, [number, number]> = {
  'Refresco de cola 2 L': [34, 6],
  'Agua purificada 1.5 L': [11.5, 12],
  'Sopa de pasta': [8, 10],
};

/**
 * The taxes of a corner shop's catalogue (what isn't here is General 16 %): basic food at 0 %,
 * snacks and sweets at 0 % with IEPS 8 %, the cola with its IEPS cuota per 2 L bottle.
 */
const BASIC_FOOD = new Set([
  'Arroz Morelos',
  'Frijol negro',
  'Frijol pinto',
  'Azúcar estándar',
  'Harina de maíz Maseca',
  'Harina de trigo',
  'Aceite vegetal 1 L',
  'Sal de mesa',
  'Café soluble 200 g',
  'Leche entera 1 L',
  'Huevo blanco',
  'Atún en agua',
  'Sardinas en tomate',
  'Chiles jalapeños en lata',
  'Salsa picante 150 ml',
  'Mayonesa 390 g',
  'Sopa de pasta',
  'Avena 400 g',
  'Cereal de maíz',
  'Tortillas de maíz',
  'Pan de caja',
  'Mantequilla 90 g',
  'Queso fresco',
  'Crema 200 ml',
  'Jamón de pavo',
  'Salchicha de pavo',
  'Chorizo norteño',
  'Tostadas',
  'Consomé de pollo',
  'Puré de tomate',
  'Lentejas',
  'Chile guajillo',
  'Canela en raja',
  'Garrafón de agua 20 L',
]);
const TAXES: Record<string, { iepsRate?: number; iepsPerUnit?: number; satProductCode?: string }> = {
  'Chocolate de mesa': { iepsRate: 8, satProductCode: '50161813' },
  'Galletas Marías': { iepsRate: 8, satProductCode: '50181905' },
  'Cacahuates japoneses': { iepsRate: 8, satProductCode: '50192110' },
  'Dulce de tamarindo': { iepsRate: 8, satProductCode: '50161814' },
  'Refresco de cola 2 L': { iepsPerUnit: 3.2902, satProductCode: '50202306' },
  'Agua purificada 1.5 L': { satProductCode: '50202301' },
};

function demoTaxes(name: string) {
  const special = TAXES[name];
  const food = BASIC_FOOD.has(name) || special?.iepsRate !== undefined;
  return {
    ivaRate: food ? '0' : '16',
    iepsRate: special?.iepsRate ?? null,
    iepsPerUnit: special?.iepsPerUnit ?? null,
    ...(special?.satProductCode && { satProductCode: special.satProductCode }),
  };
}

/** A valid EAN-13 for the demo's packaged product n: 750 (Mexico), a made-up maker, n. */
function demoBarcode(n: number): string {
  const body = `7501234${String(n).padStart(5, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

const PRODUCTS: Array<[string, string, number]> = [
  ['Arroz Morelos', 'kg', 32],
  ['Frijol negro', 'kg', 38],
  ['Frijol pinto', 'kg', 36],
  ['Azúcar estándar', 'kg', 29],
  ['Harina de maíz Maseca', 'kg', 24],
  ['Harina de trigo', 'kg', 22],
  ['Aceite vegetal 1 L', 'botella', 46],
  ['Sal de mesa', 'pza', 14],
  ['Café soluble 200 g', 'frasco', 98],
  ['Chocolate de mesa', 'tableta', 42],
  ['Galletas Marías', 'paquete', 21],
  ['Refresco de cola 2 L', 'botella', 38],
  ['Agua purificada 1.5 L', 'botella', 14],
  ['Leche entera 1 L', 'lt', 28],
  ['Huevo blanco', 'kg', 48],
  ['Atún en agua', 'lata', 24],
  ['Sardinas en tomate', 'lata', 27],
  ['Chiles jalapeños en lata', 'lata', 19],
  ['Salsa picante 150 ml', 'botella', 16],
  ['Mayonesa 390 g', 'frasco', 45],
  ['Jabón de barra', 'pza', 18],
  ['Detergente en polvo 1 kg', 'bolsa', 52],
  ['Cloro 1 L', 'botella', 19],
  ['Papel higiénico 4 rollos', 'paquete', 36],
  ['Servilletas 500 pzas', 'paquete', 33],
  ['Veladora', 'pza', 25],
  ['Cerillos', 'caja', 6],
  ['Sopa de pasta', 'paquete', 9],
  ['Avena 400 g', 'bolsa', 27],
  ['Cereal de maíz', 'caja', 58],
  ['Tortillas de maíz', 'kg', 23],
  ['Pan de caja', 'pza', 45],
  ['Mantequilla 90 g', 'barra', 24],
  ['Queso fresco', 'kg', 120],
  ['Crema 200 ml', 'pza', 26],
  ['Jamón de pavo', 'kg', 135],
  ['Salchicha de pavo', 'paquete', 42],
  ['Chorizo norteño', 'kg', 110],
  ['Cacahuates japoneses', 'bolsa', 15],
  ['Dulce de tamarindo', 'pza', 5],
  ['Tostadas', 'paquete', 28],
  ['Consomé de pollo', 'caja', 17],
  ['Puré de tomate', 'pza', 11],
  ['Lentejas', 'kg', 40],
  ['Chile guajillo', 'bolsa', 22],
  ['Canela en raja', 'bolsa', 18],
  ['Pilas AA (2)', 'paquete', 39],
  ['Bolsa de hielo 5 kg', 'bolsa', 35],
  ['Carbón 3 kg', 'bolsa', 65],
  ['Garrafón de agua 20 L', 'pza', 42],
  ['Cable calibre 12', 'm', 14],
];

const CLIENTS: Array<[string, string, string | null, string | null]> = [
  ['María Guadalupe', 'Hernández', 'Col. Independencia, Monterrey', '8112345670'],
  ['José Luis', 'Treviño', 'Col. Mitras Centro, Monterrey', '8112345671'],
  ['Rosa María', 'Garza', null, '8112345672'],
  ['Juan Carlos', 'Villarreal', 'Col. Obispado, Monterrey', null],
  ['Ana Sofía', 'Cantú', 'Col. Del Valle, San Pedro', '8112345674'],
  ['Francisco', 'Salinas', null, '8112345675'],
  ['Patricia', 'González', 'Col. Contry, Monterrey', '8112345676'],
  ['Miguel Ángel', 'Rodríguez', 'Col. Cumbres, Monterrey', '8112345677'],
  ['Verónica', 'Martínez', null, null],
  ['Ricardo', 'Leal', 'Col. Linda Vista, Guadalupe', '8112345679'],
  ['Leticia', 'Elizondo', 'Col. Centro, Santa Catarina', '8112345680'],
  ['Arturo', 'Cavazos', null, '8112345681'],
  ['Gabriela', 'Montemayor', 'Col. Chepevera, Monterrey', '8112345682'],
  ['Jorge', 'Zambrano', 'Col. Tecnológico, Monterrey', null],
  ['Silvia', 'Sada', null, '8112345684'],
  ['Héctor', 'de la Garza', 'Col. Anáhuac, San Nicolás', '8112345685'],
  ['Norma', 'Benavides', 'Col. Roma, Monterrey', '8112345686'],
  ['Raúl', 'Quiroga', null, '8112345687'],
  ['Adriana', 'Guerra', 'Col. Vista Hermosa, Monterrey', '8112345688'],
  ['Fernando', 'Tamez', 'Col. Buenos Aires, Monterrey', null],
  ['Lucía', 'Ochoa', null, '8112345690'],
  ['Ramón', 'Flores', 'Col. Nuevo Repueblo, Monterrey', '8112345691'],
  ['Elena', 'Medina', 'Col. Las Puentes, San Nicolás', '8112345692'],
  ['Pedro', 'Cárdenas', null, '8112345693'],
  ['Carmen', 'Ibarra', 'Col. Moderna, Monterrey', '8112345694'],
  ['Alejandro', 'Sepúlveda', 'Col. Lomas de Anáhuac, Monterrey', null],
  ['Tienda La Esperanza', 'Abarrotes', 'Av. Lincoln 2300, Monterrey', '8183456789'],
  ['Fonda Doña Chuy', 'Cocina económica', 'Col. Centro, Monterrey', '8183456790'],
  ['Taquería El Regio', 'Negocio', 'Av. Madero 1500, Monterrey', '8183456791'],
  ['Lavandería Burbujas', 'Negocio', 'Col. Mitras Norte, Monterrey', null],
];

/** Lower case without accents, for e-mail addresses. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Who delivers: each product comes from one of them (by its place in the list). */
const SUPPLIERS = [
  { name: 'Abarrotera del Norte', phone: '81 8340 1122', contact: 'Ramiro Leal' },
  { name: 'Distribuidora Regia', phone: '81 8375 4410', contact: 'Claudia Villarreal' },
  { name: 'Comercializadora La Huasteca', phone: '81 8190 2677', contact: 'Jesús Cavazos' },
];

/** What the shop pays per unit: 58–78 % of the shelf price, by the product's place in the list. */
const demoCost = (index: number, price: number) => Math.round(price * (0.58 + (index % 6) * 0.04) * 100) / 100;

export interface DemoSummary {
  users: number;
  products: number;
  clients: number;
  receipts: number;
  purchases: number;
  payments: number;
  cuts: number;
  days: number;
}

/** Fills an empty database with four weeks of a shop's life, ending `now`. */
export async function seedDemo(url: string, uploadDir: string, now = Date.now()): Promise<DemoSummary> {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database);
    const { db, dialect } = database;
    // Seeding writes thousands of small transactions: no need to wait for the disk after each
    // (the server itself runs with synchronous=FULL).
    if (dialect === 'sqlite') await sql`PRAGMA synchronous = OFF`.execute(db);
    const { next: random, pick, int } = seededRandom(2026);

    // One clock for every service, moved forward to the moment of each action before doing it.
    let clock = 0;
    const advance = (to: number) => (clock = Math.max(clock + 1000, to));
    const config = loadConfig({ DATABASE_URL: url, UPLOAD_DIR: uploadDir });
    const { users, products, clients, receipts, reports, suppliers, purchases } = createServices({
      database,
      config,
      clock: () => clock,
    });

    const today = businessToday(now);
    const firstDay = dayjs(today).subtract(27, 'day').format('YYYY-MM-DD');
    const moment = (day: string, hour: number, minute = 0) =>
      businessDayBounds(day).start + (hour * 60 + minute) * 60_000 + int(0, 59) * 1000;

    advance(moment(firstDay, 7, 30));
    const staff = [];
    for (const user of DEMO_USERS) {
      staff.push(await users.register(registerBodySchema.parse(user)));
    }
    const [admin, manager, ...sellers] = staff.map((user) => ({ id: user.id, name: user.name }));

    interface DemoProduct {
      id: number;
      price: number;
      weighed: boolean;
      popularity: number;
      opening: number;
      cost: number;
      /** Index into SUPPLIERS. */
      supplier: number;
    }
    const catalogue: DemoProduct[] = [];
    for (const [index, [name, units, price]] of PRODUCTS.entries()) {
      const weighed = SOLD_BY_WEIGHT.has(name);
      const wholesale = WHOLESALE[name];
      // The opening stock arrives by the first morning's purchases, at its cost.
      const opening = price > 100 ? int(15, 30) : int(40, 120);
      const input = createProductBodySchema.parse({
        name,
        cuid: weighed ? String(index + 1) : `ABR-${String(index + 1).padStart(3, '0')}`,
        units,
        stockQuantity: 0,
        price,
        wholesalePrice: wholesale?.[0] ?? null,
        wholesaleMinQuantity: wholesale?.[1] ?? null,
        barcode: weighed ? null : demoBarcode(index + 1),
        sellsByWeight: weighed,
        minStock: price > 100 ? 5 : null,
        ...demoTaxes(name),
      });
      const product = await products.create(input, undefined, admin!);
      catalogue.push({
        id: product.id,
        price,
        weighed,
        popularity: random(),
        opening,
        cost: demoCost(index, price),
        supplier: index % SUPPLIERS.length,
      });
    }
    const regulars = [];
    for (const [firstName, lastName, address, phone] of CLIENTS) {
      const email = random() < 0.4 ? `${plain(firstName.split(' ')[0]!)}.${regulars.length + 1}@correo.mx` : null;
      const client = await clients.register(
        registerClientBodySchema.parse({ firstName, lastName, address, phone, email }),
        admin!,
      );
      regulars.push(client.id);
    }

    const delivers: number[] = [];
    for (const supplier of SUPPLIERS)
      delivers.push((await suppliers.register(registerSupplierBodySchema.parse(supplier))).id);
    let purchaseCount = 0;
    /** One delivery per supplier of what it brings: on credit, with the supplier's invoice folio. */
    const receive = async (day: string, lines: Array<{ product: DemoProduct; quantity: number }>) => {
      for (const [index, supplierId] of delivers.entries()) {
        const items = lines
          .filter((line) => line.product.supplier === index)
          .map((line) => ({ productId: line.product.id, quantity: line.quantity, unitCost: line.product.cost }));
        if (items.length === 0) continue;
        advance(clock + 60_000);
        purchaseCount++;
        const body = createPurchaseBodySchema.parse({
          supplierId,
          date: day,
          invoiceFolio: `F-${1000 + purchaseCount}`,
          paid: 'crédito',
          items,
        });
        await purchases.create(body, manager!);
      }
    };
    await receive(
      firstDay,
      catalogue.map((product) => ({ product, quantity: product.opening })),
    );

    const stock = async (id: number) =>
      fromMilli(
        (await db.selectFrom('products').select('stockMilli').where('id', '=', id).executeTakeFirstOrThrow())
          .stockMilli,
      );
    const byPopularity = [...catalogue].sort((a, b) => b.popularity - a.popularity);
    let receiptCount = 0;
    let paymentCount = 0;
    let cutCount = 0;
    const openCredit: Array<{ id: number; balance: number }> = [];

    for (let day = firstDay; day <= today; day = dayjs(day).add(1, 'day').format('YYYY-MM-DD')) {
      const isToday = day === today;
      const weekday = dayjs(day).day();
      // Morning: the suppliers' deliveries (purchases) of what runs low, received by the manager.
      advance(moment(day, 8, 0));
      const low = [];
      for (const product of catalogue) {
        if ((await stock(product.id)) < 15) {
          advance(clock + 60_000);
          if (clock > now) break;
          low.push({ product, quantity: int(30, 80) });
        }
      }
      if (clock <= now) await receive(day, low);

      // Sales from 9:00 to 20:00; fewer on Sundays; today only until now.
      const count = weekday === 0 ? int(12, 18) : int(24, 38);
      const times = Array.from({ length: count }, () => moment(day, 9, int(0, 11 * 60 - 1))).sort((a, b) => a - b);
      for (const time of times) {
        if (time > now) break;
        advance(time);
        const credit = random() < 0.28;
        // Most lines take the product's price; now and then the seller gives 10% off.
        const lines = new Map<number, { quantity: number; price?: number }>();
        for (let i = int(1, 4); i > 0; i--) {
          const product = random() < 0.7 ? pick(byPopularity.slice(0, 20)) : pick(catalogue);
          if (lines.has(product.id)) continue;
          const available = await stock(product.id);
          if (available < 1) continue;
          const wanted = product.weighed ? int(150, 1500) / 1000 : int(1, product.price > 100 ? 2 : 5);
          const quantity = Math.min(product.weighed ? available : Math.floor(available), wanted);
          const discount = random() < 0.1 ? { price: Math.round(product.price * 0.9 * 100) / 100 } : {};
          lines.set(product.id, { quantity, ...discount });
        }
        if (lines.size === 0) continue;
        const body = createReceiptBodySchema.parse({
          paymentMode: credit ? 'Credit' : 'Cash',
          ...(credit || random() < 0.15 ? { clientId: pick(regulars) } : {}),
          items: [...lines].map(([productId, line]) => ({ productId, ...line })),
          date: businessNowLocalTimestamp(time),
          printReceipt: false,
        });
        const { receipt } = await receipts.create(body, pick(sellers));
        receiptCount += 1;
        if (credit) openCredit.push({ id: receipt.id, balance: receipt.balance });
        // Now and then a sale is cancelled right away (a mistake at the counter).
        if (random() < 0.015) {
          advance(clock + int(2, 10) * 60_000);
          await receipts.changeState({ id: receipt.id, state: 'Cancelled' }, manager!);
          const index = openCredit.findIndex((r) => r.id === receipt.id);
          if (index >= 0) openCredit.splice(index, 1);
        } else if (receipt.id % 53 === 0) {
          // Now and then a customer brings part of a sale back (a devolución by line), without
          // drawing on the seeded sequence, so the rest of the demo stays as it was.
          advance(clock + ((receipt.id % 25) + 5) * 60_000);
          const item = receipt.items[0]!;
          const quantity = Number.isInteger(item.quantity) ? 1 : Math.round(item.quantity * 500) / 1000;
          const reason = receipt.id % 2 === 0 ? 'Producto en mal estado' : 'El cliente se equivocó de producto';
          const body = returnReceiptBodySchema.parse({
            receiptId: receipt.id,
            items: [{ itemId: item.id, quantity }],
            reason,
          });
          const { value } = await receipts.returnItems(body, manager!);
          const open = openCredit.findIndex((r) => r.id === receipt.id);
          if (open >= 0 && value.receipt.balance <= 0) openCredit.splice(open, 1);
          else if (open >= 0) openCredit[open]!.balance = value.receipt.balance;
        }
      }

      // At closing: waste, a count adjustment on Saturdays, and credit clients paying.
      if (moment(day, 20, 5) <= now) {
        advance(moment(day, 20, 5));
        if (random() < 0.8) {
          const product = pick(catalogue);
          const available = await stock(product.id);
          if (available > 2) {
            const note = pick(['Producto caducado', 'Empaque roto', 'Se echó a perder', 'Merma por humedad']);
            await products.removeInventory(
              removeInventoryBodySchema.parse({ id: product.id, stockToRemove: int(1, 2), note }),
              manager!,
            );
          }
        }
        if (weekday === 6) {
          for (let i = 0; i < 2; i++) {
            const product = pick(catalogue);
            const delta = (await stock(product.id)) > 3 ? pick([-2, -1, 1, 2]) : 1;
            advance(clock + 60_000);
            const body = adjustInventoryBodySchema.parse({
              id: product.id,
              stockToAdjust: delta,
              note: 'Conteo físico del sábado',
            });
            await products.adjustInventory(body, admin!);
          }
        }
        for (const open of [...openCredit]) {
          if (random() > 0.25) continue;
          advance(clock + int(1, 3) * 60_000);
          const index = openCredit.indexOf(open);
          if (random() < 0.3) {
            await receipts.changeState({ id: open.id, state: 'Paid' }, manager!);
            openCredit.splice(index, 1);
          } else {
            const amount = random() < 0.5 ? open.balance : Math.max(1, Math.floor(open.balance / 2));
            const body = addPaymentBodySchema.parse({
              receiptId: open.id,
              amount,
              note: pick(['Abono', 'Pago en efectivo', '']),
            });
            const updated = await receipts.addPayment(body, manager!);
            if (updated.balance === 0) openCredit.splice(index, 1);
            else open.balance = updated.balance;
          }
          paymentCount += 1;
        }
      }

      // The day's cut, at closing time (today's is left for the user to make).
      if (!isToday) {
        advance(moment(day, 21, 30));
        await reports.generate(day, manager!);
        cutCount += 1;
      }
    }

    if (dialect === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    const report = await checkConsistency(db);
    if (!isConsistent(report)) throw new Error(`Los datos de demostración no cuadran: ${JSON.stringify(report)}`);
    return {
      users: staff.length,
      products: catalogue.length,
      clients: regulars.length,
      receipts: receiptCount,
      purchases: purchaseCount,
      payments: paymentCount,
      cuts: cutCount,
      days: 28,
    };
  } finally {
    await database.close();
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      'seed-only': { type: 'boolean', default: false },
      db: { type: 'string', default: join(ROOT, 'data/demo.db') },
      server: { type: 'string', default: join(ROOT, 'apps/server/dist/server.js') },
    },
  });
  const file = resolve(args.db);
  const url = `sqlite:${file}`;
  const dataDir = resolve(file, '..');
  const uploadDir = join(dataDir, 'demo-uploads');

  if (existsSync(file) && args.reset) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    rmSync(uploadDir, { recursive: true, force: true });
  }
  if (existsSync(file)) {
    // Reuse the demo database; refuse to touch anything else.
    const database = openDatabase(url);
    try {
      const tables = await database.db.introspection.getTables();
      const demo = tables.some((t) => t.name === 'users')
        ? await database.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', DEMO_USERS[0]!.email)
            .executeTakeFirst()
        : undefined;
      if (!demo) {
        throw new Error(
          `${file} ya existe y no es la base de datos de demostración: no se toca. Usa otra con --db o bórrala con --reset.`,
        );
      }
    } finally {
      await database.close();
    }
    console.log(`\n  Usando los datos de demostración de ${file} (--reset para generarlos de nuevo).`);
  } else {
    const started = Date.now();
    console.log(`\n  Generando los datos de demostración en ${file}…`);
    const summary = await seedDemo(url, uploadDir);
    console.log(
      `  Listo en ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.products} productos, ${summary.clients} clientes, ` +
        `${summary.receipts} remisiones, ${summary.purchases} compras, ${summary.payments} pagos y ${summary.cuts} cortes en ${summary.days} días.`,
    );
  }
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  const roleNames: Record<Role, string> = { Admin: 'Administrador', Manager: 'Gerente', Seller: 'Vendedor' };
  console.log('\n  Usuarios de demostración:');
  for (const user of DEMO_USERS) {
    console.log(`    ${user.email.padEnd(width)}  ${user.password.padEnd(20)} ${roleNames[user.role]}`);
  }
  if (args['seed-only']) return;
  if (!existsSync(args.server)) {
    throw new Error(`No existe ${args.server}: compila con "npm run build" (npm run demo lo hace).`);
  }

  // The same server `npm start` runs, on the demo database.
  const child = spawn(process.execPath, [args.server], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, UPLOAD_DIR: uploadDir },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
