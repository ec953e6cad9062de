import type { CreateReceiptInput, Receipt, Role } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema.js';
import type { TestApp } from './app.js';

// Receipt-test data, written straight to the database: the products and clients endpoints are
// other features' and are not needed to sell.

let sequence = 0;
const next = () => ++sequence;

export async function seedProduct(
  db: Kysely<DB>,
  { stock = 100, name, units = 'pza', cuid }: { stock?: number; name?: string; units?: string; cuid?: string } = {},
) {
  const n = next();
  const now = Date.now();
  return db
    .insertInto('products')
    .values({
      cuid: cuid ?? `RC-${n}-${Math.random().toString(36).slice(2, 8)}`,
      name: name ?? `Producto ${n}`,
      units,
      stockQuantity: stock,
      imagePath: null,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function seedClient(
  db: Kysely<DB>,
  {
    firstName = 'María',
    lastName = 'López',
    isEnabled = 1,
  }: { firstName?: string; lastName?: string | null; isEnabled?: number } = {},
) {
  const now = Date.now();
  return db
    .insertInto('clients')
    .values({ firstName, lastName, phone: null, email: null, address: null, isEnabled, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function stockOf(db: Kysely<DB>, productId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('stockQuantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stockQuantity;
}

export function inventoryLogsOf(db: Kysely<DB>, productId: number) {
  return db.selectFrom('inventoryLogs').selectAll().where('productId', '=', productId).orderBy('id').execute();
}

/** A local timestamp (Monterrey wall time) for the create payload. */
export const TODAY_NOON = '2026-11-21T12:00:00';

/** POST /api/receipt/create as that role; returns the raw response. */
export function postReceipt(
  t: TestApp,
  body: unknown,
  { role = 'Seller' as Role, headers = {} as Record<string, string> } = {},
) {
  return t.injectAs(role, { method: 'POST', url: '/api/receipt/create', payload: body as object, headers });
}

/** Creates a receipt that must succeed (201) and returns it. */
export async function createReceipt(t: TestApp, body: CreateReceiptInput, role: Role = 'Seller'): Promise<Receipt> {
  const response = await postReceipt(t, body, { role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Receipt>();
}

/** A Credit receipt of one product line, for the payment rules. */
export async function creditReceipt(t: TestApp, price: number, quantity = 1, date = TODAY_NOON): Promise<Receipt> {
  const db = t.testDb.database.db;
  const [product, client] = await Promise.all([seedProduct(db), seedClient(db)]);
  return createReceipt(t, {
    paymentMode: 'Credit',
    clientId: client.id,
    date,
    items: [{ productId: product.id, quantity, price }],
  });
}

/** POST as Manager to one of the receipt actions. */
export function postAction(
  t: TestApp,
  action: 'changeState' | 'addPayment' | 'cancelPayment',
  body: unknown,
  role: Role = 'Manager',
) {
  return t.injectAs(role, { method: 'POST', url: `/api/receipt/${action}`, payload: body as object });
}
