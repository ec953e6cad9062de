import type { Client, ClientDetails } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { ensureUser, type SeedPayment, seedProduct, seedReceipt } from './helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, role: 'Admin' | 'Manager' | 'Seller' = 'Admin') =>
  t.injectAs(role, { method: 'POST', url, payload: payload as object });
const get = (url: string, role: 'Admin' | 'Manager' | 'Seller' = 'Admin') => t.injectAs(role, { method: 'GET', url });

async function register(fields: Record<string, unknown>, role: 'Admin' | 'Manager' | 'Seller' = 'Admin') {
  const response = await post('/api/client/register', fields, role);
  expect(response.statusCode).toBe(201);
  return response.json<Client>();
}

const listIds = async () => (await get('/api/client/list')).json<{ clients: Client[] }>().clients.map((c) => c.id);

/** A receipt written straight into the tables (the receipt endpoints are another feature's). */
async function insertReceipt(opts: {
  clientId: number | null;
  date: string;
  createdAt: string;
  state?: 'Pending' | 'Paid' | 'Cancelled';
  paymentMode?: 'Cash' | 'Credit';
  items: Array<{ quantity: number; priceCents: number }>;
  payments?: SeedPayment[];
}) {
  const db = t.testDb.database.db;
  const seller = await ensureUser(db, {
    role: 'Seller',
    email: 'vende@prueba.mx',
    password: 'x'.repeat(8),
    name: 'Vero Vendedora',
  });
  const product = await seedProduct(db, { name: 'Tortilla', units: 'kg' });
  const receipt = await seedReceipt(db, {
    ...opts,
    userId: seller.id,
    date: Date.parse(opts.date),
    createdAt: Date.parse(opts.createdAt),
    items: opts.items.map((item) => ({ product, ...item })),
  });
  return receipt.id;
}

describe('POST /api/client/register', () => {
  it('creates the client (a Seller too, while selling), trimmed, blanks as null, and returns it with its id', async () => {
    const before = Date.now();
    const response = await post(
      '/api/client/register',
      { firstName: '  Lucía ', lastName: ' Hernández ', phone: '  ', email: ' Lucia@Correo.MX ', address: '' },
      'Seller',
    );
    expect(response.statusCode).toBe(201);
    const client = response.json<Client>();
    expect(client).toEqual({
      id: expect.any(Number),
      firstName: 'Lucía',
      lastName: 'Hernández',
      phone: null,
      email: 'lucia@correo.mx',
      address: null,
      isEnabled: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // A Seller's client: the shop's plazo; no credit figures in a Seller's answer.
      creditDays: 30,
      // No fiscal data given (clients-fiscal.test.ts).
      rfc: null,
      legalName: null,
      taxRegime: null,
      taxZipCode: null,
      cfdiUse: null,
      invoiceEmail: null,
    });
    expect(Date.parse(client.createdAt)).toBeGreaterThanOrEqual(before - 1);
    expect(client.id).toBeGreaterThan(0);
    const stored = await t.testDb.database.db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Hernández',
      phone: null,
      address: null,
      isEnabled: 1,
      // DEFAULT_CREDIT_LIMIT: no credit until a manager sets a limit.
      creditLimitCents: 0,
      creditDays: 30,
    });
  });

  it('accepts phone and a multi-line address, and omitted optional fields', async () => {
    const full = await register({
      firstName: 'Raúl',
      lastName: 'Garza',
      phone: '81 1234 5678',
      email: null,
      address: 'Av. Juárez 100\nCentro, Monterrey',
    });
    expect(full).toMatchObject({ phone: '81 1234 5678', email: null, address: 'Av. Juárez 100\nCentro, Monterrey' });
    const bare = await register({ firstName: 'Solo', lastName: 'Nombre' });
    expect(bare).toMatchObject({ phone: null, email: null, address: null });
  });

  it.each([
    [{ lastName: 'Garza' }, 'El nombre es obligatorio.'],
    [{ firstName: '   ', lastName: 'Garza' }, 'El nombre es obligatorio.'],
    [{ firstName: 'Raúl', lastName: '  ' }, 'El apellido es obligatorio.'],
    [{ firstName: 'Raúl', lastName: null }, 'El apellido es obligatorio.'],
    [{ firstName: 'Raúl', lastName: 'Garza', email: 'raul@' }, 'Correo electrónico inválido.'],
    [{ firstName: 'x'.repeat(121), lastName: 'Garza' }, 'firstName: Máximo 120 caracteres.'],
    [{ firstName: 'Raúl', lastName: 'Garza', phone: '9'.repeat(41) }, 'phone: Máximo 40 caracteres.'],
    [{ firstName: 'Raúl', lastName: 'Garza', address: 'a'.repeat(501) }, 'address: Máximo 500 caracteres.'],
    [{ firstName: 'Raúl', lastName: 'Garza', isEnabled: false }, 'Campo no permitido: isEnabled'],
    [{ firstName: 7, lastName: 'Garza' }, 'El nombre es obligatorio.'],
    // PostgreSQL refuses NUL in text: it must be a 400 here, not a database error.
    [{ firstName: 'Ra\u0000úl', lastName: 'Garza' }, 'No se permiten caracteres de control.'],
    [{ firstName: 'Raúl', lastName: 'Garza\nSegunda línea' }, 'No se permiten caracteres de control.'],
    [{ firstName: 'Raúl', lastName: 'Garza', address: 'Calle\u0000 1' }, 'No se permiten caracteres de control.'],
  ])('refuses %j with a 400 naming the field', async (payload, message) => {
    const response = await post('/api/client/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(message, 'VALIDATION_ERROR'));
  });
});

describe('GET /api/client/list', () => {
  it('lists enabled clients by name, ignoring case and accents', async () => {
    const names = ['Zoe', 'Ángel', 'beto', 'Andrés', 'Ana'];
    const created = [];
    for (const firstName of names) created.push(await register({ firstName, lastName: 'Orden' }));
    const response = await get('/api/client/list', 'Seller');
    expect(response.statusCode).toBe(200);
    const ours = response
      .json<{ clients: Client[] }>()
      .clients.filter((c) => c.lastName === 'Orden')
      .map((c) => c.firstName);
    expect(ours).toEqual(['Ana', 'Andrés', 'Ángel', 'beto', 'Zoe']);
  });

  it('orders namesakes by last name', async () => {
    const b = await register({ firstName: 'Homónimo', lastName: 'Zúñiga' });
    const a = await register({ firstName: 'Homónimo', lastName: 'Ávila' });
    const ids = await listIds();
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
  });
});

describe('GET /api/client/details/:id', () => {
  it('returns the client with its receipts, newest first by date then createdAt, with exact totals', async () => {
    const client = await register({ firstName: 'Con', lastName: 'Historial' });
    const other = await register({ firstName: 'Otro', lastName: 'Cliente' });
    const oldest = await insertReceipt({
      clientId: client.id,
      date: '2026-11-01T18:00:00.000Z',
      createdAt: '2026-11-01T18:00:00.000Z',
      state: 'Paid',
      paymentMode: 'Cash',
      items: [{ quantity: 3, priceCents: 1050 }],
      payments: [{ amountCents: 3150 }],
    });
    // Same date: the one created later comes first.
    const sameDayFirst = await insertReceipt({
      clientId: client.id,
      date: '2026-11-10T18:00:00.000Z',
      createdAt: '2026-11-10T18:00:00.000Z',
      items: [{ quantity: 1, priceCents: 10000 }],
    });
    const sameDayLater = await insertReceipt({
      clientId: client.id,
      date: '2026-11-10T18:00:00.000Z',
      createdAt: '2026-11-10T19:30:00.000Z',
      items: [
        { quantity: 2, priceCents: 12550 },
        { quantity: 1, priceCents: 999 },
      ],
      payments: [
        { amountCents: 10000 },
        { amountCents: 2500, reason: 'REMOVE' },
        { amountCents: 5000, enabled: false },
      ],
    });
    // Created last but dated earlier: ordered by its date.
    const backdated = await insertReceipt({
      clientId: client.id,
      date: '2026-11-05T18:00:00.000Z',
      createdAt: '2026-11-20T18:00:00.000Z',
      state: 'Cancelled',
      items: [{ quantity: 1, priceCents: 500 }],
    });
    await insertReceipt({
      clientId: other.id,
      date: '2026-11-12T18:00:00.000Z',
      createdAt: '2026-11-12T18:00:00.000Z',
      items: [{ quantity: 1, priceCents: 100 }],
    });

    const response = await get(`/api/client/details/${client.id}`, 'Manager');
    expect(response.statusCode).toBe(200);
    const details = response.json<ClientDetails>();
    expect(details).toMatchObject({ id: client.id, firstName: 'Con', lastName: 'Historial', isEnabled: true });
    expect(details.receipts.map((r) => r.id)).toEqual([sameDayLater, sameDayFirst, backdated, oldest]);

    const [latest] = details.receipts;
    expect(latest).toMatchObject({
      state: 'Pending',
      paymentMode: 'Credit',
      date: '2026-11-10T18:00:00.000Z',
      createdAt: '2026-11-10T19:30:00.000Z',
      clientId: client.id,
      client: { id: client.id, name: 'Con Historial' },
      user: { name: 'Vero Vendedora' },
      total: 260.99,
      paid: 75,
      balance: 185.99,
    });
    expect(latest!.items.map((i) => [i.quantity, i.price, i.total])).toEqual([
      [2, 125.5, 251],
      [1, 9.99, 9.99],
    ]);
    expect(latest!.payments.map((p) => [p.amount, p.reason, p.isEnabled])).toEqual([
      [100, 'ADD', true],
      [25, 'REMOVE', true],
      [50, 'ADD', false],
    ]);
    expect(details.receipts[3]).toMatchObject({ state: 'Paid', total: 31.5, paid: 31.5, balance: 0 });
  });

  it('returns an empty receipts list for a client without receipts', async () => {
    const client = await register({ firstName: 'Sin', lastName: 'Compras' });
    const details = (await get(`/api/client/details/${client.id}`)).json<ClientDetails>();
    expect(details.receipts).toEqual([]);
  });

  it('answers 404 for an unknown client and 400 for an id that is not a positive integer', async () => {
    const missing = await get('/api/client/details/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('El cliente #999999 no existe.', 'NOT_FOUND'));
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const bad = await get(`/api/client/details/${id}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(errorBody('El ID debe ser un número positivo', 'VALIDATION_ERROR'));
    }
  });
});

describe('POST /api/client/edit', () => {
  it('replaces the fields (blank clears an optional one) and returns the client', async () => {
    const client = await register({
      firstName: 'Ernesto',
      lastName: 'Ríos',
      phone: '555',
      email: 'e@rios.mx',
      address: 'Calle 1',
    });
    const response = await post(
      '/api/client/edit',
      {
        id: client.id,
        firstName: ' Ernesto ',
        lastName: 'Ríos Salinas',
        phone: '',
        email: 'NUEVO@rios.mx',
        address: 'Calle 2',
      },
      'Manager',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...client,
      firstName: 'Ernesto',
      lastName: 'Ríos Salinas',
      phone: null,
      email: 'nuevo@rios.mx',
      address: 'Calle 2',
    });
    const details = (await get(`/api/client/details/${client.id}`)).json<ClientDetails>();
    expect(details).toMatchObject({ lastName: 'Ríos Salinas', phone: null, email: 'nuevo@rios.mx' });
  });

  it('shows the new name on the client’s old receipts', async () => {
    const client = await register({ firstName: 'Viejo', lastName: 'Nombre' });
    await insertReceipt({
      clientId: client.id,
      date: '2026-10-01T18:00:00.000Z',
      createdAt: '2026-10-01T18:00:00.000Z',
      items: [{ quantity: 1, priceCents: 100 }],
    });
    await post('/api/client/edit', { id: client.id, firstName: 'Nuevo', lastName: 'Nombre' });
    const details = (await get(`/api/client/details/${client.id}`)).json<ClientDetails>();
    expect(details.receipts[0]!.client).toMatchObject({ name: 'Nuevo Nombre' });
  });

  it('validates like register, needs an id, and answers 404 for an unknown client', async () => {
    const client = await register({ firstName: 'Val', lastName: 'Ida' });
    const blank = await post('/api/client/edit', { id: client.id, firstName: 'Val', lastName: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('El apellido es obligatorio.');
    const noId = await post('/api/client/edit', { firstName: 'Val', lastName: 'Ida' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe('El ID debe ser un número positivo');
    const email = await post('/api/client/edit', { id: client.id, firstName: 'Val', lastName: 'Ida', email: 'x' });
    expect(email.json().message).toBe('Correo electrónico inválido.');
    const missing = await post('/api/client/edit', { id: 999999, firstName: 'Val', lastName: 'Ida' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('El cliente #999999 no existe.', 'NOT_FOUND'));
    const unchanged = (await get(`/api/client/details/${client.id}`)).json<ClientDetails>();
    expect(unchanged).toMatchObject({ firstName: 'Val', lastName: 'Ida' });
  });
});

describe('POST /api/client/disable', () => {
  it('takes the client out of the list but keeps it and its receipts by id', async () => {
    const client = await register({ firstName: 'Se', lastName: 'Va' });
    const receiptId = await insertReceipt({
      clientId: client.id,
      date: '2026-11-02T18:00:00.000Z',
      createdAt: '2026-11-02T18:00:00.000Z',
      items: [{ quantity: 4, priceCents: 2575 }],
    });
    expect(await listIds()).toContain(client.id);

    const response = await post('/api/client/disable', { id: client.id }, 'Manager');
    expect(response.statusCode).toBe(200);
    // A disabled client still owes what they owed.
    expect(response.json()).toEqual({ ...client, isEnabled: false, balance: 103 });

    expect(await listIds()).not.toContain(client.id);
    const details = await get(`/api/client/details/${client.id}`, 'Manager');
    expect(details.statusCode).toBe(200);
    expect(details.json<ClientDetails>()).toMatchObject({ id: client.id, isEnabled: false });
    expect(details.json<ClientDetails>().receipts.map((r) => [r.id, r.total])).toEqual([[receiptId, 103]]);
  });

  it('answers 200 with the same client when it is already disabled, and it can still be edited', async () => {
    const client = await register({ firstName: 'Dos', lastName: 'Veces' });
    await post('/api/client/disable', { id: client.id });
    const again = await post('/api/client/disable', { id: client.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: client.id, isEnabled: false });

    const edited = await post('/api/client/edit', { id: client.id, firstName: 'Dos', lastName: 'Corregido' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ lastName: 'Corregido', isEnabled: false });
    expect(await listIds()).not.toContain(client.id);
  });

  it('answers 404 for an unknown client and 400 for a bad body', async () => {
    const missing = await post('/api/client/disable', { id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('El cliente #999999 no existe.', 'NOT_FOUND'));
    const bad = await post('/api/client/disable', { id: 'uno' });
    expect(bad.statusCode).toBe(400);
    const extra = await post('/api/client/disable', { id: 1, motivo: 'x' });
    expect(extra.json()).toEqual(errorBody('Campo no permitido: motivo', 'VALIDATION_ERROR'));
  });

  it('is refused to a Seller, who can still register and read', async () => {
    const client = await register({ firstName: 'Pro', lastName: 'Tegido' }, 'Seller');
    const disable = await post('/api/client/disable', { id: client.id }, 'Seller');
    expect(disable.statusCode).toBe(403);
    const edit = await post('/api/client/edit', { id: client.id, firstName: 'X', lastName: 'Y' }, 'Seller');
    expect(edit.statusCode).toBe(403);
    expect((await get(`/api/client/details/${client.id}`, 'Seller')).json()).toMatchObject({
      firstName: 'Pro',
      isEnabled: true,
    });
  });
});
