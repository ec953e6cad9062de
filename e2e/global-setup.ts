import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLES } from '@mostrador/shared';
import { PROVIDER_URL_ENV, startFakeRealtimeProvider } from './support/fake-realtime-provider';
import { buildForRun, freePort, startServer } from './support/server';
import { SESSION_KEY, USERS } from './support/users';

/**
 * Builds the app for this run, starts the real server on a fresh SQLite database, creates one
 * user per role and writes a signed-in browser state for each (e2e/.auth/<run>/<Role>.json).
 */
export default async function globalSetup() {
  const build = buildForRun();
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-'));
  // The voice provider, faked on loopback (it idles unless the assistant spec calls it).
  const provider = await startFakeRealtimeProvider();
  process.env[PROVIDER_URL_ENV] = provider.url;
  // The shop's public address is the server's own: the browser that opens a shared link runs here.
  const port = await freePort();
  const server = await startServer(
    build.serverEntry,
    {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}`,
      DATA_DIR: dir,
      UPLOAD_DIR: join(dir, 'uploads'),
      BACKUP_DIR: join(dir, 'backups'),
      WEB_DIST: build.webDist,
      ADMIN_EMAIL: USERS.Admin.email,
      ADMIN_PASSWORD: USERS.Admin.password,
      OPENAI_API_KEY: provider.apiKey,
      REALTIME_API_BASE: provider.apiBase,
      ...extraServerEnv(),
    },
    { port },
  ).catch(async (error: unknown) => {
    await provider.stop();
    throw error;
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dir;
  // A spec that needs a server of its own (other settings, e.g. a printer) starts this same build.
  process.env.E2E_SERVER_ENTRY = build.serverEntry;
  process.env.E2E_WEB_DIST = build.webDist;

  const login = async (role: (typeof ROLES)[number]) => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: USERS[role].email, password: USERS[role].password }),
    });
    if (!response.ok) throw new Error(`No se pudo iniciar sesión como ${role}: ${await response.text()}`);
    return response.json();
  };

  const admin = await login('Admin');
  for (const role of ['Manager', 'Seller'] as const) {
    const response = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      body: JSON.stringify({ ...USERS[role], role }),
    });
    if (!response.ok) throw new Error(`No se pudo crear ${role}: ${await response.text()}`);
  }

  // The shop's day is open: the shared users each have a drawer, so cash moved by them goes through
  // their own (specs that try the drawer rules sign in as users of their own, with none).
  for (const role of ROLES) {
    const { accessToken } = await login(role);
    const response = await fetch(`${server.url}/api/cash/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ openingFloat: 0 }),
    });
    if (!response.ok) throw new Error(`No se pudo abrir la caja de ${role}: ${await response.text()}`);
  }

  const authDir = join(import.meta.dirname, '.auth', String(process.pid));
  process.env.E2E_AUTH_DIR = authDir;
  mkdirSync(authDir, { recursive: true });
  for (const role of ROLES) {
    const session = await login(role);
    const state = {
      cookies: [],
      origins: [{ origin: server.url, localStorage: [{ name: SESSION_KEY, value: JSON.stringify(session) }] }],
    };
    writeFileSync(join(authDir, `${role}.json`), JSON.stringify(state));
  }

  return async () => {
    await server.stop();
    await provider.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(authDir, { recursive: true, force: true });
    build.cleanup();
  };
}

/** Features whose outside services are faked add their server settings here (E2E_* env). */
function extraServerEnv(): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('E2E_SERVER_') && value) extra[key.slice('E2E_SERVER_'.length)] = value;
  }
  return extra;
}
