// The shop's data on its PC, with the real server as a child process: the data and backup folders
// are their owner's only (0700) and the database, its WAL and every backup too (0600), from a
// first start and after a start that finds them open; `npm run restore` is refused while the
// server runs (it would lose what the server writes afterwards) and goes ahead once it stopped
// or died; a server does not start while a restore holds the database.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backup, SessionResponse } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDatabase } from '../../src/db/sqlite-lock.js';
import { buildServerBundle, makeRunDir, ROOT, type RunningServer, startServer } from '../../scripts/server-process.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/database.js';
import { reliabilityServerEnv } from './server-env.js';

const ADMIN = { email: 'admin@archivos.mx', password: 'archivos-2026-jefa' };
const modeOf = (path: string) => statSync(path).mode & 0o777;

let run: { dir: string; cleanup(): void };
let serverEntry: string;
const folders: string[] = [];

beforeAll(() => {
  run = makeRunDir('data-files');
  serverEntry = buildServerBundle(run.dir);
});
afterAll(() => {
  run?.cleanup();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A data folder as an older version, or a default umask, left it: readable by everyone. */
function openDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-datos-'));
  folders.push(dir);
  chmodSync(dir, 0o755);
  return dir;
}

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as SessionResponse).accessToken;
}

async function post<T>(server: RunningServer, token: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('the data folder', () => {
  let testDb: TestDatabase | undefined;
  afterAll(() => testDb?.drop());

  it('is made 0700 at start, whatever it was', async () => {
    const dataDir = openDataDir();
    testDb = testDialect === 'postgres' ? await createTestDatabase() : undefined;
    const url = testDb?.url ?? `sqlite:${join(dataDir, 'remisiones.db')}`;
    const server = await startServer(serverEntry, reliabilityServerEnv(url, dataDir, ADMIN));
    try {
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

// Backups and restores are the embedded database's (PostgreSQL's are pg_dump's and pg_restore's).
describe.runIf(testDialect === 'sqlite')('the embedded database, its backups and a restore', () => {
  let dataDir: string;
  let file: string;
  let backupDir: string;
  const env = () => ({ ...reliabilityServerEnv(`sqlite:${file}`, dataDir, ADMIN), BACKUP_EVERY_HOURS: '0' });
  const restore = (backup: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/scripts/restore.ts'), backup], {
      cwd: ROOT,
      env: { ...process.env, ...env() },
      encoding: 'utf8',
    });
  const replaced = () => readdirSync(dataDir).filter((name) => name.includes('.reemplazada-'));

  beforeAll(() => {
    dataDir = openDataDir();
    file = join(dataDir, 'remisiones.db');
    backupDir = join(dataDir, 'backups');
  });

  it('keeps the database, its WAL, the backup folder and every backup for their owner only', async () => {
    let server = await startServer(serverEntry, env());
    const token = await signIn(server);
    const first = await post<Backup>(server, token, '/api/backup/create');
    expect(first.status).toBe(201);
    await server.stop();
    // A first start creates them so.
    expect({
      data: modeOf(dataDir),
      database: modeOf(file),
      backups: modeOf(backupDir),
      backup: modeOf(join(backupDir, first.body.name)),
    }).toEqual({ data: 0o700, database: 0o600, backups: 0o700, backup: 0o600 });

    // What an older version left open is closed at the next start.
    chmodSync(dataDir, 0o755);
    chmodSync(file, 0o644);
    chmodSync(backupDir, 0o755);
    chmodSync(join(backupDir, first.body.name), 0o644);
    const partial = join(backupDir, `${first.body.name.replace('-manual', '-automatico')}.partial`);
    writeFileSync(partial, 'a backup cut short', { mode: 0o644 });
    server = await startServer(serverEntry, env());
    try {
      const second = await post<Backup>(server, await signIn(server), '/api/backup/create');
      expect(second.status).toBe(201);
      expect({
        data: modeOf(dataDir),
        database: modeOf(file),
        wal: modeOf(`${file}-wal`),
        shm: modeOf(`${file}-shm`),
        backups: modeOf(backupDir),
        old: modeOf(join(backupDir, first.body.name)),
        partial: modeOf(partial),
        new: modeOf(join(backupDir, second.body.name)),
      }).toEqual({
        data: 0o700,
        database: 0o600,
        wal: 0o600,
        shm: 0o600,
        backups: 0o700,
        old: 0o600,
        partial: 0o600,
        new: 0o600,
      });
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('refuses to restore while the server runs, and restores once it stopped, 0600', async () => {
    const server = await startServer(serverEntry, env());
    const token = await signIn(server);
    const backup = await post<Backup>(server, token, '/api/backup/create');
    const path = join(backupDir, backup.body.name);
    // A backup copied back from a USB stick is often readable by all: the restored file is not.
    chmodSync(path, 0o644);
    const client = await post<{ id: number }>(server, token, '/api/client/register', {
      firstName: 'Después',
      lastName: 'Del respaldo',
    });
    expect(client.status).toBe(201);

    const refused = restore(path);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `No se restauró nada: Mostrador está en marcha y usa la base de datos ${file}. ` +
        'Detén el servidor (Ctrl+C en su ventana, o detén su servicio) y vuelve a ejecutar npm run restore.',
    );
    expect(replaced()).toEqual([]);
    // The server goes on with its data.
    const after = await post<{ id: number }>(server, token, '/api/client/register', {
      firstName: 'Sigue',
      lastName: 'Sin restaurar',
    });
    expect(after.status).toBe(201);
    await server.stop();

    const restored = restore(path);
    expect([restored.status, restored.stderr]).toEqual([0, '']);
    expect(restored.stdout).toContain(`Base de datos restaurada desde ${path}.`);
    expect(modeOf(file)).toBe(0o600);
    expect(replaced().length).toBeGreaterThan(0);
    for (const name of replaced()) expect([name, modeOf(join(dataDir, name))]).toEqual([name, 0o600]);

    // What was registered after the backup is gone: the backup is what the server starts on.
    const again = await startServer(serverEntry, env());
    try {
      const list = await fetch(`${again.url}/api/client/list`, {
        headers: { authorization: `Bearer ${await signIn(again)}` },
      });
      const { clients } = (await list.json()) as { clients: Array<{ firstName: string }> };
      const names = clients.map((c) => c.firstName);
      expect(names).not.toContain('Después');
      expect(names).not.toContain('Sigue');
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('a server that died leaves no lock behind: the restore goes ahead', async () => {
    const server = await startServer(serverEntry, env());
    const backup = await post<Backup>(server, await signIn(server), '/api/backup/create');
    await server.kill();
    const restored = restore(join(backupDir, backup.body.name));
    expect([restored.status, restored.stderr]).toEqual([0, '']);
  }, 90_000);

  it('a server does not start while a restore holds the database', async () => {
    const lock = lockDatabase(file);
    try {
      await expect(startServer(serverEntry, env())).rejects.toThrow(
        `No se pudo iniciar Mostrador: la base de datos ${file} ya la usa otro proceso de Mostrador`,
      );
    } finally {
      lock.release();
    }
    const server = await startServer(serverEntry, env());
    await server.stop();
  }, 60_000);
});
