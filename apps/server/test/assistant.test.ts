import { gzipSync } from 'node:zlib';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Role } from '@mostrador/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { App } from '../src/lib/types.js';
import { createTestApp, TEST_JWT_SECRET, TEST_PASSWORD, testConfig, type TestApp } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { errorBody } from './helpers/errors.js';
import { ensureUser } from './helpers/factories.js';

// POST /api/getEphemeralKey against a local HTTP server standing in for the voice provider.

const SERVER_KEY = 'sk-prueba-SECRETA-0123456789abcdef';
const MODEL = 'modelo-de-prueba';

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The provider: records what it is asked and answers with whatever the test sets. */
let answer: (request: SeenRequest, response: ServerResponse) => void;
const seen: SeenRequest[] = [];
let provider: Server;
let providerBase: string;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

// Everything the app logs, at every level, to check the server key never appears.
const logLines: string[] = [];
let database: TestDatabase;
let app: App;
let config: Config;
const tokens = new Map<Role, string>();

async function tokenOf(role: Role): Promise<string> {
  const cached = tokens.get(role);
  if (cached) return cached;
  const email = `${role.toLowerCase()}@asistente.mx`;
  await ensureUser(database.database.db, { role, email, password: TEST_PASSWORD });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  const token = response.json<{ accessToken: string }>().accessToken;
  tokens.set(role, token);
  return token;
}

const getKey = async (role: Role = 'Admin', payload?: object) =>
  app.inject({
    method: 'POST',
    url: '/api/getEphemeralKey',
    headers: { authorization: `Bearer ${await tokenOf(role)}` },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerBase = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;

  database = await createTestDatabase();
  config = testConfig({ OPENAI_API_KEY: SERVER_KEY, REALTIME_API_BASE: providerBase, REALTIME_MODEL: MODEL });
  app = await buildApp({
    config,
    database: database.database,
    jwtSecret: TEST_JWT_SECRET,
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
  provider.closeAllConnections();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  answer = (_request, response) => json(response, 200, { value: 'ek_temporal_1', expires_at: 1_900_000_000 });
});

describe('POST /api/getEphemeralKey', () => {
  it('trades the server key for a client secret bound to the model and says where to post the SDP', async () => {
    const response = await getKey();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      client_secret: { value: 'ek_temporal_1', expires_at: 1_900_000_000 },
      ephemeral_key: 'ek_temporal_1',
      model: MODEL,
      sdpUrl: `${providerBase}/realtime/calls`,
    });
    expect(response.headers['cache-control']).toBe('no-store');

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/realtime/client_secrets');
    expect(request!.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    // The generally available shape: no beta header, the session (model and audio) under `session`.
    expect(request!.headers['openai-beta']).toBeUndefined();
    expect(JSON.parse(request!.body)).toEqual({
      session: {
        type: 'realtime',
        model: MODEL,
        audio: { input: { turn_detection: { type: 'server_vad' } }, output: { voice: 'marin' } },
      },
    });
  });

  it("reads the secret only from the generally available answer, not the retired beta's client_secret", async () => {
    answer = (_request, response) => json(response, 200, { client_secret: { value: 'ek_beta', expires_at: 1 } });
    const beta = await getKey();
    expect(beta.statusCode).toBe(502);
    expect(beta.json().message).toBe('El proveedor de voz respondió sin una clave temporal.');

    answer = (_request, response) => json(response, 200, { value: 'ek_sin_caducidad', session: { type: 'realtime' } });
    const response = await getKey();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      client_secret: { value: 'ek_sin_caducidad', expires_at: null },
      ephemeral_key: 'ek_sin_caducidad',
    });
  });

  it('is accepted with an empty JSON body and refuses unknown fields', async () => {
    expect((await getKey('Admin', {})).statusCode).toBe(200);
    const extra = await getKey('Admin', { model: 'otro' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(seen).toHaveLength(1);
  });

  it('is for Admin only: 403 for Manager and Seller, without asking the provider', async () => {
    for (const role of ['Manager', 'Seller'] as const) {
      const response = await getKey(role);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect(seen).toHaveLength(0);
  });

  it('is 502 with a Spanish message when the provider fails, never echoing what it said', async () => {
    answer = (_request, response) =>
      json(response, 500, { error: { message: `Internal error for key ${SERVER_KEY}`, type: 'server_error' } });
    const response = await getKey();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(
      errorBody('El proveedor de voz respondió con un error (500). Inténtalo de nuevo.', 'BAD_GATEWAY'),
    );
    expect(response.body).not.toContain('sk-prueba');
  });

  it('points the Admin at OPENAI_API_KEY when the provider refuses the key', async () => {
    answer = (_request, response) =>
      json(response, 401, { error: { message: `Incorrect API key provided: ${SERVER_KEY.slice(0, 12)}****` } });
    const response = await getKey();
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      'El proveedor de voz rechazó la clave del servidor (401). Revisa OPENAI_API_KEY.',
    );
    expect(response.body).not.toContain('sk-prueba');
  });

  it('names the model and REALTIME_MODEL when the provider no longer has the model, never echoing it', async () => {
    const providerText = `The model \`${MODEL}\` does not exist or you do not have access to it. (${SERVER_KEY})`;
    const expected = errorBody(
      `El modelo de voz "${MODEL}" no existe, fue retirado por el proveedor o tu cuenta no tiene acceso a él. ` +
        'Cambia la variable REALTIME_MODEL (por ejemplo, a gpt-realtime) y reinicia Mostrador.',
      'REALTIME_MODEL_UNAVAILABLE',
    );
    const refusals = [
      { status: 404, error: { message: providerText, type: 'invalid_request_error', code: 'model_not_found' } },
      { status: 403, error: { message: providerText, type: 'invalid_request_error', code: 'model_not_found' } },
      {
        status: 400,
        error: { message: providerText, type: 'invalid_request_error', code: 'invalid_value', param: 'session.model' },
      },
    ];
    for (const { status, error } of refusals) {
      answer = (_request, response) => json(response, status, { error });
      const response = await getKey();
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual(expected);
      expect(response.body).not.toContain('does not exist');
      expect(response.body).not.toContain('sk-prueba');
    }
    expect(logLines.some((line) => line.includes('"code":"REALTIME_MODEL_UNAVAILABLE"'))).toBe(true);

    // Any other refusal keeps its own message.
    answer = (_request, response) =>
      json(response, 404, { error: { message: 'Unknown route', type: 'invalid_request_error', code: 'not_found' } });
    const other = await getKey();
    expect(other.json()).toEqual(
      errorBody(
        'El proveedor de voz rechazó la solicitud (404). Revisa REALTIME_MODEL y REALTIME_API_BASE.',
        'BAD_GATEWAY',
      ),
    );
  });

  it('is 502 when the provider answers without a secret', async () => {
    answer = (_request, response) => json(response, 200, { session: {} });
    const response = await getKey();
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('El proveedor de voz respondió sin una clave temporal.');
  });

  it('reads a compressed answer no further than its cap: a gzip bomb is a 502, not a dead process', async () => {
    // 300 MB of spaces gzip to about 300 KB; decompressed in full it would exhaust the server.
    const bomb = gzipSync(Buffer.alloc(300 * 1024 * 1024, 0x20), { level: 9 });
    answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(bomb);
    };
    const before = process.memoryUsage().rss;
    const response = await getKey();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(
      errorBody('El proveedor de voz respondió con un cuerpo demasiado grande.', 'BAD_GATEWAY'),
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses an answer whose declared length is over the cap without reading it', async () => {
    answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) });
      response.write('{"value":"');
    };
    try {
      const response = await getKey();
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('El proveedor de voz respondió con un cuerpo demasiado grande.');
    } finally {
      provider.closeAllConnections();
    }
  });

  it('never passes an oversized key to the browser', async () => {
    answer = (_request, response) => json(response, 200, { value: 'k'.repeat(50_000), expires_at: 1_900_000_000 });
    const response = await getKey();
    expect(response.statusCode).toBe(502);
    expect(response.body).not.toContain('kkkk');
  });

  it('is 502 "no respondió" when the provider does not answer in time', async () => {
    // Held open: the provider never answers this one.
    answer = () => undefined;
    const usual = config.REALTIME_TIMEOUT_MS;
    config.REALTIME_TIMEOUT_MS = 300;
    try {
      const started = Date.now();
      const response = await getKey();
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual(errorBody('El proveedor de voz no respondió.', 'BAD_GATEWAY'));
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      config.REALTIME_TIMEOUT_MS = usual;
      provider.closeAllConnections();
    }
  });

  it('is 502 when the provider cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const original = config.REALTIME_API_BASE;
    config.REALTIME_API_BASE = `http://127.0.0.1:${port}/v1/`;
    try {
      const response = await getKey();
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('No se pudo contactar al proveedor de voz.');
    } finally {
      config.REALTIME_API_BASE = original;
    }
  });

  it('never writes the server key to the log', async () => {
    answer = (_request, response) => json(response, 401, { error: { message: `bad key ${SERVER_KEY}` } });
    await getKey();
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.some((line) => line.includes('realtime provider refused'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(SERVER_KEY);
    expect(logLines.join('\n')).not.toContain('sk-prueba');
  });
});

describe('without OPENAI_API_KEY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REALTIME_API_BASE: 'http://127.0.0.1:9/v1' });
  });
  afterAll(() => t.close());

  it('is 503 "El asistente de voz no está configurado."', async () => {
    const response = await t.injectAs('Admin', { method: 'POST', url: '/api/getEphemeralKey' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(errorBody('El asistente de voz no está configurado.', 'SERVICE_UNAVAILABLE'));
  });

  it('still answers 403 to a Seller first', async () => {
    const response = await t.injectAs('Seller', { method: 'POST', url: '/api/getEphemeralKey' });
    expect(response.statusCode).toBe(403);
  });
});

describe('REALTIME_MODEL', () => {
  it("defaults to the provider's generally available model, also when set empty", () => {
    expect(loadConfig({}).REALTIME_MODEL).toBe('gpt-realtime');
    expect(loadConfig({ REALTIME_MODEL: '  ' }).REALTIME_MODEL).toBe('gpt-realtime');
    expect(loadConfig({ REALTIME_MODEL: ' gpt-realtime-mini ' }).REALTIME_MODEL).toBe('gpt-realtime-mini');
  });

  it('is warned about in the log at start when it is a preview model, and the server still starts', async () => {
    const started = async (model: string) => {
      const lines: string[] = [];
      const testDb = await createTestDatabase();
      const built = await buildApp({
        config: testConfig({ REALTIME_MODEL: model }),
        database: testDb.database,
        jwtSecret: TEST_JWT_SECRET,
        logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      });
      await built.ready();
      await built.close();
      await testDb.drop();
      return lines.map((line) => JSON.parse(line) as { level: number; msg: string; model?: string });
    };

    const preview = await started('gpt-4o-realtime-preview-2024-12-17');
    const warnings = preview.filter((line) => line.level === 40);
    expect(warnings).toEqual([
      expect.objectContaining({
        model: 'gpt-4o-realtime-preview-2024-12-17',
        msg:
          'REALTIME_MODEL="gpt-4o-realtime-preview-2024-12-17" es un modelo preview: el proveedor retira estos ' +
          'modelos y entonces el asistente de voz deja de funcionar. Usa gpt-realtime.',
      }),
    ]);
    expect((await started('gpt-realtime')).filter((line) => line.level >= 40)).toEqual([]);
  });
});
