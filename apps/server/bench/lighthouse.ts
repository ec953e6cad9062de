// Lighthouse's performance score, signed in, on the receipts screen (/receipts), the counter
// (/vender) and the Panel (/dashboard): the production build served by the real server bundle,
// Chromium (/usr/bin/chromium, or CHROMIUM_PATH) started by chrome-launcher, with Lighthouse's
// default mobile emulation (a mid-range phone, slow 4G and a 4× slower CPU, simulated) and its
// desktop preset (`--preset mobile|desktop` for one of them). Each page is measured
// `--runs` times (3), each in a new Chromium with an empty profile (cold cache), and the median
// is kept. `npm run bench` measures it on its SQLite data; alone, this script makes a smaller
// database of its own. Writes its section of docs/benchmarks.md between its markers.
//
//   npx tsx apps/server/bench/lighthouse.ts                     # measures and writes the section
//   npx tsx apps/server/bench/lighthouse.ts --preset desktop --no-write
//   npx tsx apps/server/bench/lighthouse.ts --runs 1 --reports /tmp/lh   # keeps each full report
//   npx tsx apps/server/bench/lighthouse.ts --max-load 2                 # waits for a quiet machine
//   npx tsx apps/server/bench/lighthouse.ts --preset mobile --pages /receipts --cpu-slowdown 5.2 \
//       --baseline /tmp/web-main --runs 6                                # A/B, alternated (see below)
//
// `--cpu-slowdown` replaces Lighthouse's 4× (throttling.cpuSlowdownMultiplier) to emulate a slower
// host: the slowdown is 4 × this host's benchmarkIndex ÷ the emulated host's (an example in docs/benchmarks.md).
// `--baseline DIR` serves an already built web (`vite build --outDir DIR` of another commit) from a
// second server, on a copy of the same database, and measures both builds in turns (B A, A B, …,
// B = this build); nothing is written then. The written figures are always at the default 4×.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { SessionResponse } from '@mostrador/shared';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  buildServerBundle,
  buildWeb,
  makeRunDir,
  ROOT,
  type RunningServer,
  startServer,
} from '../scripts/server-process.js';
import { BENCH_PASSWORD, DEFAULT_GENERATE, generate } from './generate.js';
import { summarize } from './load.js';
import { writeBetweenMarkers } from './markers.js';
import { initialJavaScript } from './web.js';

const START = '<!-- lighthouse:start (written by apps/server/bench/lighthouse.ts; edits here are overwritten) -->';
const END = '<!-- lighthouse:end -->';
export const LIGHTHOUSE_PAGES = ['/receipts', '/vender', '/dashboard'] as const;
const SCORE_BAR = 90;

export type Preset = 'mobile' | 'desktop';

export interface LighthouseRun {
  /** Performance score, 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement?: string;
  /** Lighthouse's measure of the host's CPU ("CPU/Memory Power"), which its 4× slowdown divides. */
  benchmarkIndex: number;
}

export interface LighthousePage {
  path: string;
  preset: Preset;
  runs: LighthouseRun[];
  /** The median of each figure over the runs. */
  median: LighthouseRun;
}

export interface LighthouseResults {
  startedAt: string;
  command: string;
  presets: Preset[];
  lighthouseVersion: string;
  userAgent: string;
  /** Load average (1 / 5 / 15 min) before and after: the machine may be shared. */
  loadBefore: number[];
  loadAfter: number[];
  /** What the server had to show (receipts of the data it ran on). */
  data: string;
  pages: LighthousePage[];
  /** The `--baseline` build's figures, measured in turns with `pages`. */
  baselinePages?: LighthousePage[];
  /** The build's initial JavaScript, when this run built the app itself. */
  bundle?: ReturnType<typeof initialJavaScript>;
}

const log = (line: string) => console.log(`[lighthouse] ${line}`);

interface NodeItem {
  type?: string;
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
}

interface AuditLike {
  numericValue?: number;
  details?: { items?: NodeItem[] };
}

function audit(audits: Record<string, AuditLike>, id: string) {
  return audits[id]?.numericValue ?? Number.NaN;
}

/**
 * Signs the browser in the way the app does after a login: the session in localStorage under
 * `mostrador.session`. Set on a static file of the same origin, so no page of the app runs first.
 */
async function signIn(port: number, url: string, session: SessionResponse) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${url}/favicon.svg`);
    await page.evaluate(`window.localStorage.setItem('mostrador.session', ${JSON.stringify(JSON.stringify(session))})`);
    await page.close();
  } finally {
    // Disconnects only: the Chromium belongs to chrome-launcher.
    await browser.close();
  }
}

interface Target {
  url: string;
  session: SessionResponse;
  /** Names a build in the log and the reports' file names when two are compared. */
  label?: string;
}

async function measureOnce(target: Target, path: string, preset: Preset, reportsDir?: string, cpuSlowdown?: number) {
  const { url, session } = target;
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await signIn(chrome.port, url, session);
    const result = await lighthouse(
      `${url}${path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keeps the session just stored (the profile is new, so the HTTP cache is empty anyway).
        disableStorageReset: true,
        ...(cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${path}`);
    const { lhr } = result;
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      const name = `${target.label ? `${target.label}-` : ''}${path.replace(/\W/g, '') || 'root'}-${Date.now()}.json`;
      writeFileSync(join(reportsDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    if (!finalUrl.endsWith(path)) throw new Error(`Lighthouse terminó en ${finalUrl}, no en ${path}: ¿sesión?`);
    const audits = lhr.audits as unknown as Record<string, AuditLike>;
    // Lighthouse 13 names the LCP element in its LCP breakdown insight.
    const lcpItem = audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
    const run: LighthouseRun = {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: audit(audits, 'first-contentful-paint'),
      lcpMs: audit(audits, 'largest-contentful-paint'),
      tbtMs: audit(audits, 'total-blocking-time'),
      cls: audit(audits, 'cumulative-layout-shift'),
      lcpElement: lcpItem ? `${lcpItem.snippet ?? lcpItem.selector ?? ''} (“${lcpItem.nodeLabel ?? ''}”)` : undefined,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
    return { run, version: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP): that
 * run is taken again, up to twice; any other error stops the bench.
 */
async function withRetries<T>(measure: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure();
    } catch (error) {
      const retryable = error instanceof Error && error.message.startsWith('Lighthouse: ');
      if (!retryable || attempt >= 3) throw error;
      log(`${error.message.split('\n')[0]}: otra vez`);
    }
  }
}

function medianRun(measured: LighthouseRun[]): LighthouseRun {
  const median = (pick: (r: LighthouseRun) => number) => summarize(measured.map(pick)).p50;
  const byScore = [...measured].sort((a, b) => a.score - b.score);
  return {
    score: median((r) => r.score),
    fcpMs: median((r) => r.fcpMs),
    lcpMs: median((r) => r.lcpMs),
    tbtMs: median((r) => r.tbtMs),
    cls: median((r) => r.cls),
    lcpElement: byScore[Math.floor(byScore.length / 2)]?.lcpElement,
    benchmarkIndex: median((r) => r.benchmarkIndex),
  };
}

/**
 * Lighthouse on each page `runs` times (a new Chromium each), medians per figure. With a
 * `baseline`, each run is taken on both builds, in turns (this build first on even runs).
 */
export async function measureLighthouse(options: {
  url: string;
  session: SessionResponse;
  runs?: number;
  presets?: Preset[];
  pages?: readonly string[];
  data: string;
  command: string;
  /** Keeps each run's full Lighthouse report (JSON) in this folder. */
  reportsDir?: string;
  /** Lighthouse's CPU slowdown instead of the preset's (4× on mobile). */
  cpuSlowdown?: number;
  /** Another build measured in turns with this one (its figures in `baselinePages`). */
  baseline?: Target;
}): Promise<LighthouseResults> {
  const runs = options.runs ?? 3;
  const presets = options.presets ?? ['mobile', 'desktop'];
  const startedAt = new Date().toISOString();
  const loadBefore = loadavg();
  const pages: LighthousePage[] = [];
  const baselinePages: LighthousePage[] = [];
  const self: Target = { url: options.url, session: options.session, label: options.baseline ? 'this' : undefined };
  let version = '';
  let userAgent = '';
  for (const preset of presets) {
    for (const path of options.pages ?? LIGHTHOUSE_PAGES) {
      const measured = new Map<Target, LighthouseRun[]>([[self, []]]);
      if (options.baseline) measured.set(options.baseline, []);
      for (let i = 0; i < runs; i++) {
        const order = options.baseline ? (i % 2 === 0 ? [self, options.baseline] : [options.baseline, self]) : [self];
        for (const target of order) {
          const {
            run,
            version: v,
            userAgent: ua,
          } = await withRetries(() => measureOnce(target, path, preset, options.reportsDir, options.cpuSlowdown));
          version = v;
          userAgent = ua;
          log(
            `${target.label ? `${target.label} ` : ''}${preset} ${path} #${i + 1}: ${run.score} (LCP ${run.lcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}; carga ${loadavg()[0]!.toFixed(2)})`,
          );
          measured.get(target)!.push(run);
        }
      }
      const own = measured.get(self)!;
      pages.push({ path, preset, runs: own, median: medianRun(own) });
      if (options.baseline) {
        const base = measured.get(options.baseline)!;
        baselinePages.push({ path, preset, runs: base, median: medianRun(base) });
      }
    }
  }
  return {
    startedAt,
    command: options.command,
    presets,
    lighthouseVersion: version,
    userAgent,
    loadBefore,
    loadAfter: loadavg(),
    data: options.data,
    pages,
    ...(options.baseline ? { baselinePages } : {}),
  };
}

const n = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
const seconds = (ms: number) => `${n(ms / 1000, 2)} s`;

const PRESETS: Record<Preset, string> = {
  mobile:
    'mobile: the default emulation (Moto G Power screen, slow 4G: 150 ms RTT and 1.6 Mbit/s, 4× CPU slowdown; simulated)',
  desktop: 'desktop: the desktop preset (1350 × 940, 40 ms RTT, 10 Mbit/s, no CPU slowdown; simulated)',
};

export function renderLighthouse(r: LighthouseResults): string {
  const chromeVersion = /Chrome\/([\d.]+)/.exec(r.userAgent)?.[1] ?? 'desconocido';
  const lines = [
    START,
    '',
    `Run of ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC: \`${r.command}\`. Lighthouse ${r.lighthouseVersion}, ` +
      `Chromium ${chromeVersion} headless (\`--no-sandbox --disable-gpu\`), signed in as an Admin, a new profile per run (cold cache), ` +
      `the production build served by the server bundle over loopback. Data: ${r.data}. ` +
      `Median of ${r.pages[0]?.runs.length ?? 0} runs per screen and preset. ` +
      `Load average (1 / 5 / 15 min) before / after: ${r.loadBefore.map((v) => v.toFixed(2)).join(' / ')}; ` +
      `${r.loadAfter.map((v) => v.toFixed(2)).join(' / ')}.`,
    '',
    ...r.presets.map((preset) => `- ${PRESETS[preset]}`),
    '',
    hostCpu(r),
    '',
    '| Screen | Preset | Performance | FCP | LCP | TBT | CLS | Runs (score) | Meta |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...r.pages.map((p) =>
      row([
        `\`${p.path}\``,
        p.preset,
        `**${n(p.median.score)}** ${p.median.score >= SCORE_BAR ? '✅' : '❌'}`,
        seconds(p.median.fcpMs),
        seconds(p.median.lcpMs),
        `${n(p.median.tbtMs)} ms`,
        n(p.median.cls, 3),
        p.runs.map((run) => run.score).join(', '),
        `≥ ${SCORE_BAR}`,
      ]),
    ),
    ...(r.bundle
      ? [
          '',
          `Initial JavaScript of this build: **${n(r.bundle.gzip / 1024, 1)} KB gzip** (${n(r.bundle.bytes / 1024, 1)} KB raw) ` +
            `in ${r.bundle.files.length} files (index.html's scripts and their static imports) ` +
            `${r.bundle.gzip <= 250 * 1024 ? '✅' : '❌'} (meta ≤ 250 KB).`,
        ]
      : []),
    '',
    'LCP element (median run):',
    '',
    ...r.pages.map((p) => `- \`${p.path}\` ${p.preset}: \`${(p.median.lcpElement ?? '–').replace(/`/g, "'")}\``),
    '',
    END,
  ];
  return lines.join('\n');
}

/**
 * The host's benchmarkIndex next to what Lighthouse's docs (docs/throttling.md) expect: its 4×
 * slowdown is meant to take a high-end desktop (1,500–2,000) to a mid-tier phone; on a slower host
 * the same 4× emulates a slower phone.
 */
function hostCpu(r: LighthouseResults): string {
  const index = summarize(r.pages.flatMap((p) => p.runs.map((run) => run.benchmarkIndex))).p50;
  return (
    `Host CPU, Lighthouse's benchmarkIndex (median of every run): **${n(index)}**. Lighthouse's 4× CPU slowdown ` +
    `assumes a high-end desktop host (1,500–2,000) and aims at a mid-tier phone; on this host it emulates a ` +
    `device of about ${n(index / 4)} (Lighthouse's table: Moto G4-class phones 125–800; DevTools' CPU ` +
    `calibration takes 1,000 for a mid-tier phone, a Pixel 5, and 264 for a low-tier one).`
  );
}

function row(cells: string[]) {
  return `| ${cells.join(' | ')} |`;
}

export function writeLighthouse(file: string, r: LighthouseResults) {
  const block = renderLighthouse(r);
  writeBetweenMarkers(
    file,
    { start: START, end: END, block },
    (current) => `${current.trimEnd()}\n\n## Lighthouse\n\n${block}\n`,
  );
}

/** Waits (up to an hour) until the 1-minute load average is under `max`. */
async function waitForQuietMachine(max: number) {
  const deadline = Date.now() + 60 * 60_000;
  while (loadavg()[0]! >= max && Date.now() < deadline) {
    log(`carga ${loadavg()[0]!.toFixed(2)} ≥ ${max}: esperando…`);
    await new Promise((done) => setTimeout(done, 15_000));
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      preset: { type: 'string', default: 'both' },
      runs: { type: 'string', default: '3' },
      receipts: { type: 'string', default: '100000' },
      reports: { type: 'string' },
      'max-load': { type: 'string' },
      'no-write': { type: 'boolean', default: false },
      out: { type: 'string', default: 'docs/benchmarks.md' },
      pages: { type: 'string' },
      'cpu-slowdown': { type: 'string' },
      baseline: { type: 'string' },
    },
  });
  const pages = args.pages?.split(',');
  const cpuSlowdown = args['cpu-slowdown'] === undefined ? undefined : Number(args['cpu-slowdown']);
  // Figures at another slowdown, of some pages or next to another build are not the bench's.
  const write = !args['no-write'] && !pages && cpuSlowdown === undefined && !args.baseline;
  const presets: Preset[] =
    args.preset === 'both' ? ['mobile', 'desktop'] : [args.preset === 'desktop' ? 'desktop' : 'mobile'];
  const receipts = Number(args.receipts);
  const run = makeRunDir('lighthouse');
  try {
    log('compilando el servidor y la web…');
    const serverEntry = buildServerBundle(run.dir);
    const webDist = buildWeb(run.dir);
    const db = `sqlite:${join(run.dir, 'bench.db')}`;
    log(`generando ${n(receipts)} remisiones…`);
    const summary = await generate({ ...DEFAULT_GENERATE, db, receipts, log: () => undefined });
    const serve = (dir: string, dist: string) =>
      startServer(serverEntry, {
        DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
        DATA_DIR: dir,
        UPLOAD_DIR: join(dir, 'uploads'),
        WEB_DIST: dist,
        JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
        LOG_LEVEL: 'warn',
      });
    let baseline: { server: RunningServer; label: string } | undefined;
    if (args.baseline) {
      // The same data for the other build: a copy of the database (closed by `generate`).
      const dir = join(run.dir, 'baseline');
      mkdirSync(dir);
      copyFileSync(join(run.dir, 'bench.db'), join(dir, 'bench.db'));
      baseline = { server: await serve(dir, resolve(args.baseline)), label: 'baseline' };
    }
    const server = await serve(run.dir, webDist);
    try {
      const signIn = async (url: string) => {
        const response = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@bench.mx', password: BENCH_PASSWORD }),
        });
        if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
        return (await response.json()) as SessionResponse;
      };
      const session = await signIn(server.url);
      if (args['max-load'] !== undefined) await waitForQuietMachine(Number(args['max-load']));
      const results = await measureLighthouse({
        url: server.url,
        session,
        presets,
        pages,
        cpuSlowdown,
        baseline: baseline && {
          url: baseline.server.url,
          session: await signIn(baseline.server.url),
          label: baseline.label,
        },
        runs: Number(args.runs),
        data: `SQLite, ${n(receipts)} receipts over three years (${n(summary.products)} products), today's first page of the list`,
        reportsDir: args.reports ? resolve(args.reports) : undefined,
        command: `npx tsx apps/server/bench/lighthouse.ts ${process.argv.slice(2).join(' ')}`.trim(),
      });
      results.bundle = initialJavaScript(webDist);
      log(`JavaScript inicial: ${n(results.bundle.gzip / 1024, 1)} KB gzip`);
      const report = (label: string, measured: LighthousePage[]) => {
        for (const page of measured) {
          const { score, tbtMs } = page.median;
          const each = page.runs.map((r) => `${r.score}/${r.tbtMs.toFixed(0)}`).join(', ');
          log(`${label}${page.preset} ${page.path}: ${score}, TBT ${tbtMs.toFixed(0)} ms (runs score/TBT: ${each})`);
        }
      };
      report(results.baselinePages ? 'this ' : '', results.pages);
      if (results.baselinePages) report('baseline ', results.baselinePages);
      if (write) {
        writeLighthouse(resolve(ROOT, args.out), results);
        log(`escrito ${args.out}`);
      }
    } finally {
      await server.stop();
      await baseline?.server.stop();
    }
  } finally {
    run.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
