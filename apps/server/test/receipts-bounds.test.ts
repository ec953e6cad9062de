import {
  CLIENT_RECEIPTS_LIMIT_DEFAULT,
  type ClientDetails,
  type ListReceiptsResponse,
  RECEIPT_PAGE_LINES_MAX,
  type Receipt,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { ensureUser, seedClient, seedProduct, seedReceipt } from './helpers/factories.js';

// A client with many large receipts: client/details and receipt/list answer bounded pages (by
// receipt count and by lines), and the pages together hold every receipt exactly once, newest
// first. A database of its own: receipt/list sees every receipt in it.

const RECEIPTS = 70;
const ITEMS_EACH = 150; // 70 × 150 = 10,500 lines: more than two pages' worth of lines
const DAY_START = Date.UTC(2026, 10, 10, 15, 0, 0); // 09:00 in Monterrey, 2026-11-10

let t: TestApp;
let clientId: number;
/** Every receipt's id, newest first (date desc, id desc). */
let expectedOrder: number[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.testDb.database.db;
  const [product, client, seller] = await Promise.all([
    seedProduct(db, { name: 'Tornillo con un nombre largo de catálogo 3/8 x 2 pulgadas' }),
    seedClient(db),
    ensureUser(db, { role: 'Seller', email: 'vende-bounds@prueba.mx', password: 'x-contraseña-1' }),
  ]);
  clientId = client.id;
  const seeded: Array<{ id: number; date: number }> = [];
  for (let i = 0; i < RECEIPTS; i++) {
    // Pairs share a date, so the id breaks the tie in the order.
    const date = DAY_START + Math.floor(i / 2) * 60_000;
    const { id } = await seedReceipt(db, {
      userId: seller.id,
      clientId,
      date,
      items: Array.from({ length: ITEMS_EACH }, (_, k) => ({ product, quantity: 1 + (k % 3), priceCents: 1250 })),
    });
    seeded.push({ id, date });
  }
  expectedOrder = seeded.sort((a, b) => b.date - a.date || b.id - a.id).map((r) => r.id);
});
afterAll(() => t.close());

const linesOf = (receipts: Receipt[]) => receipts.reduce((n, r) => n + r.items.length + r.payments.length, 0);

async function details(query = '') {
  const response = await t.injectAs('Manager', { method: 'GET', url: `/api/client/details/${clientId}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<ClientDetails>(), bytes: response.rawPayload.length };
}

describe('client/details pages its receipts', () => {
  it('answers the newest page by default, with the total and a cursor, bounded in size', async () => {
    const { body, bytes } = await details();
    expect(body.receiptsTotal).toBe(RECEIPTS);
    expect(body.receipts.length).toBeLessThanOrEqual(CLIENT_RECEIPTS_LIMIT_DEFAULT);
    expect(linesOf(body.receipts)).toBeLessThanOrEqual(RECEIPT_PAGE_LINES_MAX);
    // 5,000 lines cut the page at 33 receipts of 150 lines.
    expect(body.receipts.map((r) => r.id)).toEqual(expectedOrder.slice(0, 33));
    expect(body.receiptsNextCursor).toEqual(expect.any(String));
    expect(bytes).toBeLessThan(2_500_000);
  });

  it('pages through every receipt exactly once, newest first, whatever the limit', async () => {
    for (const limit of [7, 200]) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?receiptsLimit=${limit}${cursor ? `&receiptsCursor=${encodeURIComponent(cursor)}` : ''}`;
        const { body } = await details(query);
        expect(body.receipts.length).toBeLessThanOrEqual(limit);
        expect(linesOf(body.receipts)).toBeLessThanOrEqual(RECEIPT_PAGE_LINES_MAX);
        seen.push(...body.receipts.map((r) => r.id));
        cursor = body.receiptsNextCursor;
        pages += 1;
      } while (cursor && pages < 50);
      expect(seen).toEqual(expectedOrder);
      expect(pages).toBe(limit === 7 ? 10 : 3);
    }
  });

  it('refuses a limit out of range and a broken cursor with a Spanish 400', async () => {
    for (const query of ['?receiptsLimit=0', '?receiptsLimit=201', '?receiptsLimit=muchos', '?receiptsCursor=xyz']) {
      const response = await t.injectAs('Manager', { method: 'GET', url: `/api/client/details/${clientId}${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/receiptsLimit debe ser|cursor/i);
    }
  });
});

describe('receipt/list pages are bounded by lines too', () => {
  it('a page of 1,000 stops at the line budget, and the pages hold every receipt once', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await t.injectAs('Manager', {
        method: 'GET',
        url: `/api/receipt/list?fromDate=2026-11-10&toDate=2026-11-10&pageSize=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<ListReceiptsResponse>();
      expect(linesOf(page.data)).toBeLessThanOrEqual(RECEIPT_PAGE_LINES_MAX);
      expect(response.rawPayload.length).toBeLessThan(2_500_000);
      seen.push(...page.data.map((r) => r.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(pages).toBe(3);
    expect(seen).toEqual(expectedOrder);
  });
});
