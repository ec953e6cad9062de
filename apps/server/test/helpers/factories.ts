import {
  type BusinessFiscal,
  type BusinessFiscalInput,
  type CreateReceiptInput,
  fromMilli,
  type InventoryReason,
  lineTotalCents,
  type PaymentMode,
  type PaymentReason,
  pesosToCents,
  productCodeKey,
  type Receipt,
  type ReceiptState,
  type Role,
  type ShopSettings,
  type TaxTerms,
  toMilli,
  type UpdateShopSettingsInput,
} from '@mostrador/shared';
import type { Insertable, Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB, ProductsTable } from '../../src/db/schema.js';
import { hashPassword } from '../../src/lib/password.js';
import type { TestApp } from './app.js';

// The server tests' data, in one place. Rows are written straight to the database, so a test
// depends only on the feature it covers; the receipt helpers at the end go through the real API.

let sequence = 0;
const next = () => ++sequence;
const unique = () => `${next()}-${Math.random().toString(36).slice(2, 8)}`;

/** The user with that e-mail, created with that role and password on first use. */
export async function ensureUser(
  db: Kysely<DB>,
  { role, email, password, name }: { role: Role; email: string; password: string; name?: string },
) {
  const existing = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  if (existing) return existing;
  const now = Date.now();
  return db
    .insertInto('users')
    .values({
      name: name ?? `Usuario ${role}`,
      email,
      role,
      passwordHash: await hashPassword(password),
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface SeedProductOptions {
  /** In units (decimals for products sold by weight). */
  stock?: number;
  cuid?: string;
  name?: string;
  units?: string;
  createdAt?: number;
  /** Pesos. */
  price?: number | null;
  wholesalePrice?: number | null;
  wholesaleMinQuantity?: number | null;
  barcode?: string | null;
  sellsByWeight?: boolean;
  /** Its tax columns as stored; unset: the database's defaults (16 %, not reviewed). */
  taxes?: Partial<
    Pick<
      Insertable<ProductsTable>,
      'ivaRate' | 'iepsRatePpm' | 'iepsQuotaMicros' | 'satProductCode' | 'satUnitCode' | 'taxesReviewed'
    >
  >;
}

/** A product with that stock (no inventory log: the stock is where the test starts). */
export async function seedProduct(
  db: Kysely<DB>,
  {
    stock = 100,
    cuid = `P-${unique()}`,
    name = `Producto ${cuid}`,
    units = 'pza',
    createdAt = Date.now(),
    price = null,
    wholesalePrice = null,
    wholesaleMinQuantity = null,
    barcode = null,
    sellsByWeight = false,
    taxes = {},
  }: SeedProductOptions = {},
) {
  return db
    .insertInto('products')
    .values({
      cuid,
      cuidKey: productCodeKey(cuid),
      name,
      units,
      stockMilli: toMilli(stock),
      priceCents: price === null ? null : pesosToCents(price),
      wholesalePriceCents: wholesalePrice === null ? null : pesosToCents(wholesalePrice),
      wholesaleMinMilli: wholesaleMinQuantity === null ? null : toMilli(wholesaleMinQuantity),
      barcode,
      minStockMilli: null,
      sellsByWeight: sellsByWeight ? 1 : 0,
      imagePath: null,
      createdAt,
      updatedAt: createdAt,
      ...taxes,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Gives a product its taxes straight in the database (16 % IVA without IEPS until then), so a
 * sale's tests do not depend on the products' API. Rates in the stored terms: IEPS in millionths
 * (8 % → 80 000), a cuota in millionths of a peso per unit.
 */
export async function setProductTaxes(
  db: Kysely<DB>,
  productId: number,
  { ivaRate = '16', iepsRatePpm = null, iepsQuotaMicros = null }: Partial<TaxTerms>,
  sat: { satProductCode?: string; satUnitCode?: string } = {},
) {
  await db
    .updateTable('products')
    .set({ ivaRate, iepsRatePpm, iepsQuotaMicros, ...sat })
    .where('id', '=', productId)
    .execute();
}

export async function seedClient(
  db: Kysely<DB>,
  {
    firstName = 'María',
    lastName = 'López',
    isEnabled = 1,
    createdAt = Date.now(),
    phone = null,
    creditLimitCents = null,
    creditDays = 30,
  }: {
    firstName?: string;
    lastName?: string | null;
    isEnabled?: number;
    createdAt?: number;
    phone?: string | null;
    creditLimitCents?: number | null;
    creditDays?: number;
  } = {},
) {
  return db
    .insertInto('clients')
    .values({
      firstName,
      lastName,
      isEnabled,
      createdAt,
      updatedAt: createdAt,
      phone,
      creditLimitCents,
      creditDays,
      email: null,
      address: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface SeedPayment {
  amountCents: number;
  reason?: PaymentReason;
  /** A disabled payment was cancelled a minute after it was made. */
  enabled?: boolean;
  createdAt?: number;
  note?: string | null;
}

/** A payment row of a receipt (no state change: the test writes the state it wants). */
export async function seedPayment(
  db: Kysely<DB>,
  receiptId: number,
  userId: number,
  { amountCents, reason = 'ADD', enabled = true, createdAt = Date.now(), note = null }: SeedPayment,
) {
  await db
    .insertInto('payments')
    .values({
      receiptId,
      amountCents,
      reason,
      isEnabled: enabled ? 1 : 0,
      note,
      userId,
      createdAt,
      cancelledAt: enabled ? null : createdAt + 60_000,
      cancelledBy: enabled ? null : userId,
    })
    .execute();
}

/** A receipt with its items and payments as rows (no stock change, no inventory log). */
export async function seedReceipt(
  db: Kysely<DB>,
  {
    userId,
    clientId = null,
    state = 'Pending',
    paymentMode = 'Credit',
    date,
    createdAt = date,
    items,
    payments = [],
  }: {
    userId: number;
    clientId?: number | null;
    state?: ReceiptState;
    paymentMode?: PaymentMode;
    date: number;
    createdAt?: number;
    items: Array<{ product: { id: number; name: string; units: string }; quantity: number; priceCents: number }>;
    payments?: SeedPayment[];
  },
) {
  const totalCents = items.reduce((sum, item) => sum + lineTotalCents(item.priceCents, toMilli(item.quantity)), 0);
  const { id } = await db
    .insertInto('receipts')
    .values({ state, paymentMode, clientId, userId, date, totalCents, createdAt, updatedAt: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('receiptItems')
    .values(
      items.map(({ product, quantity, priceCents }) => ({
        receiptId: id,
        productId: product.id,
        productName: product.name,
        units: product.units,
        quantityMilli: toMilli(quantity),
        priceCents,
      })),
    )
    .execute();
  for (const payment of payments) await seedPayment(db, id, userId, { createdAt, ...payment });
  return { id, totalCents };
}

/** An inventory-log row as written (no stock change): the movements list and export read it. */
export async function seedInventoryLog(
  db: Kysely<DB>,
  {
    product,
    delta,
    before = 10,
    reason = 'ADJUSTMENT',
    userName = 'Usuario',
    note = null,
    createdAt = Date.now(),
  }: {
    product: { id: number; name: string };
    /** Units, signed. */
    delta: number;
    before?: number;
    reason?: InventoryReason;
    userName?: string;
    note?: string | null;
    createdAt?: number;
  },
) {
  return db
    .insertInto('inventoryLogs')
    .values({
      productId: product.id,
      receiptId: null,
      userId: null,
      reason,
      deltaMilli: toMilli(delta),
      stockBeforeMilli: toMilli(before),
      stockAfterMilli: toMilli(before + delta),
      productName: product.name,
      userName,
      note,
      createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A product's stock in units, as the database holds it (from thousandths). */
export async function stockOf(db: Kysely<DB>, productId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('stockMilli')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return fromMilli(row.stockMilli);
}

/** A product's inventory logs, oldest first, with their thousandths also read as units. */
export async function inventoryLogsOf(db: Kysely<DB>, productId: number) {
  const rows = await db
    .selectFrom('inventoryLogs')
    .selectAll()
    .where('productId', '=', productId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    delta: fromMilli(row.deltaMilli),
    stockBefore: fromMilli(row.stockBeforeMilli),
    stockAfter: fromMilli(row.stockAfterMilli),
  }));
}

// Receipts through the real API.

/** A local timestamp (Monterrey wall time) for the create payload. */
export const TODAY_NOON = '2026-11-21T12:00:00';

/** POST /api/receipt/create as that role (Manager by default: tests choose sale dates, which a Seller may not); returns the raw response. */
export function postReceipt(
  t: TestApp,
  body: unknown,
  { role = 'Manager' as Role, headers = {} as Record<string, string> } = {},
) {
  return t.injectAs(role, { method: 'POST', url: '/api/receipt/create', payload: body as object, headers });
}

/** Creates a receipt that must succeed (201) and returns it. */
export async function createReceipt(t: TestApp, body: CreateReceiptInput, role: Role = 'Manager'): Promise<Receipt> {
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

/** The supervisor PIN of the signed-in user of that role, set through the API (their password confirms it). */
export async function setSupervisorPin(t: TestApp, role: Role, pin: string, currentPassword: string) {
  const response = await t.injectAs(role, {
    method: 'POST',
    url: '/api/supervisor/setPin',
    payload: { pin, currentPassword },
  });
  expect(response.statusCode, response.body).toBe(200);
}

// The shop's settings.

/** A 1×1 PNG as a data URL: the smallest logo PDFs can draw. */
export const PNG_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** PUT /api/settings as Admin; the settings must be saved (200). */
export async function saveSettings(t: TestApp, body: UpdateShopSettingsInput): Promise<ShopSettings> {
  const response = await t.injectAs('Admin', { method: 'PUT', url: '/api/settings', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShopSettings>();
}

/** The shop's fiscal identity as an Admin saves it in 'Datos fiscales'. */
export async function saveBusinessFiscal(t: TestApp, body: BusinessFiscalInput): Promise<BusinessFiscal> {
  const response = await t.injectAs('Admin', { method: 'PUT', url: '/api/business/fiscal', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BusinessFiscal>();
}
