import type { ListReceiptsResponse, LookupProductResponse, PrintingSettings, Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { createReceipt, inventoryLogsOf, postReceipt, seedProduct, stockOf, TODAY_NOON } from './helpers/factories.js';

// Selling at the counter: prices on sale, decimal quantities, lookup by barcode, code or scale
// label, the printing settings and the receipt found by its number.

let t: TestApp;
const db = () => t.testDb.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const code = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 6)}`;

const sell = (items: Array<{ productId: number; quantity: number; price?: number | null }>) =>
  postReceipt(t, { paymentMode: 'Cash', date: TODAY_NOON, items });

const lookup = (value: string) =>
  t.injectAs('Seller', { method: 'GET', url: `/api/product/lookup?code=${encodeURIComponent(value)}` });

describe('prices on sale', () => {
  it("takes the product's price for a line without one, and stores it", async () => {
    const soda = await seedProduct(db(), { name: 'Refresco', price: 19.5, stock: 10 });
    const receipt = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: soda.id, quantity: 3 }],
    });
    expect(receipt.items[0]).toMatchObject({ quantity: 3, price: 19.5, total: 58.5 });
    expect(receipt.total).toBe(58.5);
    const stored = await db()
      .selectFrom('receiptItems')
      .select('priceCents')
      .where('receiptId', '=', receipt.id)
      .execute();
    expect(stored).toEqual([{ priceCents: 1950 }]);
  });

  it('takes the wholesale price from the wholesale quantity up, and not below it', async () => {
    const water = await seedProduct(db(), {
      name: 'Agua',
      price: 14,
      wholesalePrice: 11.5,
      wholesaleMinQuantity: 12,
      stock: 100,
    });
    const receipt = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [
        { productId: water.id, quantity: 11 },
        { productId: water.id, quantity: 12 },
        { productId: water.id, quantity: 30 },
      ],
    });
    expect(receipt.items.map((i) => [i.quantity, i.price, i.total])).toEqual([
      [11, 14, 154],
      [12, 11.5, 138],
      [30, 11.5, 345],
    ]);
    expect(receipt.total).toBe(637);
    expect(await stockOf(db(), water.id)).toBe(47);
  });

  it('lets a typed price win over the regular and the wholesale price', async () => {
    const water = await seedProduct(db(), { price: 14, wholesalePrice: 11.5, wholesaleMinQuantity: 12, stock: 100 });
    const receipt = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [
        { productId: water.id, quantity: 1, price: 13 },
        { productId: water.id, quantity: 20, price: 10.75 },
      ],
    });
    expect(receipt.items.map((i) => i.price)).toEqual([13, 10.75]);
    expect(receipt.total).toBe(228);
  });

  it('refuses a line without any price with 400 naming the product, writing nothing', async () => {
    const priced = await seedProduct(db(), { price: 10, stock: 5 });
    const unpriced = await seedProduct(db(), { name: 'Sin precio', stock: 5 });
    const before = await db().selectFrom('receipts').select('id').execute();
    const response = await sell([
      { productId: priced.id, quantity: 1 },
      { productId: unpriced.id, quantity: 1 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      errorBody('El producto "Sin precio" no tiene precio de venta; escribe el precio.', 'VALIDATION_ERROR'),
    );
    expect(await db().selectFrom('receipts').select('id').execute()).toHaveLength(before.length);
    expect(await stockOf(db(), priced.id)).toBe(5);
  });
});

describe('decimal quantities', () => {
  it('sells 0.750 kg exactly: 10 − 0.750 = 9.250 in stock, the log and the line total rounded', async () => {
    const cheese = await seedProduct(db(), {
      name: 'Queso Oaxaca',
      units: 'kg',
      price: 189.9,
      stock: 10,
      sellsByWeight: true,
    });
    const receipt = await createReceipt(t, {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: cheese.id, quantity: 0.75 }],
    });
    // 189.90 × 0.750 = 142.425 → 142.43 (half away from zero)
    expect(receipt.items[0]).toMatchObject({ quantity: 0.75, price: 189.9, total: 142.43 });
    expect(receipt.total).toBe(142.43);
    expect(receipt.paid).toBe(142.43);
    expect(await stockOf(db(), cheese.id)).toBe(9.25);
    const [log] = await inventoryLogsOf(db(), cheese.id);
    expect(log).toMatchObject({ reason: 'SALE', deltaMilli: -750, stockBeforeMilli: 10_000, stockAfterMilli: 9250 });
    const listed = await t.injectAs('Seller', { method: 'GET', url: '/api/product/list' });
    expect(listed.json<{ products: Array<{ id: number; stockQuantity: number }> }>().products).toContainEqual(
      expect.objectContaining({ id: cheese.id, stockQuantity: 9.25 }),
    );
  });

  it('adds thousandths without drift: 0.1 + 0.2 kg leaves exactly 0.7 of 1', async () => {
    const ham = await seedProduct(db(), { units: 'kg', price: 135, stock: 1, sellsByWeight: true });
    await createReceipt(t, { paymentMode: 'Cash', date: TODAY_NOON, items: [{ productId: ham.id, quantity: 0.1 }] });
    await createReceipt(t, { paymentMode: 'Cash', date: TODAY_NOON, items: [{ productId: ham.id, quantity: 0.2 }] });
    expect(await stockOf(db(), ham.id)).toBe(0.7);
  });

  it('refuses a fraction of a product sold by the piece, naming it, on sale and on every stock change', async () => {
    const soap = await seedProduct(db(), { name: 'Jabón', price: 18, stock: 10 });
    const refusal = errorBody(
      'El producto "Jabón" se vende por piezas completas; la cantidad no puede tener decimales.',
      'VALIDATION_ERROR',
    );
    const sale = await sell([{ productId: soap.id, quantity: 1.5 }]);
    expect(sale.statusCode).toBe(400);
    expect(sale.json()).toEqual(refusal);
    for (const [url, body] of [
      ['/api/product/addInventory', { id: soap.id, stockToAdd: 0.5 }],
      ['/api/product/removeInventory', { id: soap.id, stockToRemove: 0.5 }],
      ['/api/product/adjustInventory', { id: soap.id, stockToAdjust: -0.25 }],
    ] as const) {
      const response = await t.injectAs('Admin', { method: 'POST', url, payload: body });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(refusal);
    }
    expect(await stockOf(db(), soap.id)).toBe(10);
    expect(await inventoryLogsOf(db(), soap.id)).toEqual([]);
  });

  it('takes fractional stock entries, waste and adjustments of a product sold by weight', async () => {
    const cable = await seedProduct(db(), { units: 'm', stock: 10, sellsByWeight: true });
    const post = (url: string, payload: object) => t.injectAs('Admin', { method: 'POST', url, payload });
    expect((await post('/api/product/addInventory', { id: cable.id, stockToAdd: 2.5 })).json()).toMatchObject({
      stockQuantity: 12.5,
    });
    expect((await post('/api/product/removeInventory', { id: cable.id, stockToRemove: 0.125 })).statusCode).toBe(200);
    expect((await post('/api/product/adjustInventory', { id: cable.id, stockToAdjust: -0.375 })).statusCode).toBe(200);
    expect(await stockOf(db(), cable.id)).toBe(12);
    const short = await post('/api/product/removeInventory', { id: cable.id, stockToRemove: 12.001 });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(`Stock insuficiente de "${cable.name}": disponible 12.`);
  });
});

describe('GET /api/product/lookup', () => {
  it('finds a product by barcode, by code ignoring case and width, and answers no quantity', async () => {
    const cuid = code('Abc');
    const product = await seedProduct(db(), { cuid, barcode: '7501055363278', price: 20 });
    for (const value of ['7501055363278', cuid, cuid.toLowerCase(), ` ${cuid.toUpperCase()} `]) {
      const response = await lookup(value);
      expect(response.statusCode, value).toBe(200);
      const body = response.json<LookupProductResponse>();
      expect(body.product.id, value).toBe(product.id);
      expect(body.quantity, value).toBeNull();
    }
    const fullWidth = await lookup(cuid.replace('A', 'Ａ'));
    expect(fullWidth.json<LookupProductResponse>().product.id).toBe(product.id);
  });

  it('prefers a barcode over a code made of the same digits', async () => {
    const byBarcode = await seedProduct(db(), { barcode: '96385074' });
    await seedProduct(db(), { cuid: '96385074' });
    expect((await lookup('96385074')).json<LookupProductResponse>().product.id).toBe(byBarcode.id);
  });

  it('reads a scale label: the product by its code with or without leading zeros, and the weight', async () => {
    // 21 | 00123 | 00750 g | check 9
    const cheese = await seedProduct(db(), { cuid: '123', units: 'kg', sellsByWeight: true, price: 189.9 });
    const response = await lookup('2100123007509');
    expect(response.statusCode).toBe(200);
    const body = response.json<LookupProductResponse>();
    expect(body.product.id).toBe(cheese.id);
    expect(body.quantity).toBe(0.75);
  });

  it('refuses a scale label whose check digit does not hold, and one of an unknown product', async () => {
    const bad = await lookup('2100123007508');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(
      errorBody(
        'La etiqueta de báscula no es válida: el dígito verificador no coincide. Vuelve a escanearla.',
        'VALIDATION_ERROR',
      ),
    );
    // 29 | 99999 | 01000 g | check 9: a well-formed label of no product.
    const unknown = await lookup('2999999010009');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody('No hay ningún producto con el código "2999999010009".', 'NOT_FOUND'));
  });

  it('answers 404 for a code nobody has, and 400 without a code', async () => {
    const missing = await lookup('NO-EXISTE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No hay ningún producto con el código "NO-EXISTE".');
    const empty = await t.injectAs('Seller', { method: 'GET', url: '/api/product/lookup' });
    expect(empty.statusCode).toBe(400);
  });

  it('reads another label layout from SCALE_LABEL_FORMAT', async () => {
    const other = await createTestApp({ SCALE_LABEL_FORMAT: 'PPWWWWWXCCCCK' });
    try {
      const product = await seedProduct(other.testDb.database.db, { cuid: '1234', units: 'g', sellsByWeight: true });
      const response = await other.injectAs('Seller', { method: 'GET', url: '/api/product/lookup?code=2000042012342' });
      expect(response.json()).toMatchObject({ product: { id: product.id }, quantity: 42 });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/printing/settings', () => {
  it('says whether a printer is configured and whether to open the PDF ticket', async () => {
    const response = await t.injectAs('Seller', { method: 'GET', url: '/api/printing/settings' });
    expect(response.json<PrintingSettings>()).toEqual({ printerConfigured: false, pdfTicketFallback: true });
    const configured = await createTestApp({ PRINTER_URL: 'tcp://127.0.0.1:9', TICKET_PDF_FALLBACK: 'false' });
    try {
      const settings = await configured.injectAs('Seller', { method: 'GET', url: '/api/printing/settings' });
      expect(settings.json<PrintingSettings>()).toEqual({ printerConfigured: true, pdfTicketFallback: false });
    } finally {
      await configured.close();
    }
  });
});

describe('GET /api/receipt/list?number=', () => {
  it('answers that receipt whatever its date, and nothing for a number that does not exist', async () => {
    const product = await seedProduct(db(), { price: 5 });
    const old: Receipt = await createReceipt(t, {
      paymentMode: 'Cash',
      date: '2025-01-15T10:00:00',
      items: [{ productId: product.id, quantity: 1 }],
    });
    const list = (query: string) => t.injectAs('Manager', { method: 'GET', url: `/api/receipt/list?${query}` });
    const found = (await list(`number=${old.id}&fromDate=2026-11-21`)).json<ListReceiptsResponse>();
    expect(found.data.map((r) => r.id)).toEqual([old.id]);
    expect(found.nextCursor).toBeNull();
    expect((await list('number=987654')).json<ListReceiptsResponse>().data).toEqual([]);
    expect((await list('number=abc')).statusCode).toBe(400);
  });
});
