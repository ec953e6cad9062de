import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '@mostrador/shared';
import { test as base, type BrowserContextOptions, expect } from '@playwright/test';
import { countPrints } from './support/print-counter';
import { apiAs, apiAsAccount, baseURL, ean13, scaleLabel, Seed, unique, uniqueBarcode } from './support/seed';
import { SESSION_KEY, USERS } from './support/users';

export { apiAs, apiAsAccount, ean13, expect, scaleLabel, Seed, unique, uniqueBarcode, USERS };

/** The signed-in browser state global-setup wrote for a role. */
export const storageStateOf = (role: Role) => join(process.env.E2E_AUTH_DIR ?? '', `${role}.json`);

type StoredState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * `test.use({ storageState: withTokens(role, …) })`: a role's signed-in browser state with its stored
 * tokens replaced, for a test about what the app does with them on load. Read when the test starts,
 * once global-setup has signed in. Given before the first page opens: changed in a page already
 * open, the app's own check of the old tokens (still on its way) could end or renew the session
 * after the change.
 */
export const withTokens =
  (role: Role, tokens: { accessToken: string; refreshToken?: string }) =>
  // Playwright requires the fixture's first argument to be an object pattern.
  // eslint-disable-next-line no-empty-pattern
  async ({}, use: (state: StoredState) => Promise<void>) => {
    const state = JSON.parse(readFileSync(storageStateOf(role), 'utf8')) as StoredState;
    for (const origin of state.origins) {
      for (const item of origin.localStorage) {
        if (item.name === SESSION_KEY) item.value = JSON.stringify({ ...JSON.parse(item.value), ...tokens });
      }
    }
    await use(state);
  };

export const test = base.extend<{ seed: Seed }>({
  // Playwright requires the fixture's first argument to be an object pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(baseURL()),
  /**
   * Every test's page counts its print frames' prints instead of printing: a real print of a PDF in
   * headless Chromium can crash the page's renderer ('Page crashed' at the next navigation), and
   * credit receipts and counter sales print by default on a server without a printer.
   */
  page: async ({ page }, use) => {
    await countPrints(page);
    await use(page);
  },
  /** Test data through the API, signed in as Admin for this test. */
  // eslint-disable-next-line no-empty-pattern
  seed: async ({}, use) => {
    const seed = await Seed.as('Admin');
    await use(seed);
    await seed.dispose();
  },
});
