import {
  AUTOFACTURA_MESSAGES,
  type Autofactura,
  type CreateReceiptResponse,
  INVOICE_MESSAGES,
  localTimestampToEpoch,
} from '@mostrador/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAutofacturaToken } from '../src/modules/autofactura/autofactura-link.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';
import { dataDir, makeShopInvoicing, PAC_ENV, tokenOf } from './helpers/autofactura.js';
import { errorBody } from './helpers/errors.js';
import { postAction, postReceipt, saveSettings, seedProduct } from './helpers/factories.js';

// The autofactura's public routes without a session: the ticket's signed link opens its receipt
// and no other, says what the customer can do (available, cancelled, expired after the sale's
// month, not configured), refuses what it must with the reason, and is limited per address.

const RECEIVER = {
  rfc: 'CACX7605101P8',
  legalName: 'Xochilt Casas Chavez',
  taxRegime: '612',
  taxZipCode: '64000',
  cfdiUse: 'G03',
  invoiceEmail: 'xochilt@correo.mx',
};

const NOON = localTimestampToEpoch('2026-11-21T12:00:00');

describe('the autofactura page’s answer', () => {
  const dir = dataDir();
  let now = NOON;
  let t: TestApp;
  let arroz: number;
  let address = 0;
  /** Each test its own address: the per-address limit is tested on its own. */
  const nextAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dir.DATA_DIR, ...PAC_ENV }, { clock: () => now });
    await saveSettings(t, {
      businessName: 'Abarrotes La Güera',
      address: 'Av. Juárez 12\nCentro, Monterrey',
      phone: '81 1234 5678',
    });
    await makeShopInvoicing(t);
    arroz = (await seedProduct(t.testDb.database.db, { name: 'Arroz', units: 'kg', stock: 100, price: 23.5 })).id;
  });
  afterAll(async () => {
    await t.close();
    dir.remove();
  });

  async function sell(date = '2026-11-21T10:00:00'): Promise<CreateReceiptResponse> {
    const response = await postReceipt(t, {
      paymentMode: 'Cash',
      paymentMethod: 'Tarjeta',
      date,
      items: [{ productId: arroz, quantity: 2 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreateReceiptResponse>();
  }

  const show = (token: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'GET', url: `/api/public/autofactura?token=${encodeURIComponent(token)}`, remoteAddress });
  const issue = (body: object, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/public/autofactura/issue', payload: body, remoteAddress });

  it('answers the ticket, the shop’s contact and available, without a session', async () => {
    const receipt = await sell();
    const response = await show(tokenOf(receipt));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json<Autofactura>()).toEqual({
      state: 'available',
      reason: null,
      business: {
        businessName: 'Abarrotes La Güera',
        address: 'Av. Juárez 12\nCentro, Monterrey',
        phone: '81 1234 5678',
        rfc: '',
        logo: null,
      },
      receipt: {
        id: receipt.id,
        date: '2026-11-21T16:00:00.000Z',
        lines: [{ name: 'Arroz', quantity: 2, units: 'kg', price: 23.5, total: 47 }],
        // 4700 = 4052 + 648 at 16 %.
        subtotal: 40.52,
        ieps: 0,
        iva: 6.48,
        total: 47,
        returned: 0,
        netTotal: 47,
      },
      // The end of November, Monterrey time (UTC−6).
      expiresAt: '2026-12-01T05:59:59.999Z',
      invoice: null,
    });
  });

  it('refuses a tampered token, another receipt’s signature and a receipt that does not exist, alike', async () => {
    const receipt = await sell();
    const other = await sell();
    const token = tokenOf(receipt);
    const invalid = errorBody(AUTOFACTURA_MESSAGES.invalidLink, 'FORBIDDEN');
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    for (const bad of [
      token.slice(0, -1) + last,
      `${other.id.toString(36)}${token.slice(token.indexOf('.'))}`,
      signAutofacturaToken(TEST_JWT_SECRET, { receiptId: 99_999, createdAt: Date.parse(receipt.createdAt) }),
      signAutofacturaToken('otro-secreto', { receiptId: receipt.id, createdAt: Date.parse(receipt.createdAt) }),
    ]) {
      const response = await show(bad);
      expect(response.statusCode, bad).toBe(403);
      expect(response.json()).toEqual(invalid);
      const refused = await issue({ token: bad, receiver: RECEIVER });
      expect(refused.statusCode, bad).toBe(403);
      expect(refused.json()).toEqual(invalid);
    }
    const malformed = await show('no-es-un-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(errorBody(AUTOFACTURA_MESSAGES.invalidLink, 'VALIDATION_ERROR'));
  });

  it('a cancelled receipt: cancelled with its reason, and issuing it is refused', async () => {
    const receipt = await sell();
    const cancel = await postAction(t, 'changeState', { id: receipt.id, state: 'Cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const answer = (await show(tokenOf(receipt))).json<Autofactura>();
    expect(answer).toMatchObject({ state: 'cancelled', reason: AUTOFACTURA_MESSAGES.cancelled, invoice: null });
    const refused = await issue({ token: tokenOf(receipt), receiver: RECEIVER });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorBody(AUTOFACTURA_MESSAGES.cancelled, 'CONFLICT'));
  });

  it('a sale of 30/11 23:30 is available until 30/11 23:59:59 and expired from 01/12 00:00', async () => {
    now = localTimestampToEpoch('2026-11-30T23:45:00');
    try {
      const receipt = await sell('2026-11-30T23:30:00');
      const token = tokenOf(receipt);
      now = localTimestampToEpoch('2026-11-30T23:59:59');
      expect((await show(token)).json<Autofactura>()).toMatchObject({
        state: 'available',
        expiresAt: '2026-12-01T05:59:59.999Z',
      });
      now = localTimestampToEpoch('2026-12-01T00:00:00');
      const expired = AUTOFACTURA_MESSAGES.expired('noviembre de 2026');
      expect((await show(token)).json<Autofactura>()).toMatchObject({ state: 'expired', reason: expired });
      const refused = await issue({ token, receiver: RECEIVER });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(errorBody(expired, 'CONFLICT'));
    } finally {
      now = NOON;
    }
  });

  it('checks the customer’s data with the shared schema’s Spanish messages', async () => {
    const receipt = await sell();
    const response = await issue({ token: tokenOf(receipt), receiver: { ...RECEIVER, invoiceEmail: undefined } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(AUTOFACTURA_MESSAGES.emailRequired);
  });

  it('answers an address 30 times a minute, then a Spanish 429; another address goes on', async () => {
    const token = tokenOf(await sell());
    const from = '203.0.113.7';
    for (let i = 0; i < 30; i++) expect((await show(token, from)).statusCode).toBe(200);
    const refused = await show(token, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(
      errorBody('Demasiadas consultas seguidas desde esta conexión. Intenta de nuevo en 1 minuto.', 'RATE_LIMITED'),
    );
    expect(refused.headers['retry-after']).toBeDefined();
    // Guesses count too: a bad token from there is refused by the limit, not read.
    expect((await show(`${token.slice(0, -1)}x`, from)).statusCode).toBe(429);
    expect((await show(token, '203.0.113.8')).statusCode).toBe(200);
  });

  it('issuing is limited to 10 a minute an address, counted apart from the page', async () => {
    const token = tokenOf(await sell());
    const from = '203.0.113.9';
    const invalidBody: InjectOptions['payload'] = { token, receiver: { ...RECEIVER, rfc: 'MAL' } };
    for (let i = 0; i < 10; i++) expect((await issue(invalidBody as object, from)).statusCode).toBe(400);
    expect((await issue(invalidBody as object, from)).statusCode).toBe(429);
    expect((await show(token, from)).statusCode).toBe(200);
  });
});

describe('a shop without a PAC', () => {
  const dir = dataDir();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dir.DATA_DIR }, { clock: () => NOON });
    await makeShopInvoicing(t);
  });
  afterAll(async () => {
    await t.close();
    dir.remove();
  });

  it('answers not-configured with the reason, and issuing is a 503', async () => {
    const product = await seedProduct(t.testDb.database.db, { name: 'Frijol', stock: 10, price: 30 });
    const created = await postReceipt(t, {
      paymentMode: 'Cash',
      date: '2026-11-21T10:00:00',
      items: [{ productId: product.id, quantity: 1 }],
    });
    const receipt = created.json<CreateReceiptResponse>();
    const response = await t.app.inject({ method: 'GET', url: `/api/public/autofactura?token=${tokenOf(receipt)}` });
    expect(response.json<Autofactura>()).toMatchObject({
      state: 'not-configured',
      reason: AUTOFACTURA_MESSAGES.notConfigured,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/public/autofactura/issue',
      payload: { token: tokenOf(receipt), receiver: RECEIVER },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(errorBody(AUTOFACTURA_MESSAGES.notConfigured, 'SERVICE_UNAVAILABLE'));
    expect(INVOICE_MESSAGES.notConfigured).toBe('La facturación no está configurada');
  });
});
