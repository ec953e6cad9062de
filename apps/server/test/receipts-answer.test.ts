import { createReceiptResponseSchema } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { postReceipt, seedClient, seedProduct, TODAY_NOON } from './helpers/factories.js';

// receipt/create sends its answer without zod encoding it (receipts.routes.ts): what goes out
// must still be exactly the schema's shape, nothing missing and nothing more.
describe('the answer of POST /api/receipt/create', () => {
  let t: TestApp;
  const db = () => t.testDb.database.db;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expectSchemaShape = (body: string) => {
    const answer: unknown = JSON.parse(body);
    expect(createReceiptResponseSchema.parse(answer)).toStrictEqual(answer);
  };

  it('is the schema exactly, for a cash sale, its replay and a credit sale printed', async () => {
    const product = await seedProduct(db(), { stock: 10 });
    const client = await seedClient(db(), { firstName: 'Ana', lastName: null });
    const cash = {
      paymentMode: 'Cash',
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 2, price: 12.5 }],
    };
    const headers = { 'idempotency-key': 'respuesta-1' };
    const first = await postReceipt(t, cash, { headers });
    expect(first.statusCode, first.body).toBe(201);
    expectSchemaShape(first.body);
    const replay = await postReceipt(t, cash, { headers });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    const credit = await postReceipt(t, {
      paymentMode: 'Credit',
      clientId: client.id,
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 3, price: 19.99 }],
      printReceipt: true,
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toHaveProperty('printResult');
    expectSchemaShape(credit.body);
  });
});
