import { join } from 'node:path';
import type { Role } from '@mostrador/shared';
import { test as base, expect } from '@playwright/test';
import { countPrints } from './support/print-counter';
import { apiAs, apiAsAccount, baseURL, ean13, Seed, unique, uniqueBarcode } from './support/seed';
import { USERS } from './support/users';

export { apiAs, apiAsAccount, ean13, expect, Seed, unique, uniqueBarcode, USERS };

/** The signed-in browser state global-setup wrote for a role. */
export const storageStateOf = (role: Role) => join(process.env.E2E_AUTH_DIR ?? '', `${role}.json`);

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
