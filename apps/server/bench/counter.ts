// The counter's figures, measured as a seller meets them: the real server bundle and the built
// web app on a fresh SQLite database with 20,000 products (barcodes and prices), /vender in
// headless Chromium signed in as a Seller, and a keyboard-wedge scanner played by Playwright
// (keys 10 ms apart, then Enter). Written into docs/benchmarks.md between the counter markers.
//
//   npx tsx apps/server/bench/counter.ts                 # 20,000 products, 200 scans, 10 sales
//   npx tsx apps/server/bench/counter.ts --products 2000 --scans 40 --sales 3 --no-write
//
// Measured inside the page (performance.now): scan → line on screen is from the Enter keydown
// of the code field to the first animation frame after the new line is in the DOM; create →
// ready is from the Enter that confirms 'Cobrar' to the frame where the emptied screen shows the
// last sale. The five-item sale is timed from its first key to that same frame.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { SessionResponse } from '@mostrador/shared';
import { chromium, type Page } from 'playwright-core';
import { buildServerBundle, buildWeb, makeRunDir, ROOT, startServer } from '../scripts/server-process.js';
import { summarize } from './load.js';
import { writeBetweenMarkers } from './markers.js';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    scans: { type: 'string', default: '200' },
    sales: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks.md' },
  },
});
const PRODUCTS = Number(args.products);
const SCANS = Number(args.scans);
const SALES = Number(args.sales);
const KEY_DELAY_MS = 10;
const ADMIN = { email: 'bench-counter@mostrador.mx', password: 'caja-rapida-2026' };
const SELLER = { email: 'vendedor-counter@mostrador.mx', password: 'caja-rapida-2026', name: 'Vendedor Bench' };

/** EAN-13 with its check digit, from a 12-digit body. */
function ean13(first12: string): string {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}
const barcodeOf = (n: number) => ean13(`750${String(n).padStart(9, '0')}`);

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function seedCatalogue(url: string, token: string) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < PRODUCTS) {
      const n = next++;
      const form = new FormData();
      form.append('name', `Producto de prueba ${n}`);
      form.append('cuid', `BENCH-${n}`);
      form.append('units', 'pza');
      form.append('stockQuantity', '100000');
      form.append('price', String(10 + (n % 500) / 4));
      form.append('barcode', barcodeOf(n));
      await json(
        await fetch(`${url}/api/product/create`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        }),
        'product/create',
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return (performance.now() - started) / 1000;
}

// Page code as strings: this file is type-checked without the DOM library.
const PROBE = `
  window.__counter = { enters: [], lines: [], sales: [] };
  const frame = (list) => requestAnimationFrame(() => list.push(performance.now()));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    const where = event.target && event.target.closest && event.target.closest('[role="dialog"]') ? 'dialog' : 'code';
    window.__counter.enters.push({ t: performance.now(), where });
  }, true);
  let lines = '';
  let last = '';
  new MutationObserver(() => {
    const rows = [...document.querySelectorAll('[data-testid="sale-line"]')].map((r) => r.textContent).join('|');
    if (rows !== lines) { lines = rows; frame(window.__counter.lines); }
    const sale = document.querySelector('[data-testid="last-sale"]')?.textContent ?? '';
    if (sale !== last) { last = sale; frame(window.__counter.sales); }
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

interface Probe {
  enters: Array<{ t: number; where: 'dialog' | 'code' }>;
  lines: number[];
  sales: number[];
}
const readProbe = (page: Page) => page.evaluate('window.__counter') as Promise<Probe>;

async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: KEY_DELAY_MS });
  await page.keyboard.press('Enter');
}

/** Scan after scan, each waited for: Enter → the frame showing the new line. */
async function scanLatencies(page: Page, codes: string[]) {
  const latencies: number[] = [];
  for (const [i, code] of codes.entries()) {
    const before = await readProbe(page);
    await scan(page, code);
    await page.waitForFunction(`document.querySelectorAll('[data-testid="sale-line"]').length === ${(i % 20) + 1}`);
    await page.waitForFunction(`window.__counter.lines.length > ${before.lines.length}`);
    const after = await readProbe(page);
    const enter = after.enters.filter((e) => e.where === 'code').at(-1)!.t;
    latencies.push(after.lines.find((t) => t > enter)! - enter);
    if (i % 20 === 19) {
      for (let k = 0; k < 20; k++) await page.keyboard.press('Delete');
      await page.waitForFunction(`document.querySelectorAll('[data-testid="sale-line"]').length === 0`);
    }
  }
  return latencies;
}

/** A five-item cash sale at scanner speed, paid exact (F12, Enter): keys, seconds, create → ready. */
async function cashSale(page: Page, codes: string[]) {
  const salesBefore = (await readProbe(page)).sales.length;
  const started = performance.now();
  let keys = 0;
  for (const code of codes) {
    await scan(page, code);
    keys += code.length + 1;
  }
  await page.waitForFunction(`document.querySelectorAll('[data-testid="sale-line"]').length === ${codes.length}`);
  await page.keyboard.press('F12');
  await page.getByLabel('Recibido').waitFor();
  await page.keyboard.press('Enter');
  keys += 2;
  await page.waitForFunction(
    `window.__counter.sales.length > ${salesBefore} && document.querySelectorAll('[data-testid="sale-line"]').length === 0`,
  );
  const seconds = (performance.now() - started) / 1000;
  const probe = await readProbe(page);
  const confirm = probe.enters.filter((e) => e.where === 'dialog').at(-1)!.t;
  const ready = probe.sales.find((t) => t > confirm)!;
  return { keys, sellerKeys: 2, seconds, createToReadyMs: ready - confirm };
}

async function main() {
  const run = makeRunDir('bench-counter');
  try {
    console.log('Compilando servidor y web…');
    const serverEntry = buildServerBundle(run.dir);
    const webDist = buildWeb(run.dir);
    const server = await startServer(serverEntry, {
      DATABASE_URL: `sqlite:${join(run.dir, 'counter.db')}`,
      DATA_DIR: run.dir,
      UPLOAD_DIR: join(run.dir, 'uploads'),
      WEB_DIST: webDist,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The print dialog of the PDF ticket would only add Chromium's own work after "ready".
      TICKET_PDF_FALLBACK: 'false',
    });
    try {
      const login = (user: { email: string; password: string }) =>
        fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: user.password }),
        }).then((r) => json<SessionResponse>(r, 'auth/login'));
      const admin = await login(ADMIN);
      await json(
        await fetch(`${server.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
          body: JSON.stringify({ ...SELLER, role: 'Seller' }),
        }),
        'auth/register',
      );
      console.log(`Creando ${PRODUCTS.toLocaleString('es-MX')} productos…`);
      const seedSeconds = await seedCatalogue(server.url, admin.accessToken);
      const seller = await login(SELLER);

      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      });
      try {
        const context = await browser.newContext({
          // The probe's waits are page expressions, which the app's CSP (no eval) would refuse.
          bypassCSP: true,
          locale: 'es-MX',
          timezoneId: 'America/Monterrey',
          viewport: { width: 1366, height: 768 },
        });
        await context.addInitScript({
          content: `window.localStorage.setItem('mostrador.session', ${JSON.stringify(JSON.stringify(seller))});`,
        });
        await context.addInitScript({ content: PROBE });
        const page = await context.newPage();
        await page.goto(`${server.url}/vender`);
        await page.getByPlaceholder('Escanea o escribe el código').waitFor();

        // Products spread over the catalogue, each scanned once (no answer cached in the page).
        const stride = Math.max(1, Math.floor(PRODUCTS / (SCANS + SALES * 5 + 10)));
        const codes = Array.from({ length: SCANS + SALES * 5 + 10 }, (_, i) => barcodeOf((i * stride) % PRODUCTS));
        await scanLatencies(page, codes.splice(0, 10)); // warm-up: code paths, connections
        for (let k = 0; k < 10; k++) await page.keyboard.press('Delete');
        const latencies = summarize(await scanLatencies(page, codes.splice(0, SCANS)));
        const sales = [];
        for (let s = 0; s < SALES; s++) sales.push(await cashSale(page, codes.splice(0, 5)));
        const results = {
          products: PRODUCTS,
          seedSeconds,
          scans: SCANS,
          latencies,
          sales,
          keys: sales[0]!.keys,
          sellerKeys: sales[0]!.sellerKeys,
          saleSeconds: summarize(sales.map((s) => s.seconds)),
          createToReady: summarize(sales.map((s) => s.createToReadyMs)),
        };
        console.log(JSON.stringify(results, null, 2));
        if (!args['no-write']) writeCounter(join(ROOT, args.out), results);
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    run.cleanup();
  }
}

type Summary = ReturnType<typeof summarize>;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function writeCounter(
  file: string,
  r: {
    products: number;
    scans: number;
    latencies: Summary;
    keys: number;
    sellerKeys: number;
    saleSeconds: Summary;
    createToReady: Summary;
    sales: unknown[];
  },
) {
  const start = '<!-- counter:start (written by apps/server/bench/counter.ts; edits here are overwritten) -->';
  const end = '<!-- counter:end -->';
  const block = `${start}
## Counter (/vender)

Measured by \`npx tsx apps/server/bench/counter.ts\` on ${new Date().toISOString().slice(0, 10)}: the built app on SQLite
with ${r.products.toLocaleString('es-MX')} products, headless Chromium at 1366 × 768 signed in as a Seller, a
keyboard-wedge scanner played at 10 ms between keys, then Enter.

| Figure | Result |
| --- | --- |
| Five-item cash sale by scanner: keys sent | ${r.keys} (scanner: ${r.keys - r.sellerKeys}; seller: ${r.sellerKeys}, F12 and Enter) |
| Five-item cash sale: first key → ready for the next sale (median of ${r.sales.length}) | ${r.saleSeconds.p50.toFixed(2)} s |
| Scan → line on screen, ${r.scans} scans: p50 / p95 / max | ${ms(r.latencies.p50)} / ${ms(r.latencies.p95)} / ${ms(r.latencies.max)} |
| Create (Enter in 'Cobrar') → ready for the next sale: p50 / p95 | ${ms(r.createToReady.p50)} / ${ms(r.createToReady.p95)} |

The seller's keys beyond the scans are 'F12' and 'Enter' (paid exact; typing the amount received
adds its digits); items need no key beyond their scan (the same code again adds one more; \`3*\`
before a code sets the quantity). A scan is timed from the Enter keydown to the first animation
frame with the line in the page, so it includes the lookup's round trip to the server.
${end}`;
  writeBetweenMarkers(file, { start, end, block }, (current) => `${current.trimEnd()}\n\n${block}\n`);
}

await main();
