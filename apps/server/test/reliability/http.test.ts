// HTTP behaviour every answer shares: API answers are never cached, a missing asset is a 404
// rather than the app's index.html, a request whose body trickles in is cut off, and an idle
// keep-alive connection stays open for the client to reuse.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-http-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Mostrador</title>');
  writeFileSync(join(web, 'assets/index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web, UPLOAD_DIR: join(dir, 'uploads'), REQUEST_TIMEOUT_MS: '1000' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Cache-Control', () => {
  it('is no-store on every /api answer: success, error, not found, sign-in', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.injectAs('Seller', { method: 'GET', url: '/api/product/list' }),
      await t.app.inject({ method: 'GET', url: '/api/product/list' }),
      await t.app.inject({ method: 'GET', url: '/api/nada' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@y.mx', password: 'nope' } }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('leaves the web app to its own rules', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('static files', () => {
  it('answers 404 for a missing asset instead of index.html', async () => {
    for (const url of ['/assets/index-gone123.js', '/assets/style-old.css', '/logo.png']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<!doctype html>');
    }
  });

  it('still answers index.html for the app routes (history fallback)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/clients/7' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Mostrador</title>');
  });
});

describe('slow request bodies', () => {
  it('are cut off after REQUEST_TIMEOUT_MS, freeing the connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    socket.on('data', () => {});
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    // One byte a second would hold the connection for 100 s without a limit.
    const drip = setInterval(() => socket.write(' '), 1000);
    const started = Date.now();
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    clearInterval(drip);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('keep-alive connections', () => {
  it("stay open past Node's 5 s default, so a client reusing an idle one gets its answer", async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    let closed = false;
    socket.on('close', () => (closed = true));
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const answers = async (count: number) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(count);
    };
    await answers(1);
    // Idle longer than Node's default keepAliveTimeout (5 s), which closed this connection.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(closed).toBe(false);
    await answers(2);
    socket.destroy();
  }, 15_000);
});
