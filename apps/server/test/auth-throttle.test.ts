// Sign-in limits under concurrency and behind (or without) a proxy. The password check is the
// real scrypt, wrapped to count how many attempts reach it.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import type * as passwordModule from '../src/lib/password.js';
import { verifyPassword } from '../src/lib/password.js';
import { LOGIN_FAILURE_LIMIT } from '../src/modules/auth/auth.service.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { ensureUser } from './helpers/factories.js';

vi.mock('../src/lib/password.js', async (importOriginal) => {
  const original = await importOriginal<typeof passwordModule>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

let t: TestApp;
/** Behind a proxy named by its address, and behind one counted in hops. */
const behindProxy: Record<string, TestApp> = {};
beforeAll(async () => {
  [t, behindProxy['127.0.0.1'], behindProxy['1']] = await Promise.all([
    createTestApp(),
    createTestApp({ TRUST_PROXY: '127.0.0.1' }),
    createTestApp({ TRUST_PROXY: '1' }),
  ]);
});
afterAll(() => Promise.all([t, ...Object.values(behindProxy)].map((app) => app!.close())));
beforeEach(() => {
  vi.mocked(verifyPassword).mockClear();
});

const signIn = (
  app: TestApp,
  email: string,
  password: string,
  { remoteAddress = '127.0.0.1', forwardedFor }: { remoteAddress?: string; forwardedFor?: string } = {},
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const seller = (app: TestApp, email: string) =>
  ensureUser(app.testDb.database.db, { role: 'Seller', email, password: TEST_PASSWORD });

describe('sign-in throttling', () => {
  it('lets at most the limit of 150 concurrent wrong sign-ins reach the hash; the right password at try 120 is refused', async () => {
    await seller(t, 'rafaga@tienda.mx');
    const tries = Array.from({ length: 150 }, (_, i) =>
      signIn(t, 'rafaga@tienda.mx', i === 119 ? TEST_PASSWORD : `equivocada-${i}`, { remoteAddress: '10.9.0.1' }),
    );
    const answers = await Promise.all(tries);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - LOGIN_FAILURE_LIMIT);
    expect(statuses[119]).toBe(429);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(LOGIN_FAILURE_LIMIT);
    // 150 requests on a shared 2-core machine: a generous limit, the assertions are about counts.
  }, 120_000);

  it('does not let failures from another address lock the account for its owner', async () => {
    await seller(t, 'duena@tienda.mx');
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 5; i++) {
      await signIn(t, 'duena@tienda.mx', `adivina-${i}`, { remoteAddress: '10.9.0.66' });
    }
    expect((await signIn(t, 'duena@tienda.mx', TEST_PASSWORD, { remoteAddress: '10.9.0.66' })).statusCode).toBe(429);
    const owner = await signIn(t, 'duena@tienda.mx', TEST_PASSWORD, { remoteAddress: '10.9.0.5' });
    expect(owner.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a spoofed address does not escape the limit', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const response = await signIn(t, `nadie${i}@tienda.mx`, 'no-existe-123', {
        remoteAddress: '10.9.0.77',
        forwardedFor: `203.0.113.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const spoofed = await signIn(t, 'otro@tienda.mx', 'no-existe-123', {
      remoteAddress: '10.9.0.77',
      forwardedFor: '198.51.100.200',
    });
    expect(spoofed.statusCode).toBe(429);
  });

  it.each(['127.0.0.1', '1'])(
    'reads X-Forwarded-For from a trusted proxy (TRUST_PROXY=%s): each client has its own limits',
    async (setting) => {
      const app = behindProxy[setting]!;
      await seller(app, 'tras-proxy@tienda.mx');
      // The client's address is the one the proxy appended (the last entry), not what the client sent.
      const from = (client: string) => ({ forwardedFor: `203.0.113.${Math.floor(Math.random() * 250)}, ${client}` });
      for (let i = 0; i < LOGIN_FAILURE_LIMIT + 2; i++) {
        await signIn(app, 'tras-proxy@tienda.mx', `mala-${i}-xx`, from('192.0.2.10'));
      }
      const attacker = await signIn(app, 'tras-proxy@tienda.mx', TEST_PASSWORD, from('192.0.2.10'));
      expect(attacker.statusCode).toBe(429);
      const owner = await signIn(app, 'tras-proxy@tienda.mx', TEST_PASSWORD, from('192.0.2.11'));
      expect(owner.statusCode).toBe(200);
    },
  );

  it('gives a successful sign-in its attempt back: an address with many sign-ins is never limited', async () => {
    await seller(t, 'diaria@tienda.mx');
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 2; i++) {
      const response = await signIn(t, 'diaria@tienda.mx', TEST_PASSWORD, { remoteAddress: '10.9.0.8' });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.0/8, ::1 ,loopback', ['10.0.0.0/8', '::1', 'loopback']],
  ])('%j → %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'proxy.local', '10.0.0.0/99', '1,2'])('refuses %j with a Spanish message', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: debe ser un número de proxies/);
  });
});
