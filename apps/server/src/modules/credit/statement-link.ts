import { createHmac, timingSafeEqual } from 'node:crypto';

// A shared statement is reached without signing in: the link carries the client, the period and
// its expiry, signed with a key derived from the server's secret. Changing any of them (another
// client's id, a longer period, a later expiry) breaks the signature.

export interface StatementLinkClaims {
  clientId: number;
  from: string;
  to: string;
  /** Epoch ms after which the link no longer works. */
  expires: number;
}

/** The key is derived, so a link signature is never material for the access tokens' key. */
const linkKey = (secret: string) => createHmac('sha256', secret).update('statement-links').digest();

export function signStatementLink(secret: string, claims: StatementLinkClaims): string {
  return createHmac('sha256', linkKey(secret))
    .update(`statement|${claims.clientId}|${claims.from}|${claims.to}|${claims.expires}`)
    .digest('base64url');
}

export function hasValidSignature(secret: string, claims: StatementLinkClaims, signature: string): boolean {
  const expected = Buffer.from(signStatementLink(secret, claims));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The public web page's path (the web app reads its query and asks /api/public/statement). */
export function statementLinkPath(claims: StatementLinkClaims, signature: string): string {
  const query = new URLSearchParams({
    client: String(claims.clientId),
    from: claims.from,
    to: claims.to,
    expires: String(claims.expires),
    sig: signature,
  });
  return `/estado-de-cuenta?${query.toString()}`;
}
