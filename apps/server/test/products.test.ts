import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { type FilePart, multipart } from './helpers/multipart.js';
import { inventoryLogsOf, stockOf as stockInDb } from './helpers/factories.js';

let t: TestApp;
let db: Kysely<DB>;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'mostrador-uploads-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  db = t.testDb.database.db;
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(52),
]);

let seq = 0;
const code = (prefix = 'P') => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;

async function create(fields: Record<string, string | number>, file?: FilePart, role: 'Admin' | 'Manager' = 'Admin') {
  return t.injectAs(role, { method: 'POST', url: '/api/product/create', ...(await multipart(fields, file)) });
}

async function newProduct(stockQuantity: number, name = `Producto ${code()}`) {
  const response = await create({ name, cuid: code(), units: 'pza', stockQuantity });
  expect(response.statusCode).toBe(201);
  return response.json<Product>();
}

const post = (url: string, payload: object, role: 'Admin' | 'Manager' | 'Seller' = 'Admin') =>
  t.injectAs(role, { method: 'POST', url, payload });

const stockOf = (id: number) => stockInDb(db, id);
const logsOf = (id: number) => inventoryLogsOf(db, id);

const uploadedFiles = () => readdirSync(uploadDir);

describe('POST /api/product/create', () => {
  it('creates the product and logs the initial stock as one ADD "Inventario inicial"', async () => {
    const cuid = code('JAB');
    const before = Date.now();
    const response = await create({ name: '  Jabón de coco ', cuid, units: 'pza', stockQuantity: '25' });
    expect(response.statusCode).toBe(201);
    const product = response.json<Product>();
    expect(product).toEqual({
      id: expect.any(Number),
      name: 'Jabón de coco',
      cuid,
      units: 'pza',
      stockQuantity: 25,
      price: null,
      wholesalePrice: null,
      wholesaleMinQuantity: null,
      barcode: null,
      minStock: null,
      sellsByWeight: false,
      imageUrl: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      ivaRate: '16',
      iepsRate: null,
      iepsPerUnit: null,
      satProductCode: '01010101',
      satUnitCode: 'H87',
      taxesReviewed: true,
      category: null,
      // An Admin's or Manager's answer carries the costs (none before a purchase).
      averageCost: null,
      lastCost: null,
      lastSupplierId: null,
    });
    expect(Date.parse(product.createdAt)).toBeGreaterThanOrEqual(before);
    expect(await stockOf(product.id)).toBe(25);

    const admin = await t.sessionAs('Admin');
    const logs = await logsOf(product.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      reason: 'ADD',
      delta: 25,
      stockBefore: 0,
      stockAfter: 25,
      productName: 'Jabón de coco',
      userId: admin.user.id,
      userName: admin.user.name,
      note: 'Inventario inicial',
      receiptId: null,
    });
    expect(logs[0]!.createdAt).toBe(Date.parse(product.createdAt));
  });

  it('writes no log when the product starts with 0 stock', async () => {
    const product = await newProduct(0);
    expect(product.stockQuantity).toBe(0);
    expect(await logsOf(product.id)).toHaveLength(0);
  });

  it('also accepts a JSON body (no image), and a Manager may create', async () => {
    const cuid = code('JS');
    const response = await post(
      '/api/product/create',
      { name: 'Vela', cuid, units: 'pza', stockQuantity: 3 },
      'Manager',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ cuid, stockQuantity: 3 });
    const logs = await logsOf(response.json<Product>().id);
    expect(logs.map((l) => [l.reason, l.delta, l.stockBefore, l.stockAfter, l.userName])).toEqual([
      ['ADD', 3, 0, 3, 'Usuario Manager'],
    ]);
  });

  it.each([
    ['png', PNG, 'image/png'],
    ['jpg', JPEG, 'image/jpeg'],
    ['webp', WEBP, 'image/webp'],
  ])('stores a %s image under a random name and serves it back at imageUrl', async (ext, data, type) => {
    const response = await create(
      { name: 'Con foto', cuid: code('IMG'), units: 'pza', stockQuantity: 0 },
      { data, type, filename: `foto.${ext}` },
    );
    expect(response.statusCode).toBe(201);
    const { imageUrl } = response.json<Product>();
    expect(imageUrl).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${ext}$`));
    const served = await t.app.inject({ method: 'GET', url: imageUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(data)).toBe(true);
  });

  it('treats an empty file input as no image', async () => {
    const response = await create(
      { name: 'Sin foto', cuid: code(), units: 'pza', stockQuantity: 0 },
      { data: Buffer.alloc(0), type: 'application/octet-stream', filename: '' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<Product>().imageUrl).toBeNull();
  });

  it.each([
    ['text pretending to be a PNG', Buffer.from('<svg onload=alert(1)>'), 'image/png'],
    ['a GIF', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]), 'image/gif'],
    ['a real PNG declared as text', PNG, 'text/plain'],
  ])('refuses %s with 400 and stores nothing', async (_label, data, type) => {
    const files = uploadedFiles().length;
    const cuid = code('BAD');
    const response = await create({ name: 'Mala foto', cuid, units: 'pza', stockQuantity: 5 }, { data, type });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('La imagen debe ser JPEG, PNG o WebP.', 'VALIDATION_ERROR'));
    expect(await db.selectFrom('products').select('id').where('cuid', '=', cuid).executeTakeFirst()).toBeUndefined();
    expect(uploadedFiles()).toHaveLength(files);
  });

  it('refuses an image over 5 MB with 413 and stores nothing', async () => {
    const files = uploadedFiles().length;
    const cuid = code('BIG');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await create(
      { name: 'Enorme', cuid, units: 'pza', stockQuantity: 0 },
      { data: big, type: 'image/png' },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(errorBody('La imagen no puede pesar más de 5 MB.', 'PAYLOAD_TOO_LARGE'));
    expect(await db.selectFrom('products').select('id').where('cuid', '=', cuid).executeTakeFirst()).toBeUndefined();
    expect(uploadedFiles()).toHaveLength(files);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    const response = await create(
      { name: 'Justo', cuid: code(), units: 'pza', stockQuantity: 0 },
      { data: exact, type: 'image/png' },
    );
    expect(response.statusCode).toBe(201);
  });

  it('refuses a duplicate code with 409 and keeps the first product untouched', async () => {
    const first = await newProduct(4);
    const response = await create({ name: 'Otro', cuid: first.cuid, units: 'kg', stockQuantity: 9 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody(`Ya existe un producto con el código "${first.cuid}".`, 'CONFLICT'));
    expect(await db.selectFrom('products').select('id').where('cuid', '=', first.cuid).execute()).toHaveLength(1);
    expect(await stockOf(first.id)).toBe(4);
  });

  it('lets exactly one of two simultaneous creations of one code win', async () => {
    const cuid = code('RACE');
    const answers = await Promise.all(
      [1, 2, 3].map((n) => create({ name: `Carrera ${n}`, cuid, units: 'pza', stockQuantity: n })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await db.selectFrom('products').select(['id', 'stockMilli']).where('cuid', '=', cuid).execute();
    expect(rows).toHaveLength(1);
    expect(await logsOf(rows[0]!.id)).toHaveLength(1);
  });

  it.each([
    [{ cuid: 'X-1', units: 'pza', stockQuantity: 1 }, 'Nombre del producto es requerido'],
    [{ name: 'A', cuid: '   ', units: 'pza', stockQuantity: 1 }, 'Código del producto es requerido'],
    [{ name: 'A', cuid: 'X-2', units: '', stockQuantity: 1 }, 'Unidades del producto son requeridas'],
    [
      { name: 'A', cuid: 'X-3', units: 'pza', stockQuantity: -1 },
      'El stock debe ser un número mayor o igual a 0, con hasta 3 decimales',
    ],
    [
      { name: 'A', cuid: 'X-4', units: 'pza', stockQuantity: '2.0005' },
      'El stock debe ser un número mayor o igual a 0, con hasta 3 decimales',
    ],
    [
      { name: 'A', cuid: 'X-5', units: 'pza', stockQuantity: 'diez' },
      'El stock debe ser un número mayor o igual a 0, con hasta 3 decimales',
    ],
    [{ name: 'A', cuid: 'X-6', units: 'pza', stockQuantity: 1, precio: 10 }, 'Campo no permitido: precio'],
  ])('refuses %o with 400 "%s"', async (fields, message) => {
    const response = await create(fields as Record<string, string | number>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(message, 'VALIDATION_ERROR'));
  });

  it('refuses a file sent under another field name', async () => {
    const response = await create(
      { name: 'A', cuid: code(), units: 'pza', stockQuantity: 1 },
      { data: PNG, type: 'image/png', field: 'foto' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Campo no permitido: foto');
  });

  it('refuses a text value in the image field', async () => {
    const response = await create({ name: 'A', cuid: code(), units: 'pza', stockQuantity: 1, image: 'foto.png' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Debe ser un archivo de imagen.');
  });

  it('takes the selling fields as multipart form fields, with a decimal stock for a product sold by weight', async () => {
    const cuid = code('QSO');
    const response = await create({
      name: 'Queso Oaxaca',
      cuid,
      units: 'kg',
      stockQuantity: '12.5',
      price: '189.90',
      wholesalePrice: '175',
      wholesaleMinQuantity: '2,5',
      barcode: '7501055363278',
      minStock: '3',
      sellsByWeight: 'true',
    });
    expect(response.statusCode, response.body).toBe(201);
    const product = response.json<Product>();
    expect(product).toMatchObject({
      stockQuantity: 12.5,
      price: 189.9,
      wholesalePrice: 175,
      wholesaleMinQuantity: 2.5,
      barcode: '7501055363278',
      minStock: 3,
      sellsByWeight: true,
    });
    expect(await stockOf(product.id)).toBe(12.5);
    expect((await logsOf(product.id))[0]).toMatchObject({ reason: 'ADD', deltaMilli: 12_500 });
    const row = await db.selectFrom('products').selectAll().where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ priceCents: 18_990, wholesalePriceCents: 17_500, wholesaleMinMilli: 2500 });
  });

  it('refuses a decimal stock for a product sold by the piece, naming it', async () => {
    const response = await create({ name: 'Jabón', cuid: code(), units: 'pza', stockQuantity: '2.5' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'El producto "Jabón" se vende por piezas completas; la cantidad no puede tener decimales.',
    );
  });

  it('keeps codes unique ignoring case and width, and barcodes unique (409)', async () => {
    const cuid = code('Caso');
    expect((await create({ name: 'Uno', cuid, units: 'pza', stockQuantity: 0, barcode: '96385074' })).statusCode).toBe(
      201,
    );
    const sameCode = await create({ name: 'Dos', cuid: cuid.toLowerCase(), units: 'pza', stockQuantity: 0 });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().message).toBe(`Ya existe un producto con el código "${cuid.toLowerCase()}".`);
    const wide = await create({ name: 'Tres', cuid: cuid.replace('C', 'Ｃ'), units: 'pza', stockQuantity: 0 });
    expect(wide.statusCode).toBe(409);
    const sameBarcode = await create({
      name: 'Cuatro',
      cuid: code(),
      units: 'pza',
      stockQuantity: 0,
      barcode: '96385074',
    });
    expect(sameBarcode.statusCode).toBe(409);
    expect(sameBarcode.json().message).toBe('Ya existe un producto con el código de barras "96385074".');
  });
});

describe('POST /api/product/edit', () => {
  const edit = async (fields: Record<string, string | number>, file?: FilePart) =>
    t.injectAs('Admin', { method: 'POST', url: '/api/product/edit', ...(await multipart(fields, file)) });

  it('changes name, code and units, never the stock, and logs nothing', async () => {
    const product = await newProduct(7);
    const cuid = code('NEW');
    const response = await edit({ id: product.id, name: 'Nombre nuevo', cuid, units: 'caja' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...product, name: 'Nombre nuevo', cuid, units: 'caja' });
    expect(await stockOf(product.id)).toBe(7);
    expect(await logsOf(product.id)).toHaveLength(1);
  });

  it('sets and clears the selling fields; its own code in another case is not a conflict', async () => {
    const product = await newProduct(7);
    const fields = { id: product.id, name: product.name, cuid: product.cuid.toLowerCase(), units: 'pza' };
    const set = await edit({ ...fields, price: '25.50', minStock: '2', barcode: '036000291452' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ price: 25.5, minStock: 2, barcode: '036000291452', sellsByWeight: false });
    const cleared = await edit({ ...fields, price: '', minStock: '', barcode: '' });
    expect(cleared.json()).toMatchObject({ price: null, minStock: null, barcode: null });
    expect(await stockOf(product.id)).toBe(7);
  });

  it('keeps the image when none is sent, and a new image replaces (and deletes) the old one', async () => {
    const created = await create(
      { name: 'Foto vieja', cuid: code(), units: 'pza', stockQuantity: 0 },
      { data: PNG, type: 'image/png' },
    );
    const product = created.json<Product>();
    const kept = await edit({ id: product.id, name: 'Foto vieja 2', cuid: product.cuid, units: 'pza' });
    expect(kept.json<Product>().imageUrl).toBe(product.imageUrl);

    const replaced = await edit(
      { id: product.id, name: 'Foto nueva', cuid: product.cuid, units: 'pza' },
      { data: JPEG, type: 'image/jpeg' },
    );
    expect(replaced.statusCode).toBe(200);
    const { imageUrl } = replaced.json<Product>();
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(imageUrl).not.toBe(product.imageUrl);
    expect((await t.app.inject({ method: 'GET', url: imageUrl! })).rawPayload.equals(JPEG)).toBe(true);
    const old = await t.app.inject({ method: 'GET', url: product.imageUrl! });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual(errorBody('Imagen no encontrada.', 'NOT_FOUND'));
    expect(existsSync(join(uploadDir, product.imageUrl!.replace('/uploads/', '')))).toBe(false);
  });

  it('refuses a bad image and leaves the product as it was', async () => {
    const product = await newProduct(1);
    const response = await edit(
      { id: product.id, name: 'Cambiado', cuid: product.cuid, units: 'pza' },
      { data: Buffer.from('hola'), type: 'image/png' },
    );
    expect(response.statusCode).toBe(400);
    expect(
      (await db.selectFrom('products').select('name').where('id', '=', product.id).executeTakeFirstOrThrow()).name,
    ).toBe(product.name);
  });

  it('refuses taking another product’s code with 409, allows keeping its own', async () => {
    const a = await newProduct(1);
    const b = await newProduct(1);
    const taken = await edit({ id: b.id, name: b.name, cuid: a.cuid, units: 'pza' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(errorBody(`Ya existe un producto con el código "${a.cuid}".`, 'CONFLICT'));
    expect((await edit({ id: b.id, name: 'B2', cuid: b.cuid, units: 'pza' })).statusCode).toBe(200);
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await edit({ id: 987654, name: 'X', cuid: code(), units: 'pza' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('El producto #987654 no existe.', 'NOT_FOUND'));
  });

  it.each([
    [{ id: 0, name: 'A', cuid: 'B', units: 'C' }, 'El ID debe ser un número positivo'],
    [{ id: 'x', name: 'A', cuid: 'B', units: 'C' }, 'El ID debe ser un número positivo'],
    [{ id: 1, name: ' ', cuid: 'B', units: 'C' }, 'Nombre del producto es requerido'],
    [{ id: 1, name: 'A', cuid: '', units: 'C' }, 'Código del producto es requerido'],
    [{ id: 1, name: 'A', cuid: 'B', units: ' ' }, 'Unidades del producto son requeridas'],
    [{ id: 1, name: 'A', cuid: 'B', units: 'C', stockQuantity: 5 }, 'Campo no permitido: stockQuantity'],
  ])('refuses %o with 400 "%s"', async (fields, message) => {
    const response = await edit(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(message, 'VALIDATION_ERROR'));
  });
});

describe('stock changes', () => {
  it('addInventory adds and logs ADD with exact before, after and delta', async () => {
    const product = await newProduct(5);
    const response = await post('/api/product/addInventory', { id: product.id, stockToAdd: 7, note: 'Proveedor' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...product, stockQuantity: 12 });
    const logs = await logsOf(product.id);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatchObject({
      reason: 'ADD',
      delta: 7,
      stockBefore: 5,
      stockAfter: 12,
      productName: product.name,
      userName: 'Usuario Admin',
      note: 'Proveedor',
    });
  });

  it('removeInventory registers waste as MERMA with a negative delta', async () => {
    const product = await newProduct(12);
    const response = await post('/api/product/removeInventory', { id: product.id, stockToRemove: 4 }, 'Manager');
    expect(response.statusCode).toBe(200);
    expect(response.json<Product>().stockQuantity).toBe(8);
    const log = (await logsOf(product.id)).at(-1);
    expect(log).toMatchObject({
      reason: 'MERMA',
      delta: -4,
      stockBefore: 12,
      stockAfter: 8,
      note: null,
      userName: 'Usuario Manager',
    });
  });

  it('adjustInventory applies a signed delta as ADJUSTMENT', async () => {
    const product = await newProduct(8);
    expect(
      (await post('/api/product/adjustInventory', { id: product.id, stockToAdjust: -3 })).json<Product>().stockQuantity,
    ).toBe(5);
    expect(
      (await post('/api/product/adjustInventory', { id: product.id, stockToAdjust: 10 })).json<Product>().stockQuantity,
    ).toBe(15);
    expect((await logsOf(product.id)).slice(1).map((l) => [l.reason, l.delta, l.stockBefore, l.stockAfter])).toEqual([
      ['ADJUSTMENT', -3, 8, 5],
      ['ADJUSTMENT', 10, 5, 15],
    ]);
  });

  it('may take the stock to exactly 0', async () => {
    const product = await newProduct(6);
    const response = await post('/api/product/removeInventory', { id: product.id, stockToRemove: 6 });
    expect(response.json<Product>().stockQuantity).toBe(0);
  });

  it.each([
    ['/api/product/removeInventory', { stockToRemove: 6 }],
    ['/api/product/adjustInventory', { stockToAdjust: -6 }],
  ])('%s below 0 is 409 naming the product and the stock, writing nothing', async (url, body) => {
    const product = await newProduct(5, `Harina ${code()}`);
    const response = await post(url, { id: product.id, ...body });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody(`Stock insuficiente de "${product.name}": disponible 5.`, 'CONFLICT'));
    expect(await stockOf(product.id)).toBe(5);
    expect(await logsOf(product.id)).toHaveLength(1);
  });

  it('refuses to pass the maximum stock with 409, writing nothing', async () => {
    const product = await newProduct(999_999_999);
    const response = await post('/api/product/addInventory', { id: product.id, stockToAdd: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `El stock de "${product.name}" no puede ser mayor a 1,000,000,000 (actual: 999999999).`,
    );
    expect(await stockOf(product.id)).toBe(999_999_999);
    expect(await logsOf(product.id)).toHaveLength(1);
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await post('/api/product/addInventory', { id: 765432, stockToAdd: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('El producto #765432 no existe.', 'NOT_FOUND'));
  });

  it.each([
    ['/api/product/addInventory', { stockToAdd: 0 }, 'La cantidad debe ser un número mayor a 0, con hasta 3 decimales'],
    [
      '/api/product/addInventory',
      { stockToAdd: 1.0005 },
      'La cantidad debe ser un número mayor a 0, con hasta 3 decimales',
    ],
    ['/api/product/addInventory', { stockToAdd: '3' }, null],
    [
      '/api/product/removeInventory',
      { stockToRemove: -1 },
      'La cantidad debe ser un número mayor a 0, con hasta 3 decimales',
    ],
    ['/api/product/removeInventory', {}, 'La cantidad debe ser un número mayor a 0, con hasta 3 decimales'],
    [
      '/api/product/adjustInventory',
      { stockToAdjust: 0 },
      'La cantidad debe ser un número distinto de 0, con hasta 3 decimales',
    ],
    ['/api/product/adjustInventory', { stockToAdjust: 2_000_000 }, 'La cantidad no puede ser mayor a 1,000,000'],
    ['/api/product/adjustInventory', { stockToAdjust: 1, extra: 1 }, 'Campo no permitido: extra'],
  ])('%s %o → %s', async (url, body, message) => {
    const product = await newProduct(3);
    const response = await post(url, { id: product.id, ...body });
    if (message === null) {
      expect(response.statusCode).toBe(200);
      return;
    }
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(message, 'VALIDATION_ERROR'));
    expect(await stockOf(product.id)).toBe(3);
  });

  it('a database CHECK refuses negative stock even if a query skipped the rules', async () => {
    const product = await newProduct(2);
    await expect(
      db.updateTable('products').set({ stockMilli: -1 }).where('id', '=', product.id).execute(),
    ).rejects.toThrow();
    expect(await stockOf(product.id)).toBe(2);
  });

  it('never loses an update under 60 parallel requests of every kind', async () => {
    const product = await newProduct(100);
    const calls = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 0) return { url: '/api/product/addInventory', body: { stockToAdd: 5 }, delta: 5 };
      if (i % 3 === 1) return { url: '/api/product/removeInventory', body: { stockToRemove: 2 }, delta: -2 };
      return { url: '/api/product/adjustInventory', body: { stockToAdjust: i % 2 ? -1 : 3 }, delta: i % 2 ? -1 : 3 };
    });
    const answers = await Promise.all(
      calls.map((c, i) => post(c.url, { id: product.id, ...c.body }, i % 2 ? 'Admin' : 'Manager')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(200));
    const expected = 100 + calls.reduce((sum, c) => sum + c.delta, 0);
    expect(expected).toBe(180);
    expect(await stockOf(product.id)).toBe(expected);

    const logs = (await logsOf(product.id)).slice(1);
    expect(logs).toHaveLength(60);
    logs.forEach((log, i) => {
      expect(log.stockAfter - log.stockBefore).toBe(log.delta);
      expect(log.stockBefore).toBe(i === 0 ? 100 : logs[i - 1]!.stockAfter);
    });
    expect(logs.at(-1)!.stockAfter).toBe(expected);
  });

  it('parallel waste of the last units never goes below 0: exactly the stock is removed', async () => {
    const product = await newProduct(10);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => post('/api/product/removeInventory', { id: product.id, stockToRemove: 1 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(15);
    expect(await stockOf(product.id)).toBe(0);
  });
});

describe('GET /api/product/list', () => {
  it('lists every product (oldest first) with its current stock to every role, sellers included', async () => {
    const product = await newProduct(9);
    await post('/api/product/addInventory', { id: product.id, stockToAdd: 1 });
    const response = await t.injectAs('Seller', { method: 'GET', url: '/api/product/list' });
    expect(response.statusCode).toBe(200);
    const { products } = response.json<{ products: Product[] }>();
    // A Seller's answer leaves the costs out.
    const { averageCost: _a, lastCost: _l, lastSupplierId: _s, ...withoutCosts } = product;
    expect(products.find((p) => p.id === product.id)).toEqual({ ...withoutCosts, stockQuantity: 10 });
    const ids = products.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
