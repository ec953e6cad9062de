import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createReceipt, seedClient, seedProduct, TODAY_NOON } from './helpers/factories.js';

let t: TestApp;
let receiptId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.testDb.database.db;
  const [product, client] = await Promise.all([seedProduct(db, { stock: 1000 }), seedClient(db)]);
  for (let i = 0; i < 20; i++) {
    const receipt = await createReceipt(t, {
      paymentMode: 'Credit',
      clientId: client.id,
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 1 + i, price: 12.5 }],
    });
    receiptId = receipt.id;
  }
});
afterAll(() => t.close());

const list = (acceptEncoding?: string) =>
  t.injectAs('Manager', {
    method: 'GET',
    url: '/api/receipt/list?pageSize=50',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compression', () => {
  it('sends a JSON list gzip- or brotli-compressed as asked, decoding to the same JSON', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const receipts = plain.json();
    expect(receipts.data).toHaveLength(20);

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(receipts);

    const brotli = await list('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(receipts);
  });

  it('leaves small answers and PDFs as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    const pdf = await t.injectAs('Manager', {
      method: 'GET',
      url: `/api/receipt/pdf/${receiptId}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("leaves a sale's answer of a few KB as it is and compresses a bigger one", async () => {
    const db = t.testDb.database.db;
    const products = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        seedProduct(db, { name: `Producto de nombre largo número ${i} `.repeat(3), stock: 10 }),
      ),
    );
    const sell = (count: number) =>
      t.injectAs('Manager', {
        method: 'POST',
        url: '/api/receipt/create',
        headers: { 'accept-encoding': 'gzip, br' },
        payload: {
          paymentMode: 'Cash',
          date: TODAY_NOON,
          items: products.slice(0, count).map((p) => ({ productId: p.id, quantity: 1, price: 10 })),
        },
      });
    const few = await sell(6);
    expect(few.statusCode).toBe(201);
    expect(few.rawPayload.length).toBeGreaterThan(1024);
    expect(few.rawPayload.length).toBeLessThan(8 * 1024);
    expect(few.headers['content-encoding']).toBeUndefined();
    expect(few.json().items).toHaveLength(6);
    const many = await sell(40);
    expect(many.statusCode).toBe(201);
    expect(many.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(many.rawPayload).toString()).items).toHaveLength(40);
  });
});
