import { type Supplier, type SupplierListResponse } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';

let t: TestApp;
const CLOCK_NOW = Date.parse('2026-11-21T18:00:00Z');
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => CLOCK_NOW });
});
afterAll(() => t.close());

const post = (url: string, payload?: object, role: 'Admin' | 'Manager' | 'Seller' = 'Manager') =>
  t.injectAs(role, { method: 'POST', url, payload });

async function register(payload: object): Promise<Supplier> {
  const response = await post('/api/supplier/register', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Supplier>();
}

const list = async (role: 'Admin' | 'Manager' = 'Manager') =>
  (await t.injectAs(role, { method: 'GET', url: '/api/supplier/list' })).json<SupplierListResponse>().suppliers;

describe('suppliers', () => {
  it('registers with only a name, normalises the RFC, and lists enabled ones by name', async () => {
    const zeta = await register({ name: '  Zeta Distribuciones ' });
    expect(zeta).toEqual({
      id: zeta.id,
      name: 'Zeta Distribuciones',
      rfc: null,
      phone: null,
      contact: null,
      notes: null,
      isEnabled: true,
      createdAt: new Date(CLOCK_NOW).toISOString(),
    });
    const alfa = await register({
      name: 'Abarrotes Alfa',
      rfc: ' xia190128j61 ',
      phone: '81 1234 5678',
      contact: 'Don Beto',
      notes: 'Entrega martes\ny viernes',
    });
    expect(alfa).toMatchObject({ rfc: 'XIA190128J61', contact: 'Don Beto', notes: 'Entrega martes\ny viernes' });
    expect((await list()).map((s) => s.name)).toEqual(['Abarrotes Alfa', 'Zeta Distribuciones']);
  });

  it('refuses an RFC another supplier has (409) and a bad one (400), in Spanish', async () => {
    await register({ name: 'Kuali', rfc: 'EKU9003173C9' });
    const taken = await post('/api/supplier/register', { name: 'Otro', rfc: 'eku9003173c9' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(errorBody('Ya hay un proveedor con el RFC EKU9003173C9.', 'CONFLICT'));
    const bad = await post('/api/supplier/register', { name: 'Otro', rfc: 'ABC' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/RFC/);
    const noName = await post('/api/supplier/register', { name: '   ' });
    expect(noName.json()).toEqual(errorBody('El nombre del proveedor es obligatorio.', 'VALIDATION_ERROR'));
  });

  it('edits (the whole supplier), keeps its RFC unique, and disables it out of the list', async () => {
    const supplier = await register({ name: 'Cremería', phone: '555' });
    const edited = await post(`/api/supplier/edit/${supplier.id}`, { name: 'Cremería La Vaca', rfc: 'CACX7605101P8' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Supplier>()).toMatchObject({ name: 'Cremería La Vaca', rfc: 'CACX7605101P8', phone: null });
    const other = await register({ name: 'Otra cremería' });
    const clash = await post(`/api/supplier/edit/${other.id}`, { name: 'Otra', rfc: 'CACX7605101P8' });
    expect(clash.statusCode).toBe(409);
    // Its own RFC again is no clash.
    expect(
      (await post(`/api/supplier/edit/${supplier.id}`, { name: 'Cremería', rfc: 'CACX7605101P8' })).statusCode,
    ).toBe(200);

    const disabled = await post(`/api/supplier/disable/${supplier.id}`);
    expect(disabled.json<Supplier>().isEnabled).toBe(false);
    expect((await post(`/api/supplier/disable/${supplier.id}`)).statusCode).toBe(200);
    expect((await list()).map((s) => s.id)).not.toContain(supplier.id);

    const missing = await post('/api/supplier/edit/999999', { name: 'X' });
    expect(missing.json()).toEqual(errorBody('El proveedor #999999 no existe.', 'NOT_FOUND'));
  });

  it('is for Admin and Manager only', async () => {
    expect((await t.injectAs('Seller', { method: 'GET', url: '/api/supplier/list' })).statusCode).toBe(403);
    expect((await post('/api/supplier/register', { name: 'X' }, 'Seller')).statusCode).toBe(403);
    expect((await post('/api/supplier/register', { name: 'Del Admin' }, 'Admin')).statusCode).toBe(201);
  });
});
