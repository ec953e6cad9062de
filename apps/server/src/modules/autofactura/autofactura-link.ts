import { createHmac, timingSafeEqual } from 'node:crypto';
import { businessDayBounds, businessDayOf } from '@mostrador/shared';

// The autofactura link printed on every ticket: `${publicUrl}/factura/<token>`, short enough for a
// small QR on 80 mm paper. The token is the receipt's id in base 36, a dot and 16 base64url
// characters of an HMAC (96 bits, with a key derived from the server's secret, as the statement
// links'). The signature covers the id and the receipt's creation instant, so it opens that
// receipt only: another id does not match it, nor does a receipt that a restored backup gave the
// same id. The token says nothing about time: the link works until the end of the sale's month,
// read from the receipt itself on every request.

/** What the signature covers: the receipt as the database holds it. */
export interface AutofacturaClaims {
  receiptId: number;
  /** The receipt's creation instant (epoch ms): fixed for good when it is written. */
  createdAt: number;
}

const MAC_BYTES = 12;

/** Derived, so a link's signature is never material for the access tokens' key or the statement links'. */
const linkKey = (secret: string) => createHmac('sha256', secret).update('autofactura-links').digest();

function macOf(secret: string, { receiptId, createdAt }: AutofacturaClaims): string {
  return createHmac('sha256', linkKey(secret))
    .update(`autofactura|${receiptId}|${createdAt}`)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString('base64url');
}

export function signAutofacturaToken(secret: string, claims: AutofacturaClaims): string {
  return `${claims.receiptId.toString(36)}.${macOf(secret, claims)}`;
}

/** The receipt a well-formed token names (not yet verified), or null. */
export function receiptIdOfToken(token: string): number | null {
  const match = /^([0-9a-z]{1,11})\.[A-Za-z0-9_-]{16}$/.exec(token);
  if (!match) return null;
  const id = parseInt(match[1]!, 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether the token is the one signed for this receipt. */
export function isTokenFor(secret: string, token: string, claims: AutofacturaClaims): boolean {
  const expected = Buffer.from(signAutofacturaToken(secret, claims));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The public page's path (the web app reads the token and asks /api/public/autofactura). */
export const autofacturaPath = (token: string) => `/factura/${token}`;

/**
 * The first instant after the link stops invoicing: midnight starting the month after the sale's
 * (Monterrey's calendar). A sale of 30/11 23:30 invoices until 30/11 23:59:59.999.
 */
export function autofacturaDeadline(saleDate: number): number {
  const [year, month] = businessDayOf(saleDate).split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return businessDayBounds(next).start;
}

export const isAutofacturaExpired = (saleDate: number, now: number) => now >= autofacturaDeadline(saleDate);
