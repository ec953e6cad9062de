import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Builds the web app and the server bundle into a folder of this run's own, so several e2e
 * runs (or a rebuild during one) never serve each other's files. The server bundle must sit
 * inside the repository so Node finds node_modules from it.
 */
export function buildForRun(): { serverEntry: string; webDist: string; cleanup(): void } {
  const runDir = mkdtempSync(join(ROOT, 'apps/server/.e2e-run-'));
  const serverEntry = join(runDir, 'server.js');
  const webDist = join(runDir, 'web');
  const run = (args: string[], cwd: string) => {
    const result = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) throw new Error(`La compilación falló: ${args.join(' ')}`);
  };
  run(
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
    join(ROOT, 'apps/web'),
  );
  run(['build.mjs', '--outfile', serverEntry], join(ROOT, 'apps/server'));
  return { serverEntry, webDist, cleanup: () => rmSync(runDir, { recursive: true, force: true }) };
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
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts a built server bundle and waits until /api/health answers. */
export async function startServer(serverEntry: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al arrancar:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) throw new Error(`El servidor no respondió a tiempo:\n${output}`);
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
