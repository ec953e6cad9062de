// The one home of e2e test data: products, clients, receipts and stock moves are created straight
// through the real API, signed in as a role, and every call must succeed. Records get unique names
// (`unique()`), so tests running side by side on the same server never see each other's data.
import {
  businessNowLocalTimestamp,
  type Client,
  type CreateReceiptInput,
  type Product,
  type Receipt,
  type RegisterClientInput,
  type Role,
  type User,
} from '@mostrador/shared';
import { type APIRequestContext, expect, request } from '@playwright/test';
import { USERS } from './users';

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright (global-setup starts the server).');
  return url;
};

/** A short unique suffix so tests running side by side never share data. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An API client signed in as that account (a user a test created with seed.user). */
export async function apiAsAccount({
  email,
  password,
}: {
  email: string;
  password: string;
}): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: baseURL() });
  const response = await anonymous.post('/api/auth/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const { accessToken } = (await response.json()) as { accessToken: string };
  await anonymous.dispose();
  return request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { authorization: `Bearer ${accessToken}` } });
}

/** An API client signed in as that role. */
export async function apiAs(role: Role): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: baseURL() });
  const response = await anonymous.post('/api/auth/login', {
    data: { email: USERS[role].email, password: USERS[role].password },
  });
  const { accessToken } = (await response.json()) as { accessToken: string };
  await anonymous.dispose();
  return request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { authorization: `Bearer ${accessToken}` } });
}

export interface ProductSeed {
  /** Default: 'Producto <unique>'. Given, it is used as written. */
  name?: string;
  /** Default: 'E2E-<UNIQUE>'. */
  cuid?: string;
  units?: string;
  stock?: number;
  /** Selling fields; left out, the product has none (sold by the piece, price typed per sale). */
  price?: number;
  wholesalePrice?: number;
  wholesaleMinQuantity?: number;
  barcode?: string;
  minStock?: number;
  sellsByWeight?: boolean;
  /** Taxes; left out, 16 % IVA and no IEPS. */
  ivaRate?: '16' | '8' | '0' | 'exento';
  iepsRate?: number;
  iepsPerUnit?: number;
}

/** A valid EAN-13 from its first 12 digits (the check digit appended). */
export function ean13(first12: string): string {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** A scale label in the default format (PPCCCCCWWWWWK): prefix 20, five code digits, the weight in grams. */
export const scaleLabel = (codeDigits: string, grams: number) =>
  ean13(`20${codeDigits.padStart(5, '0')}${String(grams).padStart(5, '0')}`);

/** A fresh, valid EAN-13 no other test uses (prefix 750, Mexico). */
export const uniqueBarcode = () =>
  ean13(`750${String(Date.now() % 1e6).padStart(6, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`);

export class Seed {
  static async as(role: Role = 'Admin'): Promise<Seed> {
    return new Seed(await apiAs(role));
  }

  constructor(readonly api: APIRequestContext) {}

  dispose() {
    return this.api.dispose();
  }

  /** POST /api<path> that must succeed: its JSON answer. */
  async post<T>(path: string, data: unknown): Promise<T> {
    const response = await this.api.post(`/api${path}`, { data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  /** GET /api<path> that must succeed: its JSON answer. */
  async get<T>(path: string): Promise<T> {
    const response = await this.api.get(`/api${path}`);
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  /** Cheese at $189.90 a kg, sold by weight, whose code is five digits, so scale labels carry it. */
  weighedByScale(name: string): Promise<Product> {
    const code = String(10000 + Math.floor(Math.random() * 90000));
    return this.product({ name, cuid: code, units: 'kg', price: 189.9, sellsByWeight: true, stock: 5 });
  }

  async product({ name, cuid, units = 'pza', stock = 20, ...selling }: ProductSeed = {}): Promise<Product> {
    const id = unique();
    const response = await this.api.post('/api/product/create', {
      multipart: {
        name: name ?? `Producto ${id}`,
        cuid: cuid ?? `E2E-${id}`.toUpperCase(),
        units,
        stockQuantity: String(stock),
        ...Object.fromEntries(Object.entries(selling).map(([key, value]) => [key, String(value)])),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Product;
  }

  /** A new user of that role (unique name and e-mail), with the password it signs in with. */
  async user(role: Role, password = 'clave-e2e-2026'): Promise<User & { password: string }> {
    const id = unique();
    const user = await this.post<User>('/auth/register', {
      name: `Cuenta ${role} ${id}`,
      email: `cuenta.${id}@e2e.mx`,
      password,
      role,
    });
    return { ...user, password };
  }

  client(fields: RegisterClientInput): Promise<Client> {
    return this.post<Client>('/client/register', fields);
  }

  /** A sale; `date` defaults to now in Monterrey. */
  receipt({ date = businessNowLocalTimestamp(), ...body }: Omit<CreateReceiptInput, 'date'> & { date?: string }) {
    return this.post<Receipt>('/receipt/create', { ...body, date });
  }

  async stockOf(productId: number): Promise<number | undefined> {
    const { products } = await this.get<{ products: Product[] }>('/product/list');
    return products.find((p) => p.id === productId)?.stockQuantity;
  }
}
