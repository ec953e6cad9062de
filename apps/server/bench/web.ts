// The web app's figures: initial JavaScript (gzip) of the production bundle, and how long the
// receipts screen takes to show a busy day in headless Chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { businessDayBounds, type SessionResponse } from '@mostrador/shared';
import { chromium } from 'playwright-core';
import { summarize } from './load.js';

export interface BundleFile {
  file: string;
  bytes: number;
  gzip: number;
}

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

/**
 * Every script index.html loads (the entry and its modulepreloads, named by its inline loader)
 * and every module they import statically, gzip -9 each. The page chunks the loader asks for
 * are the screen's code, not counted here.
 */
export function initialJavaScript(webDist: string): { files: BundleFile[]; bytes: number; gzip: number } {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  // index.html's inline loader names the entry and its modulepreloads (apps/web/vite.config.ts).
  const loader = /var d=document,f=(\{.*?\}),started=/.exec(html)?.[1];
  const loaded = loader ? (JSON.parse(loader) as { entry: string; preloads: string[] }) : null;
  const queue = [
    ...(loaded ? [loaded.entry, ...loaded.preloads] : []),
    ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
  ].map((src) => src.replace(/^\//, ''));
  const seen = new Set<string>();
  const files: BundleFile[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const content = readFileSync(join(webDist, file));
    files.push({ file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length });
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    for (const match of content.toString('utf8').matchAll(STATIC_IMPORT)) {
      const target = match[1]!;
      if (target.startsWith('./')) queue.push(dir + target.slice(2));
      else if (target.startsWith('/')) queue.push(target.slice(1));
    }
  }
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/**
 * The browser globals the page functions use (this file is type-checked without the DOM
 * library). Page functions are sent to the browser as source, so the cast is written inline.
 */
interface PageGlobals {
  document: { querySelector(selector: string): { textContent: string | null } | null };
}

export interface ScreenTiming {
  /** From navigation to the first receipt cards on screen (the screen is usable). */
  usableMs: number;
  /** From navigation to every receipt of the range loaded and counted. */
  completeMs: number;
  /** Receipts the screen counted (the day plus Pending receipts of any date). */
  count: number;
  runs: Array<{ usableMs: number; completeMs: number }>;
}

/**
 * Opens /receipts signed in, in a fresh browser context per run (empty HTTP cache), with the
 * browser's clock on `day` at noon so the screen's default range (that day, pending included)
 * is the busy day.
 */
export async function receiptsScreenTiming(options: {
  url: string;
  session: SessionResponse;
  day: string;
  runs: number;
}): Promise<ScreenTiming> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const noon = businessDayBounds(options.day).start + 12 * 3600_000;
  const runs: Array<{ usableMs: number; completeMs: number }> = [];
  let count = 0;
  try {
    // One warm-up run (server caches, Chromium's own start-up), then the measured ones.
    for (let run = 0; run <= options.runs; run++) {
      const context = await browser.newContext({
        locale: 'es-MX',
        timezoneId: 'America/Monterrey',
        viewport: { width: 1366, height: 900 },
      });
      // Browser code as strings: this file is type-checked without the DOM library.
      await context.addInitScript({
        content: `window.localStorage.setItem('mostrador.session', ${JSON.stringify(JSON.stringify(options.session))});`,
      });
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date(noon));
      const started = performance.now();
      await page.goto(`${options.url}/receipts`, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="receipt-card"]') !== null,
        null,
        {
          polling: 'raf',
          timeout: 60_000,
        },
      );
      const usableMs = performance.now() - started;
      const counted = await page.waitForFunction(
        () => {
          const text =
            (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="result-count"]')
              ?.textContent ?? '';
          return /^[\d,]+ remisi/.test(text) ? text : null;
        },
        null,
        { polling: 'raf', timeout: 120_000 },
      );
      const completeMs = performance.now() - started;
      count = Number(String(await counted.jsonValue()).replace(/[^\d]/g, ''));
      if (run > 0) runs.push({ usableMs, completeMs });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    usableMs: summarize(runs.map((r) => r.usableMs)).p50,
    completeMs: summarize(runs.map((r) => r.completeMs)).p50,
    count,
    runs,
  };
}
