import { createHmac, timingSafeEqual } from 'node:crypto';

// A signed link that downloads one invoice's PDF or XML without a session
// (`/api/public/invoice?token=&format=pdf|xml`): what the autofactura page offers once the
// invoice is stamped, and what 'Compartir por WhatsApp' can send. The token is the invoice's id
// and its expiry (seconds), both in base 36, and 16 base64url characters of an HMAC over them
// with a key of its own derived from the server's secret: another id or a later expiry does not
// match it.

/** How long a download link works: a week, as a shared statement. */
export const INVOICE_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

export interface InvoiceLinkClaims {
  invoiceId: number;
  /** Epoch ms after which the link no longer works (kept to the second). */
  expires: number;
}

const MAC_BYTES = 12;

const linkKey = (secret: string) => createHmac('sha256', secret).update('invoice-download-links').digest();

const seconds = (ms: number) => Math.floor(ms / 1000);

function macOf(secret: string, { invoiceId, expires }: InvoiceLinkClaims): string {
  return createHmac('sha256', linkKey(secret))
    .update(`invoice-download|${invoiceId}|${seconds(expires)}`)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString('base64url');
}

export function signInvoiceToken(secret: string, claims: InvoiceLinkClaims): string {
  return `${claims.invoiceId.toString(36)}.${seconds(claims.expires).toString(36)}.${macOf(secret, claims)}`;
}

/**
 * The invoice a token opens at `now`: null when it is malformed, signed for something else or
 * expired.
 */
export function invoiceIdOfToken(secret: string, token: string, now: number): number | null {
  const match = /^([0-9a-z]{1,11})\.([0-9a-z]{1,9})\.[A-Za-z0-9_-]{16}$/.exec(token);
  if (!match) return null;
  const invoiceId = parseInt(match[1]!, 36);
  const expires = parseInt(match[2]!, 36) * 1000;
  if (!Number.isSafeInteger(invoiceId) || invoiceId <= 0) return null;
  const expected = Buffer.from(signInvoiceToken(secret, { invoiceId, expires }));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return now < expires ? invoiceId : null;
}

/** The download's path: same origin as the page that shows it. */
export const invoiceDownloadPath = (token: string, format: 'pdf' | 'xml') =>
  `/api/public/invoice?${new URLSearchParams({ token, format }).toString()}`;
