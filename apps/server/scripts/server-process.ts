// Builds and runs the real server as a child process, as production does (`node server.js`).
// Shared by the e2e global setup, the reliability tests (crash and restart) and `npm run bench`.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function runNode(args: string[], cwd: string, what: string) {
  const result = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`La compilación falló (${what}): ${args.join(' ')}`);
}

/**
 * A fresh folder inside apps/server for one run's build (`.e2e-run-<name>-…`, ignored by git).
 * The server bundle must sit inside the repository so Node finds node_modules from it.
 */
export function makeRunDir(name: string): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(ROOT, `apps/server/.e2e-run-${name}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Bundles the server (esbuild, quick) to `<dir>/server.js`. */
export function buildServerBundle(dir: string): string {
  const serverEntry = join(dir, 'server.js');
  runNode(['build.mjs', '--outfile', serverEntry], join(ROOT, 'apps/server'), 'servidor');
  return serverEntry;
}

/** The production build of the web app to `<dir>/web`. */
export function buildWeb(dir: string): string {
  const webDist = join(dir, 'web');
  runNode(
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
    join(ROOT, 'apps/web'),
    'web',
  );
  return webDist;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output(): string;
  /** SIGTERM (graceful) and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, mid-request, as in a power cut of the process. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** Defaults to a free port. */
  port?: number;
  /** How long to wait for /api/health (ms). */
  timeoutMs?: number;
  /** Extra arguments for node before the entry (e.g. `--import tsx`). */
  nodeArgs?: string[];
  /** The path that answers 200 once the server listens. */
  healthPath?: string;
}

/** Starts a built server bundle (or any Node entry) and waits until it answers. */
export async function startServer(
  serverEntry: string,
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serverEntry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let ready = false;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`El servidor terminó al arrancar:\n${output}`);
    }
    try {
      if ((await fetch(`${url}${options.healthPath ?? '/api/health'}`)).ok) {
        ready = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`El servidor no respondió a tiempo:\n${output}`);
  }
  const end = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url,
    port,
    process: child,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
