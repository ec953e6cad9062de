// Bad input on every endpoint: cases generated from the OpenAPI document, so a new
// endpoint is covered as soon as it is registered. Every case must get a 4xx with a Spanish
// message, never a 5xx; nothing may be written (row counts of every table and the upload folder
// are the same afterwards) and the server keeps answering.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { errorBody } from '../helpers/errors.js';
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
// A file field, or a repeated one (an array of files).
const isBinary = (schema: JsonSchema): boolean =>
  schema.format === 'binary' || (schema.type === 'array' && !!schema.items && isBinary(schema.items));

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

/**
 * The extremes every numeric field is tried with, as the text a client would send: beyond every
 * bound (and Infinity once multiplied), a negative zero, less than a centavo or a gram, and an
 * integer a double cannot hold (it reads as 2^53). JSON.stringify would write -0 as 0, so bodies
 * carry them as literal text.
 */
const EXTREME_NUMBERS = ['1e308', '-0', '1e-9', '9007199254740993'];

/** Text fields a sample would otherwise fill with 'a', given values that pass: the extreme number is then the only oddity. */
const VALID_TEXT: Record<string, string> = { date: '2026-11-20T10:00:00' };

type JsonPath = Array<string | number>;

/** Where the numbers of a JSON body are: a path of keys, array items at index 0. */
function numericPaths(schema: JsonSchema, at: JsonPath = []): JsonPath[] {
  if (schema.type === 'number' || schema.type === 'integer') return [at];
  if (schema.type === 'array') return numericPaths(schema.items ?? {}, [...at, 0]);
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => numericPaths(property, [...at, key]));
}

const isNumeric = (schema: JsonSchema) => schema.type === 'number' || schema.type === 'integer';

/**
 * `sample` with the known text fields valid and the optional numbers present too (a line's price
 * next to its quantity), recursively: the extreme number put in one place meets ordinary ones.
 */
function validSample(schema: JsonSchema): unknown {
  if (schema.type === 'array') {
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => validSample(schema.items ?? {}));
  }
  if (schema.type !== 'object' && !schema.properties) return sample(schema);
  const value: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (isBinary(property) || !((schema.required ?? []).includes(key) || isNumeric(property))) continue;
    value[key] = VALID_TEXT[key] ?? validSample(property);
  }
  return value;
}

/** A JSON text of `base` with the raw number text at `path`. */
function withNumberAt(base: unknown, path: JsonPath, text: string): string {
  const MARK = '__numero_extremo__';
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((key, i) => {
    node[key] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  node[path.at(-1)!] = MARK;
  return JSON.stringify(copy).replace(`"${MARK}"`, text);
}

/** Every numeric input of one operation (body, form, query and path) with each extreme number. */
async function extremeNumberCases(path: string, method: 'GET' | 'POST', operation: Operation): Promise<Case[]> {
  const route = `${method} ${path}`;
  const cases: Case[] = [];
  const params = operation.parameters ?? [];
  const fill = (values: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
  for (const text of EXTREME_NUMBERS) {
    for (const param of params.filter((p) => isNumeric(p.schema))) {
      const url =
        param.in === 'path'
          ? fill({ [param.name]: text })
          : `${fill()}?${new URLSearchParams([[param.name, text]]).toString()}`;
      cases.push({ route, label: `${param.in} ${param.name}=${text}`, method, url });
    }
    const content = operation.requestBody?.content ?? {};
    const json = content['application/json']?.schema;
    if (json) {
      const base = validSample(json);
      for (const at of numericPaths(json)) {
        cases.push({
          route,
          label: `body ${at.join('.')}: ${text}`,
          method,
          url: fill(),
          headers: { 'content-type': 'application/json' },
          payload: withNumberAt(base, at, text),
        });
      }
    }
    const form = content['multipart/form-data']?.schema;
    if (form) {
      const base = Object.entries(validSample(form) as Record<string, unknown>).map(([k, v]): [string, string] => [
        k,
        String(v),
      ]);
      for (const [key, property] of Object.entries(form.properties ?? {})) {
        if (!isNumeric(property)) continue;
        const fields: Array<[string, string]> = [...base.filter(([k]) => k !== key), [key, text]];
        cases.push({ route, label: `multipart ${key}: ${text}`, method, url: fill(), ...(await multipart(fields)) });
      }
    }
  }
  return cases;
}

/** What is wrong with an answer to bad input: not a 4xx, or a 4xx without a Spanish message for people. */
function badAnswer(response: { statusCode: number; body: string; json(): unknown }, { success = false } = {}) {
  if (success && response.statusCode < 300) return null;
  let body: { message?: unknown; error?: unknown } = {};
  try {
    body = response.json() as typeof body;
  } catch {
    // judged below
  }
  const ok =
    response.statusCode >= 400 &&
    response.statusCode < 500 &&
    typeof body.message === 'string' &&
    body.message.length > 0 &&
    typeof body.error === 'string' &&
    !/\bat \S+:\d+|node_modules|Error:/.test(body.message);
  return ok ? null : `${response.statusCode} ${response.body.slice(0, 200)}`;
}

let t: TestApp;
let uploadDir: string;
let cases: Case[];
let numberCases: Case[];
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
  const doc = (await t.injectAs('Admin', { method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  cases = [];
  numberCases = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      if ((operation.parameters ?? []).length > 0 || operation.requestBody) withInput[route] = operation;
      else withoutInput.push(route);
      cases.push(...(await casesFor(path, method.toUpperCase() as 'GET' | 'POST', operation)));
      numberCases.push(...(await extremeNumberCases(path, method.toUpperCase() as 'GET' | 'POST', operation)));
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
      const problem = badAnswer(response);
      if (problem) failures.push(`${c.route} — ${c.label}: ${problem}`);
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

describe('extreme numbers in every numeric field', () => {
  it('refuses a sale of 1e308 (price or quantity) and amounts under a centavo with a 400 that says why', async () => {
    const post = (url: string, body: string) =>
      t.injectAs('Admin', { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
    const sale = (line: string) =>
      post(
        '/api/receipt/create',
        `{"paymentMode":"Cash","date":"2026-11-20T10:00:00","items":[{"productId":1,${line}}]}`,
      );
    const cases: Array<[string, Promise<{ statusCode: number; json(): unknown }>, string]> = [
      ['price 1e308', sale('"quantity":1,"price":1e308'), 'El monto es demasiado grande.'],
      ['quantity 1e308', sale('"quantity":1e308,"price":10'), 'La cantidad es demasiado grande.'],
      ['both 1e308', sale('"quantity":1e308,"price":1e308'), 'La cantidad es demasiado grande.'],
      ['price 1e-9', sale('"quantity":1,"price":1e-9'), 'El precio debe ser mayor que 0.'],
      [
        'quantity 1e-10',
        sale('"quantity":1e-10,"price":10'),
        'La cantidad debe ser un número mayor que 0, con hasta 3 decimales.',
      ],
      [
        'cash movement of 1e-9',
        post('/api/cash/movement', '{"type":"Entrada","amount":1e-9,"note":"x"}'),
        'El monto debe ser mayor que 0.',
      ],
    ];
    for (const [label, answer, message] of cases) {
      const response = await answer;
      expect([label, response.statusCode, response.json()]).toEqual([
        label,
        400,
        errorBody(message, 'VALIDATION_ERROR'),
      ]);
    }
  });

  it('never answer 5xx: a refusal is a 4xx with a Spanish message', async () => {
    expect(numberCases.length).toBeGreaterThan(EXTREME_NUMBERS.length * 50);
    const failures: string[] = [];
    const answers: string[] = [];
    for (const c of numberCases) {
      const response = await t.injectAs('Admin', {
        method: c.method,
        url: c.url,
        headers: c.headers,
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      });
      answers.push(`${c.route} — ${c.label}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      const problem = badAnswer(response, { success: true });
      if (problem) failures.push(`${c.route} — ${c.label}: ${problem}`);
    }
    if (process.env.FUZZ_PRINT) console.log(answers.join('\n'));
    expect(failures).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
