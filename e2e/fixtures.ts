import { join } from 'node:path';
import type { Role } from '@mostrador/shared';
import { test as base, expect, type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { USERS } from './support/users';

export { expect };
export { USERS };

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright (global-setup starts the server).');
  return url;
};

/** The signed-in browser state global-setup wrote for a role. */
export const storageStateOf = (role: Role) => join(process.env.E2E_AUTH_DIR ?? '', `${role}.json`);

/** An API client signed in as that role, for seeding data straight through the real API. */
export async function apiAs(role: Role): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL: baseURL() });
  const response = await anonymous.post('/api/auth/login', {
    data: { email: USERS[role].email, password: USERS[role].password },
  });
  const { accessToken } = (await response.json()) as { accessToken: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { authorization: `Bearer ${accessToken}` },
  });
}

/** A short unique suffix so tests running side by side never share data. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const test = base.extend({
  // Playwright requires the fixture's first argument to be an object pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(baseURL()),
});
