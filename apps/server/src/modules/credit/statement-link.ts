import { createHmac, timingSafeEqual } from 'node:crypto';

// A shared statement is reached without signing in. The link names its row in statement_links
// (which an Admin or Manager can revoke, and which dies with its client's disablement) and is
// signed, with a key derived from the server's secret, over that row's id, client, period and
// expiry: an id guessed, or a row whose id a restored database gave to another link, does not
// match the signature.

export interface StatementLinkClaims {
  /** The link's row. */
  id: number;
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
    .update(`statement-link|${claims.id}|${claims.clientId}|${claims.from}|${claims.to}|${claims.expires}`)
    .digest('base64url');
}

export function hasValidSignature(secret: string, claims: StatementLinkClaims, signature: string): boolean {
  const expected = Buffer.from(signStatementLink(secret, claims));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The public web page's path (the web app reads its query and asks /api/public/statement). */
export function statementLinkPath(id: number, signature: string): string {
  return `/estado-de-cuenta?${new URLSearchParams({ link: String(id), sig: signature }).toString()}`;
}
