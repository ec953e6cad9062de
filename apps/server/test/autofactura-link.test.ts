import { localTimestampToEpoch } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import {
  autofacturaDeadline,
  autofacturaPath,
  isAutofacturaExpired,
  isTokenFor,
  receiptIdOfToken,
  signAutofacturaToken,
} from '../src/modules/autofactura/autofactura-link.js';
import { invoiceDownloadPath, invoiceIdOfToken, signInvoiceToken } from '../src/modules/autofactura/invoice-link.js';

// The ticket's autofactura token and the invoice's download token: what they open, what they
// refuse, and when the ticket's link stops invoicing (the end of the sale's month, Monterrey).

const SECRET = 'secreto-de-pruebas';
const local = localTimestampToEpoch;
const receipt = { receiptId: 1234, createdAt: local('2026-11-30T23:30:00') };

describe('the autofactura token', () => {
  it('is the receipt id in base 36, a dot and 16 characters of signature: short for a QR', () => {
    const token = signAutofacturaToken(SECRET, receipt);
    expect(token).toMatch(/^ya\.[A-Za-z0-9_-]{16}$/);
    expect(autofacturaPath(token)).toBe(`/factura/${token}`);
    expect(receiptIdOfToken(token)).toBe(1234);
    expect(isTokenFor(SECRET, token, receipt)).toBe(true);
    // The same receipt, the same token: a reprinted ticket carries the same link.
    expect(signAutofacturaToken(SECRET, receipt)).toBe(token);
  });

  it('refuses a tampered signature, another receipt, another secret and a receipt whose id was reused', () => {
    const token = signAutofacturaToken(SECRET, receipt);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(isTokenFor(SECRET, token.slice(0, -1) + last, receipt)).toBe(false);
    // The signature of 1234 put on 1235: the id read is 1235, its signature does not match.
    const moved = `${(1235).toString(36)}${token.slice(token.indexOf('.'))}`;
    expect(receiptIdOfToken(moved)).toBe(1235);
    expect(isTokenFor(SECRET, moved, { ...receipt, receiptId: 1235 })).toBe(false);
    expect(isTokenFor('otro-secreto', token, receipt)).toBe(false);
    // A restored backup gave id 1234 to a receipt written at another instant.
    expect(isTokenFor(SECRET, token, { ...receipt, createdAt: receipt.createdAt + 1 })).toBe(false);
  });

  it('reads no receipt out of malformed tokens', () => {
    for (const bad of [
      '',
      'ya',
      'ya.',
      'YA.abcdefghijklmnop',
      'ya.abcdefghijklmno',
      'ya.abcdefghijklmnopq',
      '0.abcdefghijklmnop',
    ]) {
      expect(receiptIdOfToken(bad)).toBeNull();
    }
  });
});

describe('the end of the sale’s month, Monterrey time', () => {
  it('a sale on 30/11 23:30 invoices until 30/11 23:59:59 and is refused from 01/12 00:00', () => {
    const sale = local('2026-11-30T23:30:00');
    // Monterrey is UTC−6 all year: 01/12 00:00 there is 06:00 UTC.
    expect(autofacturaDeadline(sale)).toBe(Date.UTC(2026, 11, 1, 6, 0, 0));
    expect(isAutofacturaExpired(sale, local('2026-11-30T23:59:59'))).toBe(false);
    expect(isAutofacturaExpired(sale, local('2026-11-30T23:59:59.999'))).toBe(false);
    expect(isAutofacturaExpired(sale, local('2026-12-01T00:00:00'))).toBe(true);
    // 30/11 23:30 in Monterrey is already 01/12 in UTC: the month is Monterrey's.
    expect(new Date(sale).toISOString()).toBe('2026-12-01T05:30:00.000Z');
  });

  it('a sale on the 1st has the whole month; December rolls into January', () => {
    expect(autofacturaDeadline(local('2026-11-01T00:00:00'))).toBe(local('2026-12-01T00:00:00'));
    expect(autofacturaDeadline(local('2026-12-15T12:00:00'))).toBe(local('2027-01-01T00:00:00'));
    expect(autofacturaDeadline(local('2028-02-29T08:00:00'))).toBe(local('2028-03-01T00:00:00'));
  });
});

describe('the invoice download token', () => {
  const expires = Date.UTC(2026, 11, 7, 12, 0, 0);

  it('opens its invoice until it expires', () => {
    const token = signInvoiceToken(SECRET, { invoiceId: 77, expires });
    expect(invoiceIdOfToken(SECRET, token, expires - 1)).toBe(77);
    expect(invoiceIdOfToken(SECRET, token, expires)).toBeNull();
    expect(invoiceDownloadPath(token, 'xml')).toBe(`/api/public/invoice?token=${token}&format=xml`);
  });

  it('refuses another invoice, a later expiry, a tampered signature and another secret', () => {
    const token = signInvoiceToken(SECRET, { invoiceId: 77, expires });
    const [, exp, mac] = token.split('.');
    expect(invoiceIdOfToken(SECRET, `${(78).toString(36)}.${exp}.${mac}`, expires - 1)).toBeNull();
    expect(
      invoiceIdOfToken(SECRET, `${(77).toString(36)}.${(expires / 1000 + 3600).toString(36)}.${mac}`, 0),
    ).toBeNull();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(invoiceIdOfToken(SECRET, token.slice(0, -1) + last, expires - 1)).toBeNull();
    expect(invoiceIdOfToken('otro-secreto', token, expires - 1)).toBeNull();
  });
});
