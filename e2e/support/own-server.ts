import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, request } from '@playwright/test';
import { Seed } from './seed';
import { type RunningServer, startServer } from './server';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * A server of a spec's own: the built app on a fresh SQLite database in a temporary folder, its
 * first Admin `admin`, with `env` on top (a printer, the shop's rules…), so what the spec changes is
 * seen by no other spec. `stop` ends it and removes the folder.
 */
export async function startOwnServer(name: string, admin: Credentials, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), `mostrador-e2e-${name}-`));
  let server: RunningServer;
  try {
    server = await startServer(process.env.E2E_SERVER_ENTRY ?? '', {
      DATABASE_URL: `sqlite:${join(dir, `${name}.db`)}`,
      DATA_DIR: dir,
      UPLOAD_DIR: join(dir, 'uploads'),
      BACKUP_DIR: join(dir, 'backups'),
      WEB_DIST: process.env.E2E_WEB_DIST ?? '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...env,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    /** Test data through this server's API, signed in as `who`. */
    async seedAs(who: Credentials = admin): Promise<Seed> {
      const anonymous = await request.newContext({ baseURL: server.url });
      const login = await anonymous.post('/api/auth/login', { data: { email: who.email, password: who.password } });
      const { accessToken } = (await login.json()) as { accessToken: string };
      await anonymous.dispose();
      return new Seed(
        await request.newContext({ baseURL: server.url, extraHTTPHeaders: { authorization: `Bearer ${accessToken}` } }),
      );
    },
    /** Signs in through this server's login screen. */
    async signIn(page: Page, who: Credentials = admin) {
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Correo electrónico').fill(who.email);
      await page.getByLabel('Contraseña').fill(who.password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect(page).not.toHaveURL(/\/login$/);
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type OwnServer = Awaited<ReturnType<typeof startOwnServer>>;
