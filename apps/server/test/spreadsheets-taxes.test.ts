import type { ImportPreview } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { seedProduct } from './helpers/factories.js';
import { csv, readCsv, upload, xlsx } from './helpers/spreadsheets.js';

// A product's taxes in the spreadsheets: the export's 'IVA', 'IEPS', 'Clave SAT' and 'Unidad SAT'
// columns import back exactly, and a row with its IVA filled is a review.

let t: TestApp;
let db: Kysely<DB>;

const TAX_COLUMNS = ['ivaRate', 'iepsRatePpm', 'iepsQuotaMicros', 'satProductCode', 'satUnitCode'] as const;
const taxesByCode = async () =>
  Object.fromEntries(
    (
      await db
        .selectFrom('products')
        .select(['cuid', ...TAX_COLUMNS, 'taxesReviewed'])
        .orderBy('id')
        .execute()
    ).map(({ cuid, ...taxes }) => [cuid, taxes]),
  );

beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
  await seedProduct(db, { cuid: 'GEN', taxes: { taxesReviewed: 1 } });
  await seedProduct(db, {
    cuid: 'TORT',
    units: 'kg',
    taxes: { ivaRate: '0', satProductCode: '50221300', satUnitCode: 'KGM' },
  });
  await seedProduct(db, { cuid: 'PAPA', taxes: { iepsRatePpm: 80_000, satProductCode: '50192100' } });
  await seedProduct(db, { cuid: 'CERV', taxes: { ivaRate: '8', iepsRatePpm: 265_000, satUnitCode: 'XBO' } });
  await seedProduct(db, { cuid: 'REF', taxes: { iepsQuotaMicros: 987_060 } });
  await seedProduct(db, { cuid: 'REF2', taxes: { iepsQuotaMicros: 1_500_000, satUnitCode: 'LTR' } });
  await seedProduct(db, { cuid: 'LIB', taxes: { ivaRate: 'exento', satProductCode: '55101500' } });
});
afterAll(() => t.close());

const exported = async (format: 'csv' | 'xlsx') => {
  const response = await t.injectAs('Manager', { method: 'GET', url: `/api/export?dataset=products&format=${format}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('export', () => {
  it('writes IVA, IEPS as a percent or as pesos per unit, and the SAT keys', async () => {
    const rows = readCsv((await exported('csv')).body);
    const header = rows[0]!;
    const at = (name: string) => header.indexOf(name);
    expect(
      rows.slice(1).map((row) => [row[0], ...['IVA', 'IEPS', 'Clave SAT', 'Unidad SAT'].map((c) => row[at(c)])]),
    ).toEqual([
      ['GEN', '16', '', '01010101', 'H87'],
      ['TORT', '0', '', '50221300', 'KGM'],
      ['PAPA', '16', '8 %', '50192100', 'H87'],
      ['CERV', '8', '26.5 %', '01010101', 'XBO'],
      ['REF', '16', '$0.98706 por unidad', '01010101', 'H87'],
      ['REF2', '16', '$1.50 por unidad', '01010101', 'LTR'],
      ['LIB', 'exento', '', '55101500', 'H87'],
    ]);
  });
});

describe('import', () => {
  it.each(['csv', 'xlsx'] as const)(
    'an exported %s imports back to exactly the same taxes, all reviewed',
    async (format) => {
      const before = await taxesByCode();
      const response = await upload(t, 'commit', 'products', (await exported(format)).rawPayload, {
        filename: `productos.${format}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ kind: 'products', created: 0, updated: 7 });
      const after = await taxesByCode();
      const withoutReview = (all: typeof before) =>
        Object.fromEntries(Object.entries(all).map(([cuid, { taxesReviewed: _, ...taxes }]) => [cuid, taxes]));
      expect(withoutReview(after)).toEqual(withoutReview(before));
      expect(Object.values(after).map((p) => p.taxesReviewed)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    },
  );

  it('reads the IEPS as people write it; new rows without IVA take the defaults and stay unreviewed', async () => {
    const file = csv([
      ['Código', 'Nombre', 'Unidad', 'IVA', 'IEPS', 'Clave SAT', 'Unidad SAT'],
      ['N1', 'Cerveza', 'pza', '16 %', '26,5%', '1010101', 'h87'],
      ['N2', 'Refresco', 'pza', 'IVA 16', 'cuota 1.6451 por litro', '', ''],
      ['N3', 'Huevo', 'kg', '0', 'no', '', ''],
      ['N4', 'Arroz', 'kg', '', '', '', ''],
      ['N5', 'Dulce', 'pza', 'Exento', '8', '50161800', 'XPK'],
    ]);
    const response = await upload(t, 'commit', 'products', file);
    expect(response.statusCode, response.body).toBe(200);
    const all = await taxesByCode();
    expect(['N1', 'N2', 'N3', 'N4', 'N5'].map((cuid) => all[cuid])).toEqual([
      {
        ivaRate: '16',
        iepsRatePpm: 265_000,
        iepsQuotaMicros: null,
        satProductCode: '01010101',
        satUnitCode: 'H87',
        taxesReviewed: 1,
      },
      {
        ivaRate: '16',
        iepsRatePpm: null,
        iepsQuotaMicros: 1_645_100,
        satProductCode: '01010101',
        satUnitCode: 'H87',
        taxesReviewed: 1,
      },
      {
        ivaRate: '0',
        iepsRatePpm: null,
        iepsQuotaMicros: null,
        satProductCode: '01010101',
        satUnitCode: 'KGM',
        taxesReviewed: 1,
      },
      {
        ivaRate: '16',
        iepsRatePpm: null,
        iepsQuotaMicros: null,
        satProductCode: '01010101',
        satUnitCode: 'KGM',
        taxesReviewed: 0,
      },
      {
        ivaRate: 'exento',
        iepsRatePpm: 80_000,
        iepsQuotaMicros: null,
        satProductCode: '50161800',
        satUnitCode: 'XPK',
        taxesReviewed: 1,
      },
    ]);
  });

  it('an update without an IVA cell keeps the taxes and the review as they were; a filled IVA with a blank IEPS clears it', async () => {
    await seedProduct(db, { cuid: 'U1', taxes: { iepsRatePpm: 80_000, satUnitCode: 'XBX' } });
    await seedProduct(db, { cuid: 'U2', taxes: { iepsQuotaMicros: 2_000_000 } });
    const file = csv([
      ['Código', 'Nombre', 'IVA', 'IEPS', 'Unidad SAT'],
      ['U1', 'Galletas', '', '', ''],
      ['U2', 'Agua', '16', '', ''],
    ]);
    expect((await upload(t, 'commit', 'products', file)).statusCode).toBe(200);
    const all = await taxesByCode();
    expect([all.U1, all.U2]).toEqual([
      {
        ivaRate: '16',
        iepsRatePpm: 80_000,
        iepsQuotaMicros: null,
        satProductCode: '01010101',
        satUnitCode: 'XBX',
        taxesReviewed: 0,
      },
      {
        ivaRate: '16',
        iepsRatePpm: null,
        iepsQuotaMicros: null,
        satProductCode: '01010101',
        satUnitCode: 'H87',
        taxesReviewed: 1,
      },
    ]);
  });

  it('names the column of each bad tax cell with the Spanish message, and writes nothing', async () => {
    const file = await xlsx([
      ['Código', 'Nombre', 'IVA', 'IEPS', 'Clave SAT', 'Unidad SAT'],
      ['B1', 'Malo', '15', '', '', ''],
      ['B2', 'Malo', '16', '12 %', '', ''],
      ['B3', 'Malo', '16', '$0 por unidad', '', ''],
      ['B4', 'Malo', '16', '', '123456789', ''],
      ['B5', 'Malo', '16', '', '', 'XXX'],
    ]);
    const response = await upload(t, 'preview', 'products', file, { filename: 'malo.xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<ImportPreview>();
    expect(preview.errors.map((e) => e.row)).toEqual([2, 3, 4, 5, 6]);
    expect(preview.errors.map((e) => e.message.split(':')[0])).toEqual([
      'IVA',
      'IEPS',
      'IEPS',
      'Clave SAT',
      'Unidad SAT',
    ]);
    expect((await upload(t, 'commit', 'products', file, { filename: 'malo.xlsx' })).statusCode).toBe(400);
    expect(await db.selectFrom('products').select('id').where('cuid', 'like', 'B%').execute()).toEqual([]);
  });
});
