import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// One real server (built web app + API on a fresh SQLite database) for the whole run:
// see global-setup.ts. Tests create their own uniquely named data.
export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  forbidOnly: true,
  fullyParallel: false,
  workers: 2,
  // No retries, on CI either: a test that passes only on its second try is a bug to find, not to hide.
  retries: 0,
  // The per-test budget is the CI machine's, not a quiet laptop's: two workers, the server and two
  // Chromiums share two cores, and on a busy host the whole run takes three times as long (a page
  // 10 s to show, the settings flow 66 s where it takes 18 s alone). A hang still fails, at 120 s;
  // each assertion waits up to 20 s for the state it expects.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  // One folder per run (set once by the main process, inherited by its workers), so runs side by side
  // never wipe each other's traces.
  outputDir: (process.env.E2E_OUTPUT_DIR ??= join(tmpdir(), `mostrador-e2e-results-${process.pid}`)),
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'es-MX',
    timezoneId: 'America/Monterrey',
    viewport: { width: 1366, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
