// The web API client against the real server on a real port (no mocks): 401 → one shared
// refresh → retry; no refresh token or a failed refresh → session cleared, onSessionExpired.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/helpers/app';
import { createApiClient } from './api-client';
import { createSessionStore, type KeyValueStorage } from './session-store';

let t: TestApp;
let baseURL: string;

function memoryStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

let expired = 0;
const setup = () => {
  const store = createSessionStore(memoryStorage());
  const client = createApiClient({ baseURL, store, onSessionExpired: () => expired++ });
  return { store, client };
};

async function countRefreshTokens(userId: number) {
  const row = await t.testDb.database.db
    .selectFrom('refreshTokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
});
afterAll(() => t.close());
beforeEach(() => {
  expired = 0;
});

describe('createApiClient', () => {
  it('sends the Bearer token', async () => {
    const { store, client } = setup();
    store.set(await t.sessionAs('Seller'));
    const { data } = await client.http.get('/auth/validateToken');
    expect(data.user.role).toBe('Seller');
  });

  it('renews an invalid access token once for several concurrent calls, then retries them', async () => {
    const { store, client } = setup();
    const session = await t.sessionAs('Manager');
    const before = await countRefreshTokens(session.user.id);
    store.set({ ...session, accessToken: 'token.caducado.x' });

    const answers = await Promise.all([1, 2, 3].map(() => client.http.get('/auth/validateToken')));
    expect(answers.map((a) => a.data.user.email)).toEqual(Array(3).fill('manager@prueba.mx'));
    expect(await countRefreshTokens(session.user.id)).toBe(before + 1);
    expect(store.get()?.accessToken).not.toBe('token.caducado.x');
    expect(store.get()?.refreshToken).not.toBe(session.refreshToken);
    expect(expired).toBe(0);
  });

  it('without a refresh token clears the session and reports it expired', async () => {
    const { store, client } = setup();
    const session = await t.sessionAs('Admin');
    store.set({ ...session, accessToken: 'malo', refreshToken: '' });
    await expect(client.http.get('/user/list')).rejects.toMatchObject({ response: { status: 401 } });
    expect(store.get()).toBeNull();
    expect(expired).toBe(1);
  });

  it('when the refresh fails clears the session and reports it expired', async () => {
    const { store, client } = setup();
    const session = await t.sessionAs('Admin');
    store.set({ ...session, accessToken: 'malo', refreshToken: 'revocado-o-inventado' });
    await expect(client.http.get('/user/list')).rejects.toMatchObject({ response: { status: 401 } });
    expect(store.get()).toBeNull();
    expect(expired).toBe(1);
  });

  it('passes other errors through untouched', async () => {
    const { store, client } = setup();
    store.set(await t.sessionAs('Seller'));
    await expect(client.http.get('/user/list')).rejects.toMatchObject({
      response: { status: 403, data: { error: 'FORBIDDEN' } },
    });
    expect(store.get()).not.toBeNull();
  });
});
