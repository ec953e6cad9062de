import { businessDayBounds } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { ensureUser, seedClient, seedInventoryLog, seedProduct, seedReceipt } from './helpers/factories.js';
import { FORMULAS, liveCells, readCsv, readXlsx, upload } from './helpers/spreadsheets.js';

let t: TestApp;
let db: Kysely<DB>;

// Two Monterrey days; everything seeded at noon of one of them.
const DAY_1 = '2026-03-10';
const DAY_2 = '2026-03-11';
const noon = (day: string) => businessDayBounds(day).start + 12 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
  const seller = await ensureUser(db, { role: 'Seller', email: 'vende@prueba.mx', name: 'Sofía Cantú', password: 'x' });
  const client = await seedClient(db, { firstName: 'Rosa', lastName: 'Garza', createdAt: noon(DAY_1) });
  const rice = await seedProduct(db, {
    cuid: 'ARZ-1',
    name: 'Arroz, 1 kg',
    units: 'kg',
    stock: 40.5,
    price: 32.5,
    barcode: '7501000111206',
    sellsByWeight: true,
    createdAt: noon(DAY_1),
  });
  const beans = await seedProduct(db, { cuid: 'FRJ-1', name: 'Frijol', stock: 5, createdAt: noon(DAY_2) });
  await seedReceipt(db, {
    userId: seller.id,
    clientId: client.id,
    date: noon(DAY_1),
    items: [
      { product: rice, quantity: 2, priceCents: 3250 },
      { product: beans, quantity: 1, priceCents: 3800 },
    ],
    payments: [{ amountCents: 5000 }],
  });
  await seedReceipt(db, {
    userId: seller.id,
    state: 'Paid',
    paymentMode: 'Cash',
    date: noon(DAY_2),
    items: [{ product: beans, quantity: 3, priceCents: 3800 }],
    payments: [{ amountCents: 11400 }],
  });
});
afterAll(() => t.close());

const exportAs = (query: string, role: 'Admin' | 'Manager' = 'Manager') =>
  t.injectAs(role, { method: 'GET', url: `/api/export?${query}` });

/** The CSV's lines without its byte-order mark. */
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);

describe('export', () => {
  it('products as CSV in the import columns, with a byte-order mark for Excel', async () => {
    const response = await exportAs('dataset=products&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="productos.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(lines(response.body)).toEqual([
      'código,nombre,unidad,precio,existencia,código de barras,mínimo,a granel,IVA,IEPS,Clave SAT,Unidad SAT,Categoría,alta',
      'ARZ-1,"Arroz, 1 kg",kg,32.5,40.5,7501000111206,,sí,16,,01010101,H87,,2026-03-10 12:00:00',
      'FRJ-1,Frijol,pza,,5,,,no,16,,01010101,H87,,2026-03-11 12:00:00',
    ]);
  });

  it('filters by Monterrey days, both ends included', async () => {
    const response = await exportAs(`dataset=products&from=${DAY_2}&to=${DAY_2}`);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="productos-${DAY_2}-a-${DAY_2}.csv"`);
    expect(lines(response.body).slice(1)).toEqual(['FRJ-1,Frijol,pza,,5,,,no,16,,01010101,H87,,2026-03-11 12:00:00']);
  });

  it('receipts with their items as an Excel workbook, money in pesos', async () => {
    const response = await exportAs(`dataset=receipts&format=xlsx&from=${DAY_1}&to=${DAY_1}`, 'Admin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await readXlsx(response.rawPayload);
    expect(rows).toEqual([
      [
        'remisión',
        'fecha',
        'estado',
        'forma de pago',
        'cliente',
        'vendedor',
        'total',
        'producto',
        'unidad',
        'cantidad',
        'precio',
        'importe',
        'cantidad devuelta',
        'total neto',
      ],
      [
        expect.any(Number),
        '2026-03-10 12:00:00',
        'Pendiente',
        'Crédito',
        'Rosa Garza',
        'Sofía Cantú',
        103,
        'Arroz, 1 kg',
        'kg',
        2,
        32.5,
        65,
        0,
        103,
      ],
      [
        expect.any(Number),
        '2026-03-10 12:00:00',
        'Pendiente',
        'Crédito',
        'Rosa Garza',
        'Sofía Cantú',
        103,
        'Frijol',
        'pza',
        1,
        38,
        38,
        0,
        103,
      ],
    ]);
  });

  it('payments and clients', async () => {
    const payments = lines((await exportAs('dataset=payments')).body);
    expect(payments[0]).toBe('pago,remisión,fecha,monto,tipo,vigente,cancelado,usuario,nota');
    expect(payments.slice(1).map((line) => line.split(',').slice(2, 6))).toEqual([
      ['2026-03-10 12:00:00', '50', 'abono', 'sí'],
      ['2026-03-11 12:00:00', '114', 'abono', 'sí'],
    ]);
    expect(lines((await exportAs('dataset=clients')).body)).toEqual([
      'nombre,apellido,teléfono,correo,dirección,RFC,Razón social,Régimen fiscal,C.P. fiscal,Uso CFDI,Correo para facturas,activo,alta',
      'Rosa,Garza,,,,,,,,,,sí,2026-03-10 12:00:00',
    ]);
  });

  it('inventory movements, the import explaining the stock it set', async () => {
    const file = Buffer.from('código,nombre,existencia\r\nMOV-1,Sal,12\r\n');
    expect((await upload(t, 'commit', 'products', file)).statusCode).toBe(200);
    const movements = lines((await exportAs('dataset=movements')).body);
    expect(movements[0]).toBe('fecha,producto,motivo,cantidad,antes,después,usuario,remisión,nota');
    expect(movements.at(-1)).toMatch(/^[\d-]+ [\d:]+,Sal,Entrada,12,0,12,[^,]+,,Importación$/);
  });

  it('refuses a bad range or dataset with a Spanish message', async () => {
    const reversed = await exportAs(`dataset=payments&from=${DAY_2}&to=${DAY_1}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch('La fecha inicial no puede ser posterior a la final.');
    const unknown = await exportAs('dataset=users');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Elige qué exportar/);
  });
});

// A formula typed as a name or a note would run when the CSV is opened in a spreadsheet: every
// export writes it as text, behind an apostrophe (the shared CSV writer).
describe('formulas in exported text', () => {
  const DAY_3 = '2026-03-12';
  const [hyperlink, command, sum] = FORMULAS;
  const exportDay = async (dataset: string, format = 'csv') => {
    const response = await exportAs(`dataset=${dataset}&format=${format}&from=${DAY_3}&to=${DAY_3}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const csvOf = async (dataset: string) => readCsv((await exportDay(dataset)).body);

  beforeAll(async () => {
    const seller = await ensureUser(db, { role: 'Seller', email: 'formula@prueba.mx', name: sum, password: 'x' });
    const client = await seedClient(db, {
      firstName: hyperlink,
      lastName: sum,
      phone: command,
      createdAt: noon(DAY_3),
    });
    const product = await seedProduct(db, { cuid: '-F1', name: command, stock: 3, createdAt: noon(DAY_3) });
    await seedReceipt(db, {
      userId: seller.id,
      clientId: client.id,
      date: noon(DAY_3),
      items: [{ product, quantity: 1, priceCents: 1000 }],
      payments: [{ amountCents: 400, note: hyperlink }],
    });
    await seedInventoryLog(db, {
      product,
      delta: -2,
      before: 5,
      userName: sum,
      note: hyperlink,
      createdAt: noon(DAY_3),
    });
  });

  it('products: the code and the name', async () => {
    const rows = await csvOf('products');
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([["'-F1", `'${command}`]]);
    expect(liveCells(rows)).toEqual([]);
  });

  it('clients: the name, the surname and the phone', async () => {
    const rows = await csvOf('clients');
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([[`'${hyperlink}`, `'${sum}`, `'${command}`]]);
    expect(liveCells(rows)).toEqual([]);
  });

  it("receipts: the client, the seller and the product's name", async () => {
    const rows = await csvOf('receipts');
    expect(rows.slice(1).map((row) => [row[4], row[5], row[7]])).toEqual([
      [`'${hyperlink} ${sum}`, `'${sum}`, `'${command}`],
    ]);
    expect(liveCells(rows)).toEqual([]);
  });

  it('payments: the user and the note', async () => {
    const rows = await csvOf('payments');
    expect(rows.slice(1).map((row) => [row[3], row[7], row[8]])).toEqual([['4', `'${sum}`, `'${hyperlink}`]]);
    expect(liveCells(rows)).toEqual([]);
  });

  it('movements: the product, the user and the note; a negative quantity stays a number', async () => {
    const rows = await csvOf('movements');
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      [`'${command}`, 'Ajuste', '-2', '5', '3', `'${sum}`, '', `'${hyperlink}`],
    ]);
    expect(liveCells(rows)).toEqual([]);
  });

  it('the Excel workbook keeps them as plain text cells (no apostrophe, no formula)', async () => {
    const rows = await readXlsx((await exportDay('clients', 'xlsx')).rawPayload);
    expect(rows[1]!.slice(0, 3)).toEqual([hyperlink, sum, command]);
  });

  it('an exported catalogue imports back with the same names, without the apostrophe', async () => {
    const file = Buffer.from((await exportDay('products')).body.replace(`'${command}`, `'${command} 2`));
    const response = await upload(t, 'commit', 'products', file);
    expect(response.statusCode, response.body).toBe(200);
    const row = await db
      .selectFrom('products')
      .select(['cuid', 'name'])
      .where('cuid', '=', '-F1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cuid: '-F1', name: `${command} 2` });
  });
});
