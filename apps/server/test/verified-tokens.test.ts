import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberingVerifier } from '../src/lib/verified-tokens.js';

describe('the verifier that remembers accepted tokens', () => {
  afterEach(() => vi.useRealTimers());
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  it('verifies a token once while it lasts, and again once its expiry has passed', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') });
    const claims = { sub: '1', exp: inAnHour() };
    const verify = vi.fn(() => claims);
    const remembered = rememberingVerifier(verify, 10);
    expect(remembered('a.b.c')).toBe(claims);
    expect(remembered('a.b.c')).toBe(claims);
    expect(verify).toHaveBeenCalledTimes(1);
    vi.setSystemTime(claims.exp * 1000);
    remembered('a.b.c');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keeps no refusal: a token refused once is verified again', () => {
    const verify = vi.fn(() => {
      throw new Error('firma inválida');
    });
    const remembered = rememberingVerifier(verify, 10);
    expect(() => remembered('x.y.z')).toThrow('firma inválida');
    expect(() => remembered('x.y.z')).toThrow('firma inválida');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keys by the whole token text and forgets the oldest past its capacity', () => {
    const verify = vi.fn((token: string) => ({ sub: token, exp: inAnHour() }));
    const remembered = rememberingVerifier(verify, 2);
    expect(remembered('t1').sub).toBe('t1');
    expect(remembered('t1x').sub).toBe('t1x');
    remembered('t2');
    remembered('t1x');
    expect(verify).toHaveBeenCalledTimes(3);
    remembered('t1');
    expect(verify).toHaveBeenCalledTimes(4);
  });

  it('does not remember a token without an expiry', () => {
    const verify = vi.fn((): { sub: string; exp?: number } => ({ sub: '1' }));
    const remembered = rememberingVerifier(verify, 10);
    remembered('a');
    remembered('a');
    expect(verify).toHaveBeenCalledTimes(2);
  });
});
