import { type Product, TAX_MESSAGES, TAX_PRESETS } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { seedProduct } from './helpers/factories.js';
import { multipart } from './helpers/multipart.js';

// A product's taxes through create, edit, list and lookup: the wire's percent and pesos, the
// exact millionths stored, the defaults, and the 'Revisa los impuestos' count.

let t: TestApp;
let db: Kysely<DB>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
});
afterAll(() => t.close());

let seq = 0;
const code = () => `TAX-${++seq}-${Math.random().toString(36).slice(2, 7)}`;

const createJson = (payload: object) =>
  t.injectAs('Admin', { method: 'POST', url: '/api/product/create', payload: { stockQuantity: 0, ...payload } });
const createForm = async (fields: Record<string, string | number>) =>
  t.injectAs('Admin', { method: 'POST', url: '/api/product/create', ...(await multipart(fields)) });
const editJson = (payload: object) => t.injectAs('Admin', { method: 'POST', url: '/api/product/edit', payload });
const editForm = async (fields: Record<string, string | number>) =>
  t.injectAs('Admin', { method: 'POST', url: '/api/product/edit', ...(await multipart(fields)) });

const taxColumnsOf = (id: number) =>
  db
    .selectFrom('products')
    .select(['ivaRate', 'iepsRatePpm', 'iepsQuotaMicros', 'satProductCode', 'satUnitCode', 'taxesReviewed'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const taxesOf = (p: Product) => ({
  ivaRate: p.ivaRate,
  iepsRate: p.iepsRate,
  iepsPerUnit: p.iepsPerUnit,
  satProductCode: p.satProductCode,
  satUnitCode: p.satUnitCode,
  taxesReviewed: p.taxesReviewed,
});

const unreviewed = async (role: 'Admin' | 'Manager' = 'Admin') => {
  const response = await t.injectAs(role, { method: 'GET', url: '/api/product/taxReview' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ unreviewed: number }>().unreviewed;
};

describe('create', () => {
  it('takes the defaults when the taxes are left out: 16 %, no IEPS, 01010101, the unit’s key', async () => {
    const cases = [
      ['pza', 'H87'],
      ['kg', 'KGM'],
      ['Litro', 'LTR'],
      ['caja', 'XBX'],
      ['bolsa', 'H87'],
    ] as const;
    for (const [units, satUnitCode] of cases) {
      const response = await createJson({ name: `Producto ${units}`, cuid: code(), units });
      expect(response.statusCode, response.body).toBe(201);
      const product = response.json<Product>();
      expect(taxesOf(product)).toEqual({
        ivaRate: '16',
        iepsRate: null,
        iepsPerUnit: null,
        satProductCode: '01010101',
        satUnitCode,
        taxesReviewed: true,
      });
      expect(await taxColumnsOf(product.id)).toEqual({
        ivaRate: '16',
        iepsRatePpm: null,
        iepsQuotaMicros: null,
        satProductCode: '01010101',
        satUnitCode,
        taxesReviewed: 1,
      });
    }
  });

  it.each(TAX_PRESETS.map((preset) => [preset.label, preset.taxes] as const))(
    'stores the preset %s exactly (multipart)',
    async (_label, taxes) => {
      const iepsPerUnit = taxes.iepsPerUnit === null ? '' : '1.6451';
      const response = await createForm({
        name: 'Con impuestos',
        cuid: code(),
        units: 'pza',
        stockQuantity: '0',
        ivaRate: taxes.ivaRate,
        iepsRate: taxes.iepsRate === null ? '' : String(taxes.iepsRate),
        iepsPerUnit,
        satProductCode: '50202306',
        satUnitCode: 'h87',
      });
      expect(response.statusCode, response.body).toBe(201);
      const product = response.json<Product>();
      expect(taxesOf(product)).toEqual({
        ...taxes,
        iepsPerUnit: taxes.iepsPerUnit === null ? null : 1.6451,
        satProductCode: '50202306',
        satUnitCode: 'H87',
        taxesReviewed: true,
      });
      expect(await taxColumnsOf(product.id)).toEqual({
        ivaRate: taxes.ivaRate,
        iepsRatePpm: taxes.iepsRate === null ? null : taxes.iepsRate * 10_000,
        iepsQuotaMicros: taxes.iepsPerUnit === null ? null : 1_645_100,
        satProductCode: '50202306',
        satUnitCode: 'H87',
        taxesReviewed: 1,
      });
    },
  );

  it('keeps a cuota’s six decimals and 26.5 % exactly, by JSON', async () => {
    const cuota = await createJson({ name: 'Refresco', cuid: code(), units: 'pza', iepsPerUnit: 0.98706 });
    expect(cuota.json<Product>()).toMatchObject({ iepsRate: null, iepsPerUnit: 0.98706 });
    expect((await taxColumnsOf(cuota.json<Product>().id)).iepsQuotaMicros).toBe(987_060);
    const rate = await createJson({ name: 'Cerveza', cuid: code(), units: 'pza', ivaRate: '8', iepsRate: 26.5 });
    expect(rate.json<Product>()).toMatchObject({ ivaRate: '8', iepsRate: 26.5, iepsPerUnit: null });
    expect((await taxColumnsOf(rate.json<Product>().id)).iepsRatePpm).toBe(265_000);
  });

  it.each([
    [{ ivaRate: '15' }, TAX_MESSAGES.ivaRate],
    [{ iepsRate: 12 }, TAX_MESSAGES.iepsRate],
    [{ iepsRate: '12' }, TAX_MESSAGES.iepsRate],
    [{ iepsRate: 8, iepsPerUnit: 1.5 }, TAX_MESSAGES.iepsBoth],
    [{ iepsPerUnit: 0 }, TAX_MESSAGES.iepsPerUnit],
    [{ iepsPerUnit: '1.1234567' }, TAX_MESSAGES.iepsPerUnit],
    [{ satProductCode: '123' }, TAX_MESSAGES.satProductCode],
    [{ satProductCode: '5020230A' }, TAX_MESSAGES.satProductCode],
    [{ satUnitCode: 'XXX' }, TAX_MESSAGES.satUnitCode],
  ])('refuses %j with 400 and the Spanish message, writing nothing', async (taxes, message) => {
    const cuid = code();
    const response = await createJson({ name: 'Malo', cuid, units: 'pza', ...taxes });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await db.selectFrom('products').select('id').where('cuid', '=', cuid).executeTakeFirst()).toBeUndefined();
  });

  it('refuses both IEPS kinds sent as form fields too', async () => {
    const response = await createForm({
      name: 'Malo',
      cuid: code(),
      units: 'pza',
      stockQuantity: '0',
      iepsRate: '8',
      iepsPerUnit: '1.50',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(TAX_MESSAGES.iepsBoth);
  });
});

describe('edit', () => {
  async function product(taxes: object = {}) {
    const response = await createJson({ name: 'Botana', cuid: code(), units: 'pza', ...taxes });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  }
  const basics = (p: Product) => ({ id: p.id, name: p.name, cuid: p.cuid, units: p.units });

  it('keeps every tax field it was not sent (JSON and multipart)', async () => {
    const created = await product({ ivaRate: '0', iepsRate: 8, satProductCode: '50192100', satUnitCode: 'XPK' });
    const renamed = await editJson({ ...basics(created), name: 'Papas' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(taxesOf(renamed.json<Product>())).toEqual(taxesOf(created));
    const byForm = await editForm({ ...basics(created), units: 'kg' });
    expect(byForm.statusCode, byForm.body).toBe(200);
    expect(taxesOf(byForm.json<Product>())).toEqual(taxesOf(created));
    expect(await taxColumnsOf(created.id)).toEqual({
      ivaRate: '0',
      iepsRatePpm: 80_000,
      iepsQuotaMicros: null,
      satProductCode: '50192100',
      satUnitCode: 'XPK',
      taxesReviewed: 1,
    });
  });

  it('changes what it was sent; a rate replaces a cuota, a cuota a rate, a blank clears', async () => {
    const created = await product({ iepsPerUnit: 1.5 });
    const toRate = await editJson({ ...basics(created), iepsRate: 26.5, ivaRate: 'exento' });
    expect(taxesOf(toRate.json<Product>())).toMatchObject({ ivaRate: 'exento', iepsRate: 26.5, iepsPerUnit: null });
    const toCuota = await editForm({ ...basics(created), iepsPerUnit: '2,25' });
    expect(taxesOf(toCuota.json<Product>())).toMatchObject({ ivaRate: 'exento', iepsRate: null, iepsPerUnit: 2.25 });
    const cleared = await editForm({
      ...basics(created),
      iepsPerUnit: '',
      satUnitCode: 'kgm',
      satProductCode: '10101500',
    });
    expect(taxesOf(cleared.json<Product>())).toEqual({
      ivaRate: 'exento',
      iepsRate: null,
      iepsPerUnit: null,
      satProductCode: '10101500',
      satUnitCode: 'KGM',
      taxesReviewed: true,
    });
  });

  it('refuses bad values with the message and leaves the product as it was', async () => {
    const created = await product({ iepsRate: 8 });
    for (const [taxes, message] of [
      [{ iepsRate: 12 }, TAX_MESSAGES.iepsRate],
      [{ iepsRate: 8, iepsPerUnit: 1 }, TAX_MESSAGES.iepsBoth],
      [{ satProductCode: '123' }, TAX_MESSAGES.satProductCode],
      [{ satUnitCode: 'XXX' }, TAX_MESSAGES.satUnitCode],
    ] as const) {
      const response = await editJson({ ...basics(created), name: 'Otro nombre', ...taxes });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const [stored] = (await t.injectAs('Admin', { method: 'GET', url: '/api/product/list' }))
      .json<{ products: Product[] }>()
      .products.filter((p) => p.id === created.id);
    expect(stored).toEqual(created);
  });
});

describe('the review of products that came before taxes', () => {
  it('counts the products nobody has saved; saving one (even without its taxes) reviews it', async () => {
    const before = await unreviewed();
    const old = await seedProduct(db, { units: 'kg' });
    await seedProduct(db);
    expect(await unreviewed('Manager')).toBe(before + 2);
    const lookup = await t.injectAs('Seller', { method: 'GET', url: `/api/product/lookup?code=${old.cuid}` });
    expect(lookup.json<{ product: Product }>().product).toMatchObject({
      ivaRate: '16',
      iepsRate: null,
      iepsPerUnit: null,
      satProductCode: '01010101',
      taxesReviewed: false,
    });
    const saved = await editJson({ id: old.id, name: old.name, cuid: old.cuid, units: old.units });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Product>().taxesReviewed).toBe(true);
    expect(await unreviewed()).toBe(before + 1);
  });

  it('a Seller may not ask', async () => {
    const response = await t.injectAs('Seller', { method: 'GET', url: '/api/product/taxReview' });
    expect(response.statusCode).toBe(403);
  });
});
