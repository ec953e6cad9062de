import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  businessToday,
  type CashCountReport,
  dayjs,
  type ListReportsResponse,
  localTimestampToEpoch,
  parseCutData,
  toMilli,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { applyStockChange } from '../src/modules/inventory/stock.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { seedProduct } from './helpers/factories.js';

let t: TestApp;
let db: Kysely<DB>;
let user: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
  const session = await t.sessionAs('Admin');
  user = { id: session.user.id, name: session.user.name };
});
afterAll(() => t.close());

const list = async (query = '') => {
  const response = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/list${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListReportsResponse>();
};
const generate = (payload: unknown, role: 'Admin' | 'Manager' = 'Manager') =>
  t.injectAs(role, { method: 'POST', url: '/api/reports/generate', payload: payload as object });

const product = async (cuid: string, stock = 0) => (await seedProduct(db, { cuid, stock })).id;

/** A stock change through the real core, at a chosen Monterrey wall time. */
const change = (
  productId: number,
  delta: number,
  reason: 'ADD' | 'MERMA' | 'ADJUSTMENT',
  local: string,
  note?: string,
) =>
  db
    .transaction()
    .execute((trx) =>
      applyStockChange(
        trx,
        { productId, deltaMilli: toMilli(delta), reason, user, note },
        localTimestampToEpoch(local),
      ),
    );

describe('GET /api/reports/list: inventory movements', () => {
  let first: number;
  let second: number;

  beforeAll(async () => {
    first = await product('LOG-1');
    second = await product('LOG-2');
    // 12 movements over three days (two a day per product), in the order they happened.
    for (let i = 0; i < 6; i += 1) {
      const day = `2026-10-0${Math.floor(i / 2) + 1}`;
      await change(first, 5, 'ADD', `${day}T10:0${i}:00`, `Entrada ${i}`);
      await change(second, 2, 'ADD', `${day}T11:0${i}:00`);
    }
    await change(first, -3, 'MERMA', '2026-10-03T23:30:00', 'Caducado');
  });

  it("sends each log with the API's field names, newest first", async () => {
    const { inventoryLogs, nextCursor } = await list('?limit=1&productId=' + first);
    expect(inventoryLogs).toEqual([
      {
        id: expect.any(Number),
        productId: first,
        productName: 'Producto LOG-1',
        userName: user.name,
        reason: 'MERMA',
        delta: -3,
        before: 30,
        after: 27,
        note: 'Caducado',
        createdAt: '2026-10-04T05:30:00.000Z',
      },
    ]);
    expect(nextCursor).toEqual(expect.any(String));
  });

  it('pages through every log exactly once with the cursor', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ListReportsResponse = await list(`?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.inventoryLogs.length).toBeLessThanOrEqual(5);
      seen.push(...page.inventoryLogs.map((log) => log.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(13);
    const all = await db
      .selectFrom('inventoryLogs')
      .select(['id', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(seen).toEqual(all.map((row) => row.id));
  });

  it('filters by product and by Monterrey day (a 23:30 movement stays on its day)', async () => {
    const day3 = await list('?fromDate=2026-10-03&toDate=2026-10-03');
    expect(day3.inventoryLogs.map((log) => log.note)).toEqual(['Caducado', null, null, 'Entrada 5', 'Entrada 4']);
    const day4 = await list('?fromDate=2026-10-04');
    expect(day4.inventoryLogs).toEqual([]);
    const onlySecond = await list(`?productId=${second}&limit=100`);
    expect(onlySecond.inventoryLogs).toHaveLength(6);
    expect(onlySecond.inventoryLogs.every((log) => log.productId === second)).toBe(true);
    expect(onlySecond.nextCursor).toBeNull();
  });

  it('refuses bad paging and filter values with 400, never a 500', async () => {
    for (const query of [
      '?limit=-1',
      '?limit=501',
      '?limit=abc',
      '?cursor=no-es-un-cursor',
      '?cutsCursor=xyz',
      '?productId=0',
      '?fromDate=2026-13-01',
      '?fromDate=2026-10-05&toDate=2026-10-01',
      '?otro=1',
    ]) {
      const response = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/list${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    }
  });
});

describe('POST /api/reports/generate', () => {
  it('needs a date: 400 "La fecha es obligatoria."', async () => {
    for (const payload of [{}, { date: '' }, { date: '   ' }]) {
      const response = await generate(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorBody('La fecha es obligatoria.', 'VALIDATION_ERROR'));
    }
    const noBody = await t.injectAs('Manager', { method: 'POST', url: '/api/reports/generate' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual(errorBody('La fecha es obligatoria.', 'VALIDATION_ERROR'));
  });

  it('refuses a malformed date, an impossible one and unknown fields', async () => {
    for (const payload of [
      { date: '21/11/2026' },
      { date: '2026-02-30' },
      { date: 20261121 },
      { date: '2026-11-01', x: 1 },
    ]) {
      const response = await generate(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a day after today in Monterrey, and accepts today', async () => {
    const today = businessToday();
    const tomorrow = dayjs(today).add(1, 'day').format('YYYY-MM-DD');
    const future = await generate({ date: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual(errorBody('La fecha del corte no puede ser posterior a hoy.', 'VALIDATION_ERROR'));
    const now = await generate({ date: today });
    expect(now.statusCode).toBe(201);
    expect(now.json<CashCountReport>().date).toBe(today);
  });

  it('keeps several cuts of one day, listed newest first and paged', async () => {
    const made: CashCountReport[] = [];
    for (const date of ['2026-10-01', '2026-10-02', '2026-10-02']) {
      const response = await generate({ date }, 'Admin');
      expect(response.statusCode).toBe(201);
      made.push(response.json<CashCountReport>());
    }
    const [a, b, c] = made;
    expect(c!.id).not.toBe(b!.id);
    expect(a).toMatchObject({ id: expect.any(Number), date: '2026-10-01', createdAt: expect.any(String) });
    expect(parseCutData(a!.data)?.inventory.map((row) => [row.cuid, row.initial, row.adds, row.final])).toEqual([
      ['LOG-1', 0, 10, 10],
      ['LOG-2', 0, 4, 4],
    ]);

    const everything = await list('?limit=0&cutsLimit=100');
    expect(everything.inventoryLogs).toEqual([]);
    const ids = everything.cashCountReports.map((cut) => cut.id);
    expect(ids.slice(0, 3)).toEqual([c!.id, b!.id, a!.id]);
    expect(everything.nextCutsCursor).toBeNull();

    const firstPage = await list('?limit=0&cutsLimit=2');
    expect(firstPage.cashCountReports.map((cut) => cut.id)).toEqual(ids.slice(0, 2));
    const secondPage = await list(`?limit=0&cutsLimit=2&cutsCursor=${firstPage.nextCutsCursor}`);
    expect(secondPage.cashCountReports.map((cut) => cut.id)).toEqual(ids.slice(2, 4));

    // Without a query: both lists, first pages.
    const plain = await list();
    expect(plain.cashCountReports[0]).toEqual(c);
    expect(plain.inventoryLogs.length).toBeGreaterThan(0);
  });
});

describe('GET /api/reports/pdf/:id', () => {
  it('is a letter-size PDF with the cut, its sections and its amounts', async () => {
    const rice = await product('PDF-ARZ', 0);
    await change(rice, 25, 'ADD', '2026-09-15T09:00:00');
    await change(rice, -2, 'MERMA', '2026-09-15T10:00:00');
    await change(rice, 1, 'ADJUSTMENT', '2026-09-15T23:30:00');
    const cut = (await generate({ date: '2026-09-15' })).json<CashCountReport>();

    const response = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/pdf/${cut.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="corte-2026-09-15-${cut.id}.pdf"`);

    const dir = mkdtempSync(join(tmpdir(), 'corte-'));
    try {
      const file = join(dir, 'corte.pdf');
      writeFileSync(file, response.rawPayload);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      for (const expected of [
        'Corte de caja',
        'martes, 15 de septiembre de 2026',
        'Movimientos de inventario',
        'PDF-ARZ · Producto PDF-ARZ',
        'Detalle de ventas',
        'Sin ventas',
        'No hay ventas registradas en este corte.',
        'Pagos pendientes',
        'Resumen',
        'Pendiente por cobrar',
        '$0.00',
        'Utilidad bruta',
      ]) {
        expect(text, expected).toContain(expected);
      }
      // Every page is numbered against the document's own count (the summary with its profit
      // rows sends 'Pagos pendientes' to a second page).
      const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
      expect(pages).toBeGreaterThan(0);
      for (let page = 1; page <= pages; page++) expect(text).toContain(`Página ${page} de ${pages}`);
      // The inventory row: initial 0, adds 25, waste 2, adjustment +1, final 24.
      expect(text).toMatch(/PDF-ARZ · Producto PDF-ARZ\s+0\s+0\s+0\s+25\s+2\s+\+1\s+24/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('folds what its font lacks the way the receipt PDF does: emoji and non-Latin letters never print as garbage', async () => {
    const { id } = await seedProduct(db, { cuid: 'PDF-CAFE', name: 'Café “Güero” 🙂 Ωmega', stock: 0 });
    await change(id, 3, 'ADD', '2026-09-16T09:00:00');
    const cut = (await generate({ date: '2026-09-16' })).json<CashCountReport>();
    const response = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/pdf/${cut.id}` });
    const dir = mkdtempSync(join(tmpdir(), 'corte-'));
    try {
      const file = join(dir, 'corte.pdf');
      writeFileSync(file, response.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('PDF-CAFE · Café “Güero” ? ?mega');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is 404 for a cut that does not exist', async () => {
    const response = await t.injectAs('Admin', { method: 'GET', url: '/api/reports/pdf/999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('El corte #999999 no existe.', 'NOT_FOUND'));
  });
});
