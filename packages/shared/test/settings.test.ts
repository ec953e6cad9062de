import { describe, expect, it } from 'vitest';
import { creditDueDay } from '../src/credit.js';
import { localTimestampToEpoch } from '../src/dates.js';
import { updateShopSettingsBodySchema } from '../src/schemas/settings.js';
import {
  isRfc,
  normalizePublicUrl,
  PUBLIC_URL_LOOPBACK,
  PUBLIC_URL_MESSAGE,
  publicLink,
  publicUrlProblem,
} from '../src/settings.js';

describe('the RFC', () => {
  it('is 3 letters (a company) or 4 (a person), a date YYMMDD and a 3-character homoclave', () => {
    expect(['XAXX010101000', 'GUEA800101AB1', 'FET010101AB1', 'ÑAÑ991231Z9Z', 'A&B010101AB1'].map(isRfc)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    // Too short, too long, a month 13, a day 32, lower case (the contract upper-cases first).
    expect(['ABC12345', 'GUEAX800101AB1', 'GUEA801301AB1', 'GUEA800132AB1', 'guea800101ab1'].map(isRfc)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(updateShopSettingsBodySchema.parse({ rfc: ' gue-a 800101 ab1 ' }).rfc).toBe('GUEA800101AB1');
    expect(updateShopSettingsBodySchema.parse({ rfc: '' }).rfc).toBe('');
  });
});

describe('the public address', () => {
  it('is http(s) with a host, no query, and not this machine unless the environment says so on purpose', () => {
    expect(publicUrlProblem('https://mitienda.mx')).toBeNull();
    expect(publicUrlProblem('http://192.168.1.20:3000')).toBeNull();
    expect(publicUrlProblem('mitienda.mx')).toBe(PUBLIC_URL_MESSAGE);
    expect(publicUrlProblem('ftp://mitienda.mx')).toBe(PUBLIC_URL_MESSAGE);
    expect(publicUrlProblem('https://mitienda.mx/?x=1')).toBe(PUBLIC_URL_MESSAGE);
    expect(publicUrlProblem('https://yo:clave@mitienda.mx')).toBe(PUBLIC_URL_MESSAGE);
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:3902',
      'http://[::1]:3000',
      'http://caja.localhost',
    ])
      expect(publicUrlProblem(local)).toBe(PUBLIC_URL_LOOPBACK);
    expect(publicUrlProblem('http://127.0.0.1:3902', { allowLoopback: true })).toBeNull();
  });

  it('is stored without a trailing slash, and a link is the address and the path', () => {
    expect(normalizePublicUrl(' https://mitienda.mx/tienda/ ')).toBe('https://mitienda.mx/tienda');
    expect(publicLink('https://mitienda.mx/', '/estado-de-cuenta?link=1')).toBe(
      'https://mitienda.mx/estado-de-cuenta?link=1',
    );
    expect(updateShopSettingsBodySchema.parse({ publicUrl: '  ' }).publicUrl).toBeNull();
  });
});

describe('a credit sale’s due day', () => {
  it('is the sale’s Monterrey day plus the plazo', () => {
    expect(creditDueDay(localTimestampToEpoch('2026-11-21T10:00:00'), 15)).toBe('06/12/2026');
    // Late at night in Monterrey is already the next day in UTC: the Monterrey day counts.
    expect(creditDueDay(localTimestampToEpoch('2026-12-31T23:30:00'), 0)).toBe('31/12/2026');
    expect(creditDueDay(localTimestampToEpoch('2026-12-31T23:30:00'), 1)).toBe('01/01/2027');
  });
});
