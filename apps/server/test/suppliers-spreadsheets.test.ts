import type { ImportPreview, ImportResult, Product } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { seedProduct } from './helpers/factories.js';
import { csv, readCsv, upload } from './helpers/spreadsheets.js';

// Issue 37's spreadsheet additions: the 'suppliers' dataset (import and export, like clients)
// and the products' 'Categoría' column; the product API's category.

let t: TestApp;
const CLOCK_NOW = Date.parse('2026-11-21T18:00:00Z');
const db = () => t.testDb.database.db;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => CLOCK_NOW });
});
afterAll(() => t.close());

const exportCsv = async (dataset: string) => {
  const response = await t.injectAs('Admin', { method: 'GET', url: `/api/export?dataset=${dataset}&format=csv` });
  expect(response.statusCode, response.body).toBe(200);
  return readCsv(response.body);
};

describe('suppliers import and export', () => {
  it('imports new suppliers, updates one by RFC and one by name, and exports them back', async () => {
    const byRfc = await db()
      .insertInto('suppliers')
      .values({ name: 'Kuali viejo', rfc: 'EKU9003173C9', phone: '111', createdAt: CLOCK_NOW, updatedAt: CLOCK_NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byName = await db()
      .insertInto('suppliers')
      .values({ name: 'Cremería Norte', contact: 'Lupita', createdAt: CLOCK_NOW, updatedAt: CLOCK_NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = csv([
      ['Proveedor', 'RFC', 'Teléfono', 'Contacto', 'Notas'],
      ['Empresa Kuali', 'eku9003173c9', '', 'Don Beto', ''],
      ['cremeria norte', '', '81 5555 0000', '', 'Paga a 15 días'],
      ['Abarrotes Sur', 'XIA190128J61', '', '', ''],
    ]);
    const preview = await upload(t, 'preview', 'suppliers', file);
    expect(preview.json<ImportPreview>()).toEqual({
      kind: 'suppliers',
      rows: 3,
      toCreate: 1,
      toUpdate: 2,
      columns: ['nombre', 'RFC', 'teléfono', 'contacto', 'notas'],
      errors: [],
    });
    const committed = await upload(t, 'commit', 'suppliers', file);
    expect(committed.json<ImportResult>()).toEqual({ kind: 'suppliers', created: 1, updated: 2 });

    const stored = await db().selectFrom('suppliers').selectAll().orderBy('id').execute();
    expect(stored.map((s) => [s.id, s.name, s.rfc, s.phone, s.contact, s.notes])).toEqual([
      [byRfc.id, 'Empresa Kuali', 'EKU9003173C9', '111', 'Don Beto', null],
      [byName.id, 'cremeria norte', null, '81 5555 0000', 'Lupita', 'Paga a 15 días'],
      [expect.any(Number), 'Abarrotes Sur', 'XIA190128J61', null, null, null],
    ]);

    expect(await exportCsv('suppliers')).toEqual([
      ['nombre', 'RFC', 'teléfono', 'contacto', 'notas', 'activo', 'alta'],
      ['Empresa Kuali', 'EKU9003173C9', '111', 'Don Beto', '', 'sí', '2026-11-21 12:00:00'],
      ['cremeria norte', '', '81 5555 0000', 'Lupita', 'Paga a 15 días', 'sí', '2026-11-21 12:00:00'],
      ['Abarrotes Sur', 'XIA190128J61', '', '', '', 'sí', '2026-11-21 12:00:00'],
    ]);
  });

  it('refuses a file with a repeated RFC or a bad one, writing nothing', async () => {
    const before = await db().selectFrom('suppliers').select('id').execute();
    const file = csv([
      ['nombre', 'RFC'],
      ['Uno', 'CACX7605101P8'],
      ['Dos', 'cacx7605101p8'],
      ['Tres', 'ABC'],
    ]);
    const preview = (await upload(t, 'preview', 'suppliers', file)).json<ImportPreview>();
    expect(preview.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(preview.errors[0]!.message).toBe('RFC: "CACX7605101P8" ya aparece en la fila 2.');
    expect(preview.errors[1]!.message).toMatch(/^RFC: /);
    expect((await upload(t, 'commit', 'suppliers', file)).statusCode).toBe(400);
    expect(await db().selectFrom('suppliers').select('id').execute()).toEqual(before);
  });
});

describe('product category', () => {
  it('is stored by create and edit, kept by an edit without it, and travels through import and export', async () => {
    const created = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/product/create',
      payload: { name: 'Galletas', cuid: 'GAL-1', units: 'pza', stockQuantity: 0, category: ' Botanas ' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<Product>();
    expect(product).toMatchObject({ category: 'Botanas', averageCost: null, lastCost: null, lastSupplierId: null });

    const edit = (payload: object) =>
      t.injectAs('Manager', {
        method: 'POST',
        url: '/api/product/edit',
        payload: { id: product.id, name: 'Galletas', cuid: 'GAL-1', units: 'pza', ...payload },
      });
    expect((await edit({})).json<Product>().category).toBe('Botanas');
    expect((await edit({ category: '' })).json<Product>().category).toBeNull();
    expect((await edit({ category: 'Dulces' })).json<Product>().category).toBe('Dulces');
    const tooLong = await edit({ category: 'x'.repeat(61) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('La categoría admite como máximo 60 caracteres.');

    const other = await seedProduct(db(), { cuid: 'REF-1', name: 'Refresco' });
    const file = csv([
      ['código', 'nombre', 'Departamento'],
      ['REF-1', 'Refresco', 'Bebidas'],
      ['AGU-1', 'Agua', 'Bebidas'],
    ]);
    expect((await upload(t, 'commit', 'products', file)).json<ImportResult>()).toEqual({
      kind: 'products',
      created: 1,
      updated: 1,
    });
    const categories = await db().selectFrom('products').select(['cuid', 'category']).orderBy('id').execute();
    expect(categories).toEqual([
      { cuid: 'GAL-1', category: 'Dulces' },
      { cuid: 'REF-1', category: 'Bebidas' },
      { cuid: 'AGU-1', category: 'Bebidas' },
    ]);
    expect(other.category).toBeNull();
    const exported = await exportCsv('products');
    const column = exported[0]!.indexOf('Categoría');
    expect(exported.slice(1).map((row) => [row[0], row[column]])).toEqual([
      ['GAL-1', 'Dulces'],
      ['REF-1', 'Bebidas'],
      ['AGU-1', 'Bebidas'],
    ]);
  });
});
