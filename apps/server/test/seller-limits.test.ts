import {
  businessNowLocalTimestamp,
  type Client,
  type ClientDetails,
  CREDIT_TERMS_FORBIDDEN,
  type ListReceiptsResponse,
  type Receipt,
  RECEIPT_OUT_OF_SCOPE,
  type Role,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { ensureUser, seedClient, seedProduct, seedReceipt, stockOf } from './helpers/factories.js';

// What a Seller may do (issue 36): set no credit terms (a client they register gets the shop's),
// sell at no price below the product's, and read their own receipts and today's, without the
// clients' credit figures. Through the real app, on SQLite and on PostgreSQL.

/** Friday 2026-11-20, 12:00 in Monterrey: "today" for every test here. */
const NOW = Date.parse('2026-11-20T18:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const YEAR_AGO = NOW - 300 * DAY;

let t: TestApp;
const db = () => t.testDb.database.db;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => NOW });
});
afterAll(() => t.close());

const post = (role: Role, url: string, payload: object) => t.injectAs(role, { method: 'POST', url, payload });

const saleBody = (items: Array<{ productId: number; quantity: number; price?: number }>, extra: object = {}) => ({
  paymentMode: 'Cash',
  date: businessNowLocalTimestamp(NOW),
  items,
  ...extra,
});

describe('credit terms are an Admin’s or a Manager’s', () => {
  it("refuses the issue's attack: a Seller's copy of a client with no limit and a year's plazo, then a $25,000 credit sale", async () => {
    const original = await seedClient(db(), { firstName: 'Doña', lastName: 'Chuy', creditLimitCents: 50_000 });
    const copy = { firstName: 'Doña', lastName: 'Chuy', creditLimit: null, creditDays: 365 };
    const before = await db().selectFrom('clients').select('id').execute();

    const attack = await post('Seller', '/api/client/register', copy);
    expect(attack.statusCode).toBe(403);
    expect(attack.json()).toEqual(errorBody(CREDIT_TERMS_FORBIDDEN, 'FORBIDDEN'));
    expect(CREDIT_TERMS_FORBIDDEN).toBe(
      'Solo un administrador o gerente puede fijar el límite de crédito y el plazo de un cliente.',
    );
    // Either term alone is refused too, and nothing was written.
    expect((await post('Seller', '/api/client/register', { ...copy, creditLimit: undefined })).statusCode).toBe(403);
    expect(
      (await post('Seller', '/api/client/register', { firstName: 'A', lastName: 'B', creditLimit: 0 })).statusCode,
    ).toBe(403);
    expect(await db().selectFrom('clients').select('id').execute()).toEqual(before);

    // Without terms the copy is registered with the shop's: no credit (DEFAULT_CREDIT_LIMIT 0) and 30 days.
    const plain = await post('Seller', '/api/client/register', { firstName: 'Doña', lastName: 'Chuy' });
    expect(plain.statusCode, plain.body).toBe(201);
    const created = plain.json<Client>();
    expect(created).toEqual(expect.objectContaining({ creditDays: 30 }));
    expect(
      await db()
        .selectFrom('clients')
        .select(['creditLimitCents', 'creditDays'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ creditLimitCents: 0, creditDays: 30 });

    const product = await seedProduct(db(), { stock: 10, price: 25_000, name: 'Refrigerador' });
    const sale = await post(
      'Seller',
      '/api/receipt/create',
      saleBody([{ productId: product.id, quantity: 1 }], { paymentMode: 'Credit', clientId: created.id }),
    );
    expect(sale.statusCode).toBe(403);
    expect(sale.json().message).toBe(
      'El cliente excede su límite de crédito (límite $0.00, saldo $0.00): se necesita la autorización de un supervisor.',
    );
    expect(await stockOf(db(), product.id)).toBe(10);
    expect(original.id).not.toBe(created.id);
  });

  it('gives a Seller’s client the shop’s DEFAULT_CREDIT_LIMIT', async () => {
    const shop = await createTestApp({ DEFAULT_CREDIT_LIMIT: '1500.50' });
    try {
      const response = await shop.injectAs('Seller', {
        method: 'POST',
        url: '/api/client/register',
        payload: { firstName: 'Con', lastName: 'Crédito' },
      });
      expect(response.statusCode).toBe(201);
      const row = await shop.testDb.database.db
        .selectFrom('clients')
        .select(['creditLimitCents', 'creditDays'])
        .where('id', '=', response.json<Client>().id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ creditLimitCents: 150_050, creditDays: 30 });
    } finally {
      await shop.close();
    }
  });

  it('lets a Manager and an Admin set them, or leave them out (no limit, 30 days)', async () => {
    const set = await post('Manager', '/api/client/register', {
      firstName: 'Sin',
      lastName: 'Límite',
      creditLimit: null,
      creditDays: 365,
    });
    expect(set.statusCode).toBe(201);
    expect(set.json()).toMatchObject({ creditLimit: null, creditDays: 365, balance: 0, overdue: 0 });
    const left = await post('Admin', '/api/client/register', { firstName: 'Por', lastName: 'Omisión' });
    expect(left.json()).toMatchObject({ creditLimit: null, creditDays: 30 });
    const edited = await post('Manager', '/api/client/edit', {
      id: left.json<Client>().id,
      firstName: 'Por',
      lastName: 'Omisión',
      creditLimit: 800,
    });
    expect(edited.json()).toMatchObject({ creditLimit: 800, creditDays: 30 });
  });
});

describe("a Seller's price is never below the product's", () => {
  it('refuses a price under the product’s or its mayoreo price without a supervisor (403 naming both), writing nothing', async () => {
    const product = await seedProduct(db(), {
      name: 'Jabón de barra',
      stock: 50,
      price: 12.5,
      wholesalePrice: 10,
      wholesaleMinQuantity: 10,
    });
    const refusal = (price: string) =>
      `El precio de "Jabón de barra" es menor que ${price}: se necesita la autorización de un supervisor.`;
    const receiptsBefore = (await db().selectFrom('receipts').select('id').execute()).length;

    const cheap = await post(
      'Seller',
      '/api/receipt/create',
      saleBody([{ productId: product.id, quantity: 1, price: 0.01 }]),
    );
    expect(cheap.statusCode).toBe(403);
    expect(cheap.json()).toEqual(errorBody(refusal('$12.50'), 'SUPERVISOR_REQUIRED'));
    const belowWholesale = await post(
      'Seller',
      '/api/receipt/create',
      saleBody([{ productId: product.id, quantity: 10, price: 9.99 }]),
    );
    expect(belowWholesale.json()).toEqual(errorBody(refusal('$10.00'), 'SUPERVISOR_REQUIRED'));
    // The wholesale price only from the wholesale minimum up.
    const wholesaleTooSoon = await post(
      'Seller',
      '/api/receipt/create',
      saleBody([{ productId: product.id, quantity: 9, price: 10 }]),
    );
    expect(wholesaleTooSoon.json()).toEqual(errorBody(refusal('$12.50'), 'SUPERVISOR_REQUIRED'));
    expect((await db().selectFrom('receipts').select('id').execute()).length).toBe(receiptsBefore);
    expect(await stockOf(db(), product.id)).toBe(50);

    // At the price, above it, or at the mayoreo price from its minimum, the Seller sells.
    const sold = await post(
      'Seller',
      '/api/receipt/create',
      saleBody([
        { productId: product.id, quantity: 1, price: 12.5 },
        { productId: product.id, quantity: 1, price: 13 },
        { productId: product.id, quantity: 10, price: 10 },
        { productId: product.id, quantity: 1 },
      ]),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json<Receipt>().total).toBe(12.5 + 13 + 100 + 12.5);
    expect(await stockOf(db(), product.id)).toBe(37);
  });

  it('lets a Manager and an Admin sell lower, and anyone type any price for a product without one', async () => {
    const priced = await seedProduct(db(), { stock: 5, price: 12.5 });
    const unpriced = await seedProduct(db(), { stock: 5 });
    for (const role of ['Manager', 'Admin'] as const) {
      const response = await post(
        role,
        '/api/receipt/create',
        saleBody([{ productId: priced.id, quantity: 1, price: 0.01 }]),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Receipt>().total).toBe(0.01);
    }
    const free = await post(
      'Seller',
      '/api/receipt/create',
      saleBody([{ productId: unpriced.id, quantity: 1, price: 0.01 }]),
    );
    expect(free.statusCode, free.body).toBe(201);
  });
});

describe('what a Seller reads', () => {
  // The shop: another seller's receipts over a year (one still Pending), the Seller's own old one,
  // and today's of both.
  let others: number[];
  let othersToday: number;
  let ownOld: number;
  let ownToday: number;
  let client: { id: number };
  // A database of its own: the sales of the tests above are today's too.
  let r: TestApp;
  const db = () => r.testDb.database.db;
  const get = (role: Role, url: string) => r.injectAs(role, { method: 'GET', url });
  const post = (role: Role, url: string, payload: object) => r.injectAs(role, { method: 'POST', url, payload });
  afterAll(() => r.close());

  beforeAll(async () => {
    r = await createTestApp({}, { clock: () => NOW });
    const seller = (await r.sessionAs('Seller')).user.id;
    const colleague = await ensureUser(db(), { role: 'Seller', email: 'colega@prueba.mx', password: 'x' });
    const product = await seedProduct(db(), { name: 'Cemento', units: 'saco' });
    client = await seedClient(db(), { firstName: 'Cliente', lastName: 'Compartido', creditLimitCents: 100_000 });
    const receipt = (userId: number, date: number, state: 'Paid' | 'Pending' = 'Paid') =>
      seedReceipt(db(), {
        userId,
        clientId: client.id,
        state,
        paymentMode: state === 'Paid' ? 'Cash' : 'Credit',
        date,
        items: [{ product, quantity: 1, priceCents: 35_500 }],
      }).then((r) => r.id);
    others = [];
    for (let i = 0; i < 6; i++)
      others.push(await receipt(colleague.id, YEAR_AGO + i * 50 * DAY, i === 2 ? 'Pending' : 'Paid'));
    ownOld = await receipt(seller, NOW - 40 * DAY);
    othersToday = await receipt(colleague.id, NOW - 2 * 60 * 60 * 1000);
    ownToday = await receipt(seller, NOW - 60 * 60 * 1000);
  });

  const listAs = async (role: Role, query: string, app: TestApp = r) => {
    const response = await app.injectAs(role, { method: 'GET', url: `/api/receipt/list?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListReceiptsResponse>();
  };
  const yearQuery = 'fromDate=2025-01-01&toDate=2026-11-20';

  it("lists only the Seller's own receipts and today's, over a year too; a Manager, every one", async () => {
    const seller = await listAs('Seller', yearQuery);
    expect(seller.scope).toBe('own-and-today');
    expect(seller.data.map((r) => r.id)).toEqual([ownToday, othersToday, ownOld]);
    // Pending receipts of any date come only of the Seller's own.
    expect((await listAs('Seller', 'fromDate=2026-11-20&toDate=2026-11-20')).data.map((r) => r.id)).toEqual([
      ownToday,
      othersToday,
    ]);
    expect((await listAs('Seller', '')).data.map((r) => r.id)).toEqual([ownToday, othersToday, ownOld]);

    const manager = await listAs('Manager', yearQuery);
    expect(manager.scope).toBe('all');
    expect(manager.data.map((r) => r.id)).toEqual([ownToday, othersToday, ownOld, ...[...others].reverse()]);
  });

  it('pages a Seller’s list with every receipt once', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ListReceiptsResponse = await listAs(
        'Seller',
        `${yearQuery}&pageSize=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.data.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 20);
    expect(seen).toEqual([ownToday, othersToday, ownOld]);
  });

  it("refuses another seller's older receipt by number, in detail, as a PDF and to print", async () => {
    const old = others[0]!;
    expect((await listAs('Seller', `number=${old}`)).data).toEqual([]);
    expect((await listAs('Seller', `number=${ownOld}`)).data.map((r) => r.id)).toEqual([ownOld]);
    const refused = errorBody(RECEIPT_OUT_OF_SCOPE, 'FORBIDDEN');
    for (const response of [
      await get('Seller', `/api/receipt/details/${old}`),
      await get('Seller', `/api/receipt/pdf/${old}`),
      await post('Seller', '/api/printReceipt', { copies: 1, receipt: { id: old } }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused);
    }
    for (const id of [ownOld, othersToday])
      expect((await get('Seller', `/api/receipt/details/${id}`)).statusCode).toBe(200);
    expect((await get('Manager', `/api/receipt/details/${old}`)).statusCode).toBe(200);
  });

  it('reads every receipt when the shop sets SELLER_RECEIPTS=all', async () => {
    const shop = await createTestApp({ SELLER_RECEIPTS: 'all' }, { clock: () => NOW });
    try {
      const sellerUser = (await shop.sessionAs('Seller')).user;
      const product = await seedProduct(shop.testDb.database.db);
      const other = await ensureUser(shop.testDb.database.db, {
        role: 'Manager',
        email: 'otro@prueba.mx',
        password: 'x',
      });
      const { id } = await seedReceipt(shop.testDb.database.db, {
        userId: other.id,
        state: 'Paid',
        paymentMode: 'Cash',
        date: YEAR_AGO,
        items: [{ product, quantity: 1, priceCents: 100 }],
      });
      const page = await listAs('Seller', yearQuery, shop);
      expect(page).toMatchObject({ scope: 'all' });
      expect(page.data.map((r) => r.id)).toEqual([id]);
      expect(sellerUser.role).toBe('Seller');
    } finally {
      await shop.close();
    }
  });

  it('shows a Seller no credit figures in the client list and details, and only their receipts and today’s', async () => {
    const sellerList = (await get('Seller', '/api/client/list')).json<{ clients: Client[] }>().clients;
    const seen = sellerList.find((c) => c.id === client.id)!;
    expect(Object.keys(seen).sort()).toEqual(
      [
        'address',
        'createdAt',
        'creditDays',
        'email',
        'firstName',
        'id',
        'isEnabled',
        'lastName',
        'phone',
        // The fiscal data: a Seller fills it when creating a client.
        'rfc',
        'legalName',
        'taxRegime',
        'taxZipCode',
        'cfdiUse',
        'invoiceEmail',
      ].sort(),
    );
    const managerList = (await get('Manager', '/api/client/list')).json<{ clients: Client[] }>().clients;
    expect(managerList.find((c) => c.id === client.id)).toMatchObject({
      creditLimit: 1000,
      balance: 355,
      overdue: 355,
    });

    const details = (await get('Seller', `/api/client/details/${client.id}`)).json<ClientDetails>();
    expect(details).not.toHaveProperty('balance');
    expect(details).not.toHaveProperty('overdue');
    expect(details).not.toHaveProperty('creditLimit');
    expect(details.receipts.map((r) => r.id)).toEqual([ownToday, othersToday, ownOld]);
    expect(details.receiptsTotal).toBe(3);
    const full = (await get('Manager', `/api/client/details/${client.id}`)).json<ClientDetails>();
    expect(full).toMatchObject({ balance: 355, overdue: 355, creditLimit: 1000, receiptsTotal: 9 });
  });
});
