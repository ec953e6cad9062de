// Bad input on every endpoint: cases generated from the OpenAPI document, so a new
// endpoint is covered as soon as it is registered. Every case must get a 4xx with a Spanish
// message, never a 5xx; nothing may be written (row counts of every table and the upload folder
// are the same afterwards) and the server keeps answering.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { seedClient, seedProduct } from '../helpers/factories.js';
import { countRows } from './rows.js';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  format?: string;
  additionalProperties?: boolean | object;
}

interface Operation {
  parameters?: Array<{ in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface Case {
  route: string;
  label: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

const HUGE = 'x'.repeat(200_000);
const isBinary = (schema: JsonSchema) => schema.format === 'binary';

/** A value that passes the declared schema (the base each case breaks in exactly one place). */
function sample(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}));
    case 'object':
    default: {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const property = schema.properties?.[key] ?? {};
        if (!isBinary(property)) value[key] = sample(property);
      }
      return value;
    }
  }
}

/** Values that break the declared schema, each with a label. */
function breakages(schema: JsonSchema): Array<{ label: string; value: unknown }> {
  const out: Array<{ label: string; value: unknown }> = [];
  const add = (label: string, value: unknown) => out.push({ label, value });
  if (!schema.nullable) add('null', null);
  if (schema.enum) {
    add('not in the enum', 'Otro');
    add('a number for an enum', 1);
    return out;
  }
  switch (schema.type) {
    case 'string':
      add('a number for a string', 12345);
      add('an object for a string', { a: 1 });
      add('an array for a string', ['a']);
      add('a huge string', HUGE);
      if (schema.maxLength !== undefined) add('one character too long', 'x'.repeat(schema.maxLength + 1));
      if ((schema.minLength ?? 0) > 0) add('empty', '');
      break;
    case 'integer':
    case 'number':
      add('a string for a number', 'doce');
      add('a boolean for a number', true);
      add('an array for a number', [1]);
      if (schema.type === 'integer') {
        add('a fraction', 1.5);
        add('beyond safe integers', 2 ** 53);
        add('1e308', 1e308);
      }
      if (schema.minimum !== undefined && schema.minimum > -Number.MAX_SAFE_INTEGER) {
        add('below the minimum', schema.exclusiveMinimum ? schema.minimum : schema.minimum - 1);
        add('negative and huge', -1e15);
      }
      if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) {
        add('above the maximum', schema.maximum + 1);
      }
      break;
    case 'boolean':
      add('a string for a boolean', 'yes');
      add('a number for a boolean', 1);
      break;
    case 'array': {
      add('an object for an array', {});
      add('a string for an array', 'x');
      if ((schema.minItems ?? 0) > 0) add('an empty array', []);
      if (schema.maxItems !== undefined) {
        add(
          'one item too many',
          Array.from({ length: schema.maxItems + 1 }, () => sample(schema.items ?? {})),
        );
      }
      for (const item of breakages(schema.items ?? {})) add(`item: ${item.label}`, [item.value]);
      break;
    }
    case 'object':
    default: {
      add('a string for an object', 'x');
      add('an array for an object', [sample(schema)]);
      add('a number for an object', 7);
      const base = sample(schema) as Record<string, unknown>;
      for (const key of schema.required ?? []) {
        if (isBinary(schema.properties?.[key] ?? {})) continue;
        const { [key]: _omitted, ...rest } = base;
        add(`missing ${key}`, rest);
      }
      if (schema.additionalProperties === false) add('an unknown field', { ...base, campoExtra: 1 });
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (isBinary(property)) continue;
        for (const broken of breakages(property)) add(`${key}: ${broken.label}`, { ...base, [key]: broken.value });
      }
    }
  }
  return out;
}

const MALFORMED_JSON = ['{"a":', "{'email': 1}", '[', 'nul', '{"a":1}x', '{"a":1,}', '\u0000', '{"__proto__":'];

async function multipart(fields: Array<[string, string | Blob]>) {
  const form = new FormData();
  for (const [key, value] of fields) form.append(key, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

async function multipartCases(route: string, url: string, schema: JsonSchema): Promise<Case[]> {
  const cases: Case[] = [];
  const base = Object.entries(sample(schema) as Record<string, unknown>).map(([key, value]): [string, string] => [
    key,
    String(value),
  ]);
  const add = async (label: string, fields: Array<[string, string | Blob]>) =>
    cases.push({ route, label: `multipart: ${label}`, method: 'POST', url, ...(await multipart(fields)) });
  for (const key of schema.required ?? []) {
    await add(
      `missing ${key}`,
      base.filter(([k]) => k !== key),
    );
  }
  await add('an unknown field', [...base, ['campoExtra', '1']]);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (isBinary(property)) {
      await add(`${key}: text instead of a file`, [...base, [key, 'foto.png']]);
      await add(`${key}: not an image`, [
        ...base,
        [key, new Blob(['<script>alert(1)</script>'], { type: 'image/png' })],
      ]);
      await add(`${key}: an image over 5 MB`, [
        ...base,
        [key, new Blob([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))], { type: 'image/png' })],
      ]);
      await add(`${key}: two files`, [
        ...base,
        [key, new Blob([new Uint8Array(PNG)], { type: 'image/png' })],
        [key, new Blob([new Uint8Array(PNG)], { type: 'image/png' })],
      ]);
      continue;
    }
    const others = base.filter(([k]) => k !== key);
    if (property.type === 'integer') await add(`${key}: not a number`, [...others, [key, 'doce']]);
    if (property.maxLength !== undefined)
      await add(`${key}: too long`, [...others, [key, 'x'.repeat(property.maxLength + 1)]]);
    await add(`${key}: a file instead of text`, [
      ...others,
      [key, new Blob([new Uint8Array(PNG)], { type: 'image/png' })],
    ]);
    if (base.some(([k]) => k === key)) await add(`${key}: twice`, [...base, [key, 'otra vez']]);
  }
  const boundary = '----mostradorfuzz';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAceite\r\n`;
  const raw = (label: string, contentType: string, payload: string) =>
    cases.push({
      route,
      label: `multipart: ${label}`,
      method: 'POST',
      url,
      headers: { 'content-type': contentType },
      payload,
    });
  raw('no boundary', 'multipart/form-data', part);
  raw('garbage body', `multipart/form-data; boundary=${boundary}`, 'esto no es multipart');
  raw('truncated (no closing boundary)', `multipart/form-data; boundary=${boundary}`, part);
  raw(
    'a part without a name',
    `multipart/form-data; boundary=${boundary}`,
    `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
  );
  raw('wrong boundary', `multipart/form-data; boundary=otro`, `${part}--${boundary}--\r\n`);
  return cases;
}

/** Every case of one operation. */
async function casesFor(path: string, method: 'GET' | 'POST', operation: Operation): Promise<Case[]> {
  const route = `${method} ${path}`;
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const fill = (values: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
  const cases: Case[] = [];

  for (const param of pathParams) {
    const bad = [
      '0',
      '-1',
      '1.5',
      'abc',
      '2147483648',
      '99999999999999999999999',
      '1e3',
      '%20',
      '%00',
      'x'.repeat(5000),
    ];
    for (const value of bad) {
      cases.push({
        route,
        label: `path ${param.name}=${value.slice(0, 20)}`,
        method,
        url: fill({ [param.name]: value }),
      });
    }
    // The largest id there can be: a well-formed id of nothing.
    cases.push({ route, label: `path ${param.name} of nothing`, method, url: fill({ [param.name]: '2147483647' }) });
  }

  if (queryParams.length > 0) {
    const url = fill();
    const query = (entries: Array<[string, string]>) => `${url}?${new URLSearchParams(entries).toString()}`;
    cases.push({ route, label: 'query: an unknown parameter', method, url: query([['campoExtra', '1']]) });
    for (const param of queryParams) {
      const { schema } = param;
      const bad: string[] = ['x'.repeat(5000)];
      if (schema.type === 'integer') bad.push('abc', '1.5', '1e400', '-99999999999999999999');
      if (schema.type === 'integer' && schema.minimum !== undefined) bad.push(String(schema.minimum - 1));
      if (schema.type === 'integer' && schema.maximum !== undefined) bad.push(String(schema.maximum + 1));
      if (schema.enum) bad.push('quizá');
      if (schema.maxLength !== undefined) bad.push('x'.repeat(schema.maxLength + 1));
      for (const value of bad) {
        cases.push({
          route,
          label: `query ${param.name}=${value.slice(0, 20)}`,
          method,
          url: query([[param.name, value]]),
        });
      }
      cases.push({
        route,
        label: `query ${param.name} twice`,
        method,
        url: query([
          [param.name, String(sample(schema))],
          [param.name, String(sample(schema))],
        ]),
      });
    }
  }

  const content = operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  if (json) {
    const url = fill();
    const send = (label: string, payload: string, contentType = 'application/json') =>
      cases.push({ route, label, method, url, headers: { 'content-type': contentType }, payload });
    for (const text of MALFORMED_JSON) send(`malformed JSON ${JSON.stringify(text)}`, text);
    for (const { label, value } of breakages(json)) send(`body: ${label}`, JSON.stringify(value));
    if ((json.required ?? []).length > 0) send('an empty body', '');
    send('a body over 1 MB', JSON.stringify({ ...(sample(json) as object), relleno: 'x'.repeat(1_100_000) }));
    send('plain text', 'hola', 'text/plain');
    send('XML', '<a>1</a>', 'application/xml');
    if (!content['multipart/form-data']) {
      cases.push({ route, label: 'multipart where JSON is expected', method, url, ...(await multipart([['a', '1']])) });
    }
  }
  const form = content['multipart/form-data']?.schema;
  if (form) cases.push(...(await multipartCases(route, fill(), form)));
  return cases;
}

let t: TestApp;
let uploadDir: string;
let cases: Case[];
/** Documented operations that take a body, path or query parameters, and those that take nothing. */
const withInput: Record<string, Operation> = {};
const withoutInput: string[] = [];

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'mostrador-fuzz-uploads-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  // Something to point at: ids 1 exist, so a case fails for its own fault, not for a missing row.
  await seedProduct(t.testDb.database.db, { stock: 50 });
  await seedClient(t.testDb.database.db);
  const sale = await t.injectAs('Admin', {
    method: 'POST',
    url: '/api/receipt/create',
    payload: {
      clientId: 1,
      paymentMode: 'Credit',
      items: [{ productId: 1, quantity: 1, price: 10 }],
      date: '2026-11-20T10:00:00',
    },
  });
  expect(sale.statusCode).toBe(201);
  await t.sessionAs('Seller');
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  cases = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      if ((operation.parameters ?? []).length > 0 || operation.requestBody) withInput[route] = operation;
      else withoutInput.push(route);
      cases.push(...(await casesFor(path, method.toUpperCase() as 'GET' | 'POST', operation)));
    }
  }
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('bad input on every endpoint', () => {
  it('covers every route: each is in the OpenAPI document, and each that takes input has cases', () => {
    const documented = new Set(Object.keys(withInput).concat(withoutInput));
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
    const fuzzed = new Set(cases.map((c) => c.route));
    expect(Object.keys(withInput).filter((route) => !fuzzed.has(route))).toEqual([]);
    expect(cases.length).toBeGreaterThan(500);
  });

  it('answers each with a 4xx and a Spanish message, never a 5xx, and writes nothing', async () => {
    const before = await countRows(t.testDb.database.db);
    const failures: string[] = [];
    for (const c of cases) {
      const response = await t.injectAs('Admin', {
        method: c.method,
        url: c.url,
        headers: c.headers,
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      });
      let body: { message?: unknown; error?: unknown } = {};
      try {
        body = response.json();
      } catch {
        // checked below
      }
      const ok =
        response.statusCode >= 400 &&
        response.statusCode < 500 &&
        typeof body.message === 'string' &&
        body.message.length > 0 &&
        typeof body.error === 'string' &&
        !/\bat \S+:\d+|node_modules|Error:/.test(body.message);
      if (!ok) failures.push(`${c.route} — ${c.label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await countRows(t.testDb.database.db)).toEqual(before);
    expect(readdirSync(uploadDir)).toEqual([]);
    // Still serving, with the data intact.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const receipt = await t.injectAs('Admin', { method: 'GET', url: '/api/receipt/details/1' });
    expect(receipt.json()).toMatchObject({ id: 1, total: 10, balance: 10, state: 'Pending' });
  });
});
