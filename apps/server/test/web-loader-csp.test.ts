// The built index.html starts the app from one inline script (apps/web/vite.config.ts): the
// Content-Security-Policy allows exactly that script, by its hash, and no other inline script.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/plugins/web.js';
import { createTestApp, type TestApp } from './helpers/app.js';

const LOADER = "(function(){var d=document;d.title='x';})();";
const hash = `'sha256-${createHash('sha256').update(LOADER, 'utf8').digest('base64')}'`;

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-loader-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(
    join(web, 'index.html'),
    `<!doctype html><title>Mostrador</title><body><script>${LOADER}</script></body>`,
  );
  t = await createTestApp({ WEB_DIST: web, UPLOAD_DIR: join(dir, 'uploads') });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("index.html's inline loader", () => {
  it('is allowed by its hash on every answer, next to the app origin', async () => {
    for (const url of ['/', '/receipts', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      const scriptSrc = String(response.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    }
  });

  it("follows a web build replaced under the running server on index.html's answer", async () => {
    const web = join(dir, 'web');
    const next = "(function(){var d=document;d.title='y';})();";
    writeFileSync(
      join(web, 'index.html'),
      `<!doctype html><title>Mostrador</title><body><script>${next}</script></body>`,
    );
    utimesSync(join(web, 'index.html'), new Date(), new Date(Date.now() + 60_000));
    const response = await t.app.inject({ method: 'GET', url: '/vender' });
    const nextHash = `'sha256-${createHash('sha256').update(next, 'utf8').digest('base64')}'`;
    expect(String(response.headers['content-security-policy']).split(';')).toContain(`script-src 'self' ${nextHash}`);
  });

  it('hashes only inline scripts, and nothing when the app is not built', () => {
    const web = join(dir, 'other');
    mkdirSync(web, { recursive: true });
    writeFileSync(
      join(web, 'index.html'),
      `<script type="module" src="/assets/a.js"></script><script>${LOADER}</script><script>1</script>`,
    );
    const one = `'sha256-${createHash('sha256').update('1', 'utf8').digest('base64')}'`;
    expect(inlineScriptHashes(web)).toEqual([hash, one]);
    expect(inlineScriptHashes(join(dir, 'missing'))).toEqual([]);
  });
});
