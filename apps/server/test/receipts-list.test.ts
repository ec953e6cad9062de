import type { ListReceiptsResponse, Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { createReceipt, postAction, seedClient, seedProduct } from './helpers/factories.js';

// A database of its own with a known set of receipts (Pending receipts of any date show up in
// every list while includePending is on, so no other test may add any here).

let t: TestApp;
const db = () => t.testDb.database.db;
let productId: number;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp();
  productId = (await seedProduct(db(), { stock: 100_000 })).id;
  clientId = (await seedClient(db())).id;
});
afterAll(() => t.close());

const sell = (date: string, paymentMode: 'Cash' | 'Credit' = 'Cash', price = 10) =>
  createReceipt(t, {
    paymentMode,
    ...(paymentMode === 'Credit' ? { clientId } : {}),
    date,
    items: [{ productId, quantity: 1, price }],
  });

async function list(query: string): Promise<ListReceiptsResponse> {
  const response = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/list${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListReceiptsResponse>();
}

const ids = (page: { data: Receipt[] }) => page.data.map((r) => r.id);

/** Every page of a query, following nextCursor. */
async function allPages(query: string, pageSize: number) {
  const pages: ListReceiptsResponse[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await list(`${query}&pageSize=${pageSize}${suffix}`);
    expect(page.data.length).toBeLessThanOrEqual(pageSize);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('GET /api/receipt/list', () => {
  // Sales on 2025-03-10..12, Monterrey time (UTC−6).
  let early: Receipt; // 00:00:00 of the 11th
  let lateNight: Receipt; // 23:30 of the 11th (05:30 UTC on the 12th)
  let lastMs: Receipt; // 23:59:59.999 of the 11th
  let nextDay: Receipt; // 00:00 of the 12th
  let dayBefore: Receipt; // 23:59:59 of the 10th
  let oldPending: Receipt; // Credit, 2025-01-05, still Pending
  let oldPaidCredit: Receipt; // Credit, 2025-01-06, paid off

  beforeAll(async () => {
    early = await sell('2025-03-11T00:00:00');
    lateNight = await sell('2025-03-11T23:30:00');
    lastMs = await sell('2025-03-11T23:59:59.999');
    nextDay = await sell('2025-03-12T00:00:00');
    dayBefore = await sell('2025-03-10T23:59:59');
    oldPending = await sell('2025-01-05T09:15:00', 'Credit', 80);
    oldPaidCredit = await sell('2025-01-06T09:15:00', 'Credit', 40);
    const paid = await postAction(t, 'addPayment', { receiptId: oldPaidCredit.id, amount: 40 });
    expect(paid.json().state).toBe('Paid');
  });

  it('a Monterrey day holds its own sales from 00:00 to 23:59:59.999, including one at 23:30', async () => {
    const day = await list('?fromDate=2025-03-11&toDate=2025-03-11&includePending=false');
    expect(ids(day)).toEqual([lastMs.id, lateNight.id, early.id]);
    expect(day.nextCursor).toBeNull();
    expect(lateNight.date).toBe('2025-03-12T05:30:00.000Z');

    const following = await list('?fromDate=2025-03-12&toDate=2025-03-12&includePending=false');
    expect(ids(following)).toEqual([nextDay.id]);
  });

  it('includes Pending receipts of any date by default, and leaves them out with includePending=false', async () => {
    const withPending = await list('?fromDate=2025-03-11&toDate=2025-03-11');
    expect(ids(withPending)).toEqual([lastMs.id, lateNight.id, early.id, oldPending.id]);
    const pending = withPending.data.at(-1)!;
    expect(pending).toMatchObject({ state: 'Pending', total: 80, paid: 0, balance: 80 });

    const without = await list('?fromDate=2025-03-11&toDate=2025-03-11&includePending=0');
    expect(ids(without)).not.toContain(oldPending.id);
    expect(ids(without)).not.toContain(oldPaidCredit.id);
  });

  it('lists a range from the start of the first day to the end of the last, newest first', async () => {
    const range = await list('?fromDate=2025-03-10&toDate=2025-03-12&includePending=false');
    expect(ids(range)).toEqual([nextDay.id, lastMs.id, lateNight.id, early.id, dayBefore.id]);
    const january = await list('?fromDate=2025-01-01&toDate=2025-01-31&includePending=false');
    expect(ids(january)).toEqual([oldPaidCredit.id, oldPending.id]);
    expect(january.data[0]).toMatchObject({ state: 'Paid', total: 40, paid: 40, balance: 0 });
  });

  it('takes either bound alone, and no bound means every date', async () => {
    const from = await list('?fromDate=2025-03-12&includePending=false');
    expect(ids(from)).toContain(nextDay.id);
    expect(ids(from)).not.toContain(lastMs.id);
    const to = await list('?toDate=2025-01-31&includePending=false');
    expect(ids(to)).toEqual([oldPaidCredit.id, oldPending.id]);
    const all = await list('?includePending=false');
    for (const r of [early, lateNight, lastMs, nextDay, dayBefore, oldPending, oldPaidCredit]) {
      expect(ids(all)).toContain(r.id);
    }
  });

  it('answers 400 for bad dates, a reversed range, bad page sizes and a forged cursor', async () => {
    const cases: Array<[string, string]> = [
      ['?fromDate=2025-3-1', 'La fecha debe tener la forma AAAA-MM-DD.'],
      ['?fromDate=2025-02-30', 'La fecha debe tener la forma AAAA-MM-DD.'],
      ['?fromDate=2025-03-12&toDate=2025-03-11', 'La fecha inicial no puede ser posterior a la final.'],
      ['?pageSize=0', 'pageSize debe ser un número entre 1 y 1000.'],
      ['?pageSize=1001', 'pageSize debe ser un número entre 1 y 1000.'],
      ['?pageSize=diez', 'pageSize debe ser un número entre 1 y 1000.'],
      ['?includePending=quizá', 'Debe ser true o false.'],
      ['?cursor=nada', 'El cursor no es válido.'],
      [`?cursor=${Buffer.from('[1,"x"]').toString('base64url')}`, 'El cursor no es válido.'],
      ['?estado=Paid', 'Campo no permitido: estado'],
    ];
    for (const [query, message] of cases) {
      const response = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/list${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(errorBody(message, 'VALIDATION_ERROR'));
    }
  });
});

describe('GET /api/receipt/list paging', () => {
  // Dates in 2024 so that nothing above mixes in; 13 sales share one instant, so only the id
  // tells them apart.
  const SAME = '2024-06-15T10:00:00';
  let sameInstant: Receipt[];
  let spread: Receipt[];
  let pendingOutside: Receipt[];

  beforeAll(async () => {
    sameInstant = [];
    for (let i = 0; i < 13; i++) sameInstant.push(await sell(SAME, i % 4 === 0 ? 'Credit' : 'Cash'));
    spread = [];
    for (const time of ['08:00:00', '12:00:00', '18:45:00', '23:30:00']) spread.push(await sell(`2024-06-15T${time}`));
    pendingOutside = [await sell('2024-05-01T10:00:00', 'Credit'), await sell('2024-07-01T10:00:00', 'Credit')];
  });

  const expectedOrder = (receipts: Receipt[]) =>
    [...receipts].sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id).map((r) => r.id);

  it.each([1, 3, 7, 17, 1000])('walks a day in pages of %i with no duplicate, no gap, newest first', async (size) => {
    const pages = await allPages('?fromDate=2024-06-15&toDate=2024-06-15&includePending=false', size);
    const seen = pages.flatMap(ids);
    expect(seen).toEqual(expectedOrder([...sameInstant, ...spread]));
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.slice(0, -1).every((p) => p.data.length === size)).toBe(true);
  });

  it('pages the day merged with Pending receipts of other dates, each exactly once', async () => {
    const expected = expectedOrder([
      ...sameInstant,
      ...spread,
      ...pendingOutside,
      // The Pending receipts seeded by the first describe block, too.
      ...(await list('?toDate=2025-12-31&includePending=false')).data.filter(
        (r) => r.state === 'Pending' && !r.date.startsWith('2024'),
      ),
    ]);
    for (const size of [2, 5, 1000]) {
      const pages = await allPages('?fromDate=2024-06-15&toDate=2024-06-15', size);
      expect(pages.flatMap(ids)).toEqual(expected);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
    // The July Pending receipt is newer than the day, the May one older: they bracket it.
    const first = await list('?fromDate=2024-06-15&toDate=2024-06-15&pageSize=1');
    expect(ids(first)).toEqual([expected[0]]);
    expect(expected.indexOf(pendingOutside[1]!.id)).toBeLessThan(expected.indexOf(spread[3]!.id));
  });

  it('a page of exactly the remaining rows ends with a null cursor', async () => {
    const total = sameInstant.length + spread.length;
    const page = await list(`?fromDate=2024-06-15&toDate=2024-06-15&includePending=false&pageSize=${total}`);
    expect(page.data).toHaveLength(total);
    expect(page.nextCursor).toBeNull();
  });
});
