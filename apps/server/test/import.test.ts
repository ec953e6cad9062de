import { randomBytes } from 'node:crypto';
import type { ImportPreview, ImportResult } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { seedClient, seedProduct } from './helpers/factories.js';
import { csv, upload, xlsx } from './helpers/spreadsheets.js';

let t: TestApp;
let db: Kysely<DB>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
});
afterAll(() => t.close());

let seq = 0;
const code = () => `IMP-${++seq}-${Math.random().toString(36).slice(2, 7)}`;

const countOf = async (table: 'products' | 'clients' | 'inventoryLogs') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function snapshot() {
  return {
    products: await countOf('products'),
    clients: await countOf('clients'),
    logs: await countOf('inventoryLogs'),
  };
}

const productByCode = (cuid: string) =>
  db.selectFrom('products').selectAll().where('cuid', '=', cuid).executeTakeFirst();
const logsOf = (productId: number) =>
  db.selectFrom('inventoryLogs').selectAll().where('productId', '=', productId).orderBy('id').execute();

describe('product import', () => {
  it('previews without writing, then imports every row with its stock explained by an ADD log', async () => {
    const [a, b] = [code(), code()];
    const file = csv([
      ['Código', 'Nombre', 'Unidad', 'Existencia'],
      [a, 'Arroz 1 kg', 'kg', '12'],
      [b, 'Frijol, bolsa', '', '0'],
    ]);
    const before = await snapshot();

    const preview = await upload(t, 'preview', 'products', file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ImportPreview>()).toEqual({
      kind: 'products',
      rows: 2,
      toCreate: 2,
      toUpdate: 0,
      columns: ['código', 'nombre', 'unidad', 'existencia'],
      errors: [],
    });
    expect(await snapshot()).toEqual(before);

    const result = await upload(t, 'commit', 'products', file);
    expect(result.statusCode).toBe(200);
    expect(result.json<ImportResult>()).toEqual({ kind: 'products', created: 2, updated: 0 });

    const rice = await productByCode(a);
    expect(rice).toMatchObject({ name: 'Arroz 1 kg', units: 'kg', stockMilli: 12000 });
    expect(await logsOf(rice!.id)).toMatchObject([
      {
        reason: 'ADD',
        deltaMilli: 12000,
        stockBeforeMilli: 0,
        stockAfterMilli: 12000,
        note: 'Importación',
        userName: expect.any(String),
      },
    ]);
    const beans = await productByCode(b);
    expect(beans).toMatchObject({ name: 'Frijol, bolsa', units: 'pza', stockMilli: 0 });
    expect(await logsOf(beans!.id)).toEqual([]);
  });

  it('updates a product found by its code and sets its stock with an ADJUSTMENT', async () => {
    const existing = await seedProduct(db, { stock: 30, name: 'Azúcar' });
    const kept = await seedProduct(db, { stock: 7, name: 'Sal' });
    const file = csv([
      ['código', 'nombre', 'unidad', 'existencia'],
      [existing.cuid, 'Azúcar estándar', 'kg', '25'],
      [kept.cuid, 'Sal de mesa', 'pza', ''],
    ]);
    expect((await upload(t, 'preview', 'products', file)).json<ImportPreview>()).toMatchObject({
      toCreate: 0,
      toUpdate: 2,
      errors: [],
    });
    expect((await upload(t, 'commit', 'products', file)).json<ImportResult>()).toEqual({
      kind: 'products',
      created: 0,
      updated: 2,
    });
    expect(await productByCode(existing.cuid)).toMatchObject({
      name: 'Azúcar estándar',
      units: 'kg',
      stockMilli: 25000,
    });
    expect(await logsOf(existing.id)).toMatchObject([
      { reason: 'ADJUSTMENT', deltaMilli: -5000, stockBeforeMilli: 30000, stockAfterMilli: 25000, note: 'Importación' },
    ]);
    // A blank stock cell keeps the stock and writes no movement.
    expect(await productByCode(kept.cuid)).toMatchObject({ name: 'Sal de mesa', stockMilli: 7000 });
    expect(await logsOf(kept.id)).toEqual([]);
  });

  it('reads an Excel workbook and the column names of other programs (eleventa)', async () => {
    const c = code();
    const file = await xlsx([
      ['Código', 'Descripción', 'Precio Costo', 'Existencia', 'Inv. Mínimo'],
      [c, 'Aceite 1 L', 30, 8, 2],
    ]);
    const preview = (await upload(t, 'preview', 'products', file, { filename: 'eleventa.xlsx' })).json<ImportPreview>();
    expect(preview).toMatchObject({ rows: 1, toCreate: 1, errors: [] });
    expect(preview.columns).toEqual(['código', 'nombre', 'existencia', 'mínimo']);
    await upload(t, 'commit', 'products', file);
    expect(await productByCode(c)).toMatchObject({ name: 'Aceite 1 L', units: 'pza', stockMilli: 8000 });
  });

  it('imports price, barcode, minimum and sold-by-weight with a decimal stock, and refuses a barcode another product holds', async () => {
    const holder = await seedProduct(db, { name: 'Ya tiene código', barcode: '7501000111206' });
    const [cheese, other] = [code(), code()];
    const file = csv([
      ['código', 'nombre', 'unidad', 'precio', 'existencia', 'código de barras', 'mínimo', 'a granel'],
      [cheese, 'Queso fresco', 'kg', '$1,120.50', '2.750', '4006381333931', '0.5', 'sí'],
    ]);
    expect((await upload(t, 'commit', 'products', file)).json<ImportResult>()).toMatchObject({ created: 1 });
    expect(await productByCode(cheese)).toMatchObject({
      priceCents: 112_050,
      stockMilli: 2750,
      barcode: '4006381333931',
      minStockMilli: 500,
      sellsByWeight: 1,
    });

    const taken = csv([
      ['código', 'nombre', 'código de barras'],
      [other, 'Otro', '7501000111206'],
    ]);
    const preview = (await upload(t, 'preview', 'products', taken)).json<ImportPreview>();
    expect(preview.errors).toEqual([
      { row: 2, message: `código de barras: "7501000111206" ya es del producto "Ya tiene código" (${holder.cuid}).` },
    ]);
    expect((await upload(t, 'commit', 'products', taken)).statusCode).toBe(400);
    expect(await productByCode(other)).toBeUndefined();
  });

  it('refuses a fraction of a product sold by the piece', async () => {
    const file = csv([
      ['código', 'nombre', 'existencia'],
      [code(), 'Jabón', '2.5'],
    ]);
    expect((await upload(t, 'preview', 'products', file)).json<ImportPreview>().errors).toEqual([
      {
        row: 2,
        message: 'existencia: El producto "Jabón" se vende por piezas completas; la cantidad no puede tener decimales.',
      },
    ]);
  });

  it('reads a semicolon-separated CSV in Windows-1252 with thousands separators', async () => {
    const c = code();
    const file = Buffer.from(`Clave;Descripción;Existencia\r\n${c};Azúcar morena;"1,250"\r\n`, 'latin1');
    expect((await upload(t, 'preview', 'products', file)).json<ImportPreview>()).toMatchObject({ errors: [] });
    await upload(t, 'commit', 'products', file);
    expect(await productByCode(c)).toMatchObject({ name: 'Azúcar morena', stockMilli: 1250000 });
  });

  describe('malformed files are answered with row errors and nothing is written', () => {
    const refused = async (file: Buffer, errors: ImportPreview['errors'], kind = 'products') => {
      const before = await snapshot();
      const preview = await upload(t, 'preview', kind, file);
      expect(preview.statusCode).toBe(200);
      expect(preview.json<ImportPreview>().errors).toEqual(errors);
      const commit = await upload(t, 'commit', kind, file);
      expect(commit.statusCode).toBe(400);
      expect(commit.json()).toMatchObject({
        error: 'VALIDATION_ERROR',
        message: expect.stringMatching(/no se importó nada/),
      });
      expect(await snapshot()).toEqual(before);
    };

    it('wrong columns', async () => {
      await refused(
        csv([
          ['producto_id', 'precio'],
          ['1', '20'],
        ]),
        [
          {
            row: 1,
            message:
              'Faltan las columnas código, nombre. La primera fila debe tener los nombres de las columnas ' +
              '(código, nombre, unidad, precio, existencia, código de barras, mínimo, a granel, IVA, IEPS, Clave SAT, ' +
              'Unidad SAT, Categoría).',
          },
        ],
      );
    });

    it('bad numbers, missing names and duplicate codes, every row listed', async () => {
      const [a, b] = [code(), code()];
      await refused(
        csv([
          ['código', 'nombre', 'existencia'],
          [a, 'Bueno', '5'],
          [b, 'Letras', 'muchos'],
          [code(), '', '-3'],
          [a, 'Repetido', '1'],
        ]),
        [
          { row: 3, message: 'existencia: El stock debe ser un número mayor o igual a 0, con hasta 3 decimales' },
          { row: 4, message: 'nombre: Nombre del producto es requerido' },
          { row: 4, message: 'existencia: El stock debe ser un número mayor o igual a 0, con hasta 3 decimales' },
          { row: 5, message: `código: "${a}" ya aparece en la fila 2.` },
        ],
      );
    });

    it('10 MB of garbage', async () => {
      const garbage = randomBytes(10 * 1024 * 1024);
      const before = await snapshot();
      const preview = await upload(t, 'preview', 'products', garbage);
      expect(preview.statusCode).toBe(200);
      const { errors } = preview.json<ImportPreview>();
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        row: 1,
        message: expect.stringMatching(/^(Faltan las columnas|El archivo no)/),
      });
      expect((await upload(t, 'commit', 'products', garbage)).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('a broken Excel workbook', async () => {
      const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]);
      await refused(broken, [{ row: 1, message: 'El archivo no es un libro de Excel (.xlsx) válido.' }]);
    });

    it('a client without a surname or with a bad e-mail', async () => {
      await refused(
        csv([
          ['nombre', 'apellido', 'correo'],
          ['Ana', '', ''],
          ['Luis', 'Pérez', 'no-es-correo'],
        ]),
        [
          { row: 2, message: 'apellido: El apellido es obligatorio.' },
          { row: 3, message: 'correo: Correo electrónico inválido.' },
        ],
        'clients',
      );
    });
  });

  it('refuses a request without a file, or of an unknown kind, with a Spanish message', async () => {
    const noFile = await t.injectAs('Admin', { method: 'POST', url: '/api/import/preview?kind=products', payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toMatch(/Envía el archivo CSV o Excel/);
    const kind = await upload(t, 'preview', 'recibos', csv([['a']]));
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toMatch(/Elige qué importar/);
  });
});

describe('client import', () => {
  it('creates new clients and updates one found by name, keeping what a blank cell leaves out', async () => {
    const existing = await seedClient(db, { firstName: 'Rosa', lastName: `Garza ${code()}` });
    await db.updateTable('clients').set({ phone: '8111111111' }).where('id', '=', existing.id).execute();
    const newName = `Villarreal ${code()}`;
    const file = csv([
      ['Nombre', 'Apellido', 'Teléfono', 'Correo', 'Dirección'],
      ['rosa', existing.lastName!.toUpperCase(), '', 'rosa@ejemplo.mx', 'Calle 1'],
      ['Pedro', newName, '81 2222 3333', '', 'Col. Centro, Monterrey'],
    ]);
    expect((await upload(t, 'preview', 'clients', file)).json<ImportPreview>()).toMatchObject({
      rows: 2,
      toCreate: 1,
      toUpdate: 1,
      errors: [],
    });
    expect((await upload(t, 'commit', 'clients', file)).json<ImportResult>()).toEqual({
      kind: 'clients',
      created: 1,
      updated: 1,
    });
    expect(await db.selectFrom('clients').selectAll().where('id', '=', existing.id).executeTakeFirst()).toMatchObject({
      phone: '8111111111',
      email: 'rosa@ejemplo.mx',
      address: 'Calle 1',
    });
    expect(await db.selectFrom('clients').selectAll().where('lastName', '=', newName).executeTakeFirst()).toMatchObject(
      {
        firstName: 'Pedro',
        phone: '81 2222 3333',
        email: null,
        address: 'Col. Centro, Monterrey',
      },
    );
  });

  it('splits a full name when the file has no surname column (Loyverse)', async () => {
    const surname = `Treviño ${code()}`;
    const file = csv([
      ['Customer name', 'Email', 'Phone'],
      [`Carmen ${surname}`, 'carmen@ejemplo.mx', '8180000000'],
    ]);
    expect((await upload(t, 'commit', 'clients', file)).json<ImportResult>()).toMatchObject({ created: 1 });
    expect(await db.selectFrom('clients').selectAll().where('lastName', '=', surname).executeTakeFirst()).toMatchObject(
      {
        firstName: 'Carmen',
        email: 'carmen@ejemplo.mx',
      },
    );
  });
});
