// What an import reads of a file and what it refuses before reading: the row limit while
// streaming (CSV and Excel), the parts of a workbook it never decompresses, the number of parts,
// and one import at a time.
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { type ImportPreview, MAX_IMPORT_ROWS } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { IMPORT_BUSY } from '../src/modules/spreadsheets/import.service.js';
import { TOO_MANY_ROWS } from '../src/modules/spreadsheets/sheet-rows.js';
import { MAX_XLSX_ENTRIES, XLSX_TOO_MANY_PARTS } from '../src/modules/spreadsheets/xlsx-reader.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { csv, upload } from './helpers/spreadsheets.js';
import { rowXml, SHEET_HEAD, SHEET_TAIL, sheetXml, workbook } from './helpers/xlsx-parts.js';

let t: TestApp;
let db: Kysely<DB>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
});
afterAll(() => t.close());

const productCount = async () =>
  Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The preview shows the one problem of the whole file; the commit refuses it; nothing is written. */
async function refusedWhole(file: Buffer, message: string) {
  const before = await productCount();
  const preview = await upload(t, 'preview', 'products', file);
  expect(preview.statusCode).toBe(200);
  expect(preview.json<ImportPreview>().errors).toEqual([{ row: 1, message }]);
  const commit = await upload(t, 'commit', 'products', file);
  expect(commit.statusCode).toBe(400);
  expect(commit.json().message).toMatch(/no se importó nada/);
  expect(await productCount()).toBe(before);
}

describe('the row limit, checked while reading', () => {
  it('stops reading a CSV at the first row over the limit', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [`FILA-${i}`, 'Producto']);
    // After the limit comes a quote that never closes: a parser that read on would fail on it.
    const file = Buffer.concat([csv([['código', 'nombre'], ...rows]), Buffer.from('"sin cerrar,x\r\nA,B\r\n')]);
    expect(TOO_MANY_ROWS).toBe(
      'El archivo tiene más de 50,000 filas; el máximo es 50,000. Divídelo en varios archivos.',
    );
    await refusedWhole(file, TOO_MANY_ROWS);
  });

  it('stops reading an Excel sheet at the first row over the limit', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => rowXml(i + 2, [`FILA-${i}`, 'Producto']));
    // After the limit the XML is broken: a reader that went on would call the workbook invalid.
    const broken = `<row r="${MAX_IMPORT_ROWS + 3}"><c><v>1</c></row>`;
    const sheet = SHEET_HEAD + rowXml(1, ['código', 'nombre']) + rows.join('') + broken + SHEET_TAIL;
    await refusedWhole(workbook(sheet), TOO_MANY_ROWS);
  });

  it('takes a file of exactly the limit, blank rows not counted', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => [`LIMITE-${i}`, 'Producto']);
    const file = csv([['código', 'nombre'], ...rows.slice(0, 10), ['', ''], ...rows.slice(10), [' ', '']]);
    const preview = await upload(t, 'preview', 'products', file);
    expect(preview.json<ImportPreview>()).toMatchObject({
      rows: MAX_IMPORT_ROWS,
      toCreate: MAX_IMPORT_ROWS,
      errors: [],
    });
  });
});

describe('an Excel workbook', () => {
  const products = sheetXml([
    ['código', 'nombre', 'existencia'],
    ['XLSX-IMG-1', 'Cuaderno', 4],
  ]);

  it('is read without decompressing its images or any other part the import does not need', async () => {
    // Neither of these is valid deflate data for what the directory says: decompressing them fails.
    const image = { name: 'xl/media/image1.png', deflated: randomBytes(64 * 1024), size: 1024 * 1024 };
    const drawing = { name: 'xl/drawings/drawing1.xml', deflated: deflateRawSync(Buffer.alloc(4096)), size: 10 };
    const file = workbook(products, [image, drawing]);
    const preview = await upload(t, 'preview', 'products', file, { filename: 'con-imagenes.xlsx' });
    expect(preview.json<ImportPreview>()).toMatchObject({ rows: 1, toCreate: 1, errors: [] });
    expect((await upload(t, 'commit', 'products', file)).json()).toMatchObject({ created: 1 });
    expect(
      await db.selectFrom('products').selectAll().where('cuid', '=', 'XLSX-IMG-1').executeTakeFirst(),
    ).toMatchObject({ name: 'Cuaderno', stockMilli: 4000 });
  });

  it(`is refused with more than ${MAX_XLSX_ENTRIES} parts, before any is read`, async () => {
    const parts = Array.from({ length: MAX_XLSX_ENTRIES }, (_, i) => ({ name: `xl/media/image${i}.png`, data: 'x' }));
    expect(XLSX_TOO_MANY_PARTS).toMatch(/^El archivo es demasiado grande: tiene más de 1,000 partes/);
    await refusedWhole(workbook(products, parts), XLSX_TOO_MANY_PARTS);
  });

  it('whose sheet inflates to more than its directory says is refused as invalid', async () => {
    const xml = Buffer.from(products);
    const lying = workbook({ deflated: deflateRawSync(xml), size: xml.length - 10 });
    await refusedWhole(lying, 'El archivo no es un libro de Excel (.xlsx) válido.');
  });
});

describe('one import at a time', () => {
  it('refuses a second import or preview while one is at work, with a Spanish 409, and takes the next one after', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`TURNO-${i}`, 'Producto']);
    const first = upload(t, 'preview', 'products', csv([['código', 'nombre'], ...rows]));
    await vi.waitFor(() => expect(t.app.services.imports.busy()).toBe(true), { interval: 5 });

    const small = csv([
      ['código', 'nombre'],
      ['TURNO-X', 'Otro'],
    ]);
    for (const step of ['preview', 'commit'] as const) {
      const second = await upload(t, step, 'products', small);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error: 'CONFLICT', message: IMPORT_BUSY });
    }
    expect(IMPORT_BUSY).toBe('Ya hay una importación en curso. Espera a que termine y vuelve a intentarlo.');

    expect((await first).json<ImportPreview>()).toMatchObject({ rows: 20_000, errors: [] });
    expect(t.app.services.imports.busy()).toBe(false);
    expect((await upload(t, 'commit', 'products', small)).json()).toMatchObject({ created: 1 });
  });

  it('frees the turn after a refused file', async () => {
    await upload(t, 'commit', 'products', csv([['sin columnas'], ['x']]));
    expect(t.app.services.imports.busy()).toBe(false);
    const file = csv([
      ['código', 'nombre'],
      ['TURNO-Y', 'Otro'],
    ]);
    expect((await upload(t, 'commit', 'products', file)).statusCode).toBe(200);
  });
});
