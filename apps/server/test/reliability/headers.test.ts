// Security headers (helmet) on every kind of answer the server gives: JSON of every status,
// the web app and its assets, uploaded images, PDFs, the API documentation, and the 500 answer.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { errorBody, requestWithDatabaseGone } from '../helpers/errors.js';
import { seedProduct } from '../helpers/factories.js';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "object-src 'none'",
  "frame-ancestors 'self'",
];

const EXPECTED: Record<string, string | ((value: string) => boolean)> = {
  'content-security-policy': (value) => CSP.every((directive) => value.split(';').includes(directive)),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function securityProblems(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(EXPECTED)) {
    const value = response.headers[name];
    const ok = typeof value === 'string' && (typeof expected === 'string' ? value === expected : expected(value));
    if (!ok) problems.push(`${name}: ${String(value)}`);
  }
  if (response.headers['x-powered-by'] !== undefined) problems.push('x-powered-by is sent');
  return problems;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-headers-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Mostrador</title>');
  writeFileSync(join(web, 'assets/index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web, UPLOAD_DIR: join(dir, 'uploads') });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function multipartImage(name: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('cuid', name);
  form.append('units', 'pza');
  form.append('stockQuantity', '3');
  form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe('security headers', () => {
  it('are on every kind of answer', async () => {
    const db = t.testDb.database.db;
    const product = await seedProduct(db, { stock: 5 });
    const withImage = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/product/create',
      ...(await multipartImage(`IMG-${Date.now()}`)),
    });
    expect(withImage.statusCode).toBe(201);
    const sale = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/receipt/create',
      payload: {
        paymentMode: 'Cash',
        items: [{ productId: product.id, quantity: 1, price: 10 }],
        date: '2026-11-20T10:00:00',
      },
    });
    expect(sale.statusCode).toBe(201);
    const cut = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/reports/generate',
      payload: { date: '2026-11-20' },
    });
    expect(cut.statusCode).toBe(201);

    const anonymous = (options: InjectOptions) => t.app.inject(options);
    const cases: Array<[string, number, () => Promise<LightMyRequestResponse>]> = [
      ['web app', 200, () => anonymous({ method: 'GET', url: '/' })],
      ['web app, history fallback', 200, () => anonymous({ method: 'GET', url: '/clients/7' })],
      ['web asset', 200, () => anonymous({ method: 'GET', url: '/assets/index-abc123.js' })],
      ['HEAD of the web app', 200, () => anonymous({ method: 'HEAD', url: '/' })],
      ['uploaded image', 200, () => anonymous({ method: 'GET', url: withImage.json<{ imageUrl: string }>().imageUrl })],
      ['missing image', 404, () => anonymous({ method: 'GET', url: '/uploads/0123456789abcdef.png' })],
      ['API documentation', 200, () => anonymous({ method: 'GET', url: '/api/docs' })],
      ['OpenAPI document', 200, () => t.injectAs('Admin', { method: 'GET', url: '/api/docs/json' })],
      ['OpenAPI document without a token', 401, () => anonymous({ method: 'GET', url: '/api/docs/json' })],
      ['JSON 200', 200, () => anonymous({ method: 'GET', url: '/api/health' })],
      [
        'JSON 201',
        201,
        () =>
          t.injectAs('Seller', {
            method: 'POST',
            url: '/api/client/register',
            payload: { firstName: 'Eva', lastName: 'Cantú' },
          }),
      ],
      [
        'receipt PDF',
        200,
        () => t.injectAs('Manager', { method: 'GET', url: `/api/receipt/pdf/${sale.json<{ id: number }>().id}` }),
      ],
      [
        'cut PDF',
        200,
        () => t.injectAs('Admin', { method: 'GET', url: `/api/reports/pdf/${cut.json<{ id: number }>().id}` }),
      ],
      ['400 validation', 400, () => t.injectAs('Seller', { method: 'POST', url: '/api/client/register', payload: {} })],
      [
        '400 malformed JSON',
        400,
        () =>
          anonymous({
            method: 'POST',
            url: '/api/auth/login',
            payload: '{"email":',
            headers: { 'content-type': 'application/json' },
          }),
      ],
      ['401 without a token', 401, () => anonymous({ method: 'GET', url: '/api/product/list' })],
      [
        '401 bad credentials',
        401,
        () =>
          anonymous({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'nadie@x.mx', password: 'incorrecta' },
          }),
      ],
      ['403', 403, () => t.injectAs('Seller', { method: 'GET', url: '/api/user/list' })],
      ['404 API', 404, () => anonymous({ method: 'GET', url: '/api/no-existe' })],
      ['404 record', 404, () => t.injectAs('Seller', { method: 'GET', url: '/api/receipt/details/999999' })],
      [
        '409',
        409,
        () =>
          t.injectAs('Admin', {
            method: 'POST',
            url: '/api/product/removeInventory',
            payload: { id: product.id, stockToRemove: 1000 },
          }),
      ],
      [
        '413',
        413,
        () =>
          anonymous({
            method: 'POST',
            url: '/api/auth/login',
            payload: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
            headers: { 'content-type': 'application/json' },
          }),
      ],
      [
        '415',
        415,
        () =>
          anonymous({
            method: 'POST',
            url: '/api/auth/login',
            payload: '<a/>',
            headers: { 'content-type': 'application/xml' },
          }),
      ],
    ];
    const problems: string[] = [];
    for (const [label, status, send] of cases) {
      const response = await send();
      if (response.statusCode !== status) problems.push(`${label}: status ${response.statusCode}, expected ${status}`);
      for (const problem of securityProblems(response)) problems.push(`${label}: ${problem}`);
    }

    // 429: ten failed sign-ins for one e-mail.
    for (let i = 0; i < 10; i++) {
      await anonymous({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'limite@x.mx', password: 'incorrecta' },
      });
    }
    const throttled = await anonymous({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'limite@x.mx', password: 'incorrecta' },
    });
    expect(throttled.statusCode).toBe(429);
    problems.push(...securityProblems(throttled).map((p) => `429: ${p}`));

    expect(problems).toEqual([]);
  }, 60_000);

  it('are on the 500 answer too, which tells nothing about the failure', async () => {
    const response = await requestWithDatabaseGone();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(
      errorBody('Ocurrió un error inesperado en el servidor. Inténtalo de nuevo.', 'INTERNAL'),
    );
    expect(securityProblems(response)).toEqual([]);
  });
});
