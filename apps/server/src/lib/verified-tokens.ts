/**
 * A verifier that remembers the tokens it accepted, by their exact text, until each one's own
 * `exp`: a token sent again skips the HMAC and JSON parse, and also the SHA-256 of the token that
 * fast-jwt's own cache computes as its key on every request (about as costly as the verification it saves).
 * The text itself is the key, so two tokens can never share an entry. Refusals are not kept; the
 * oldest entry goes first once `capacity` are kept.
 */
export function rememberingVerifier<Claims extends { exp?: number }>(
  verify: (token: string) => Claims,
  capacity: number,
): (token: string) => Claims {
  const verified = new Map<string, Claims>();
  return (token) => {
    const known = verified.get(token);
    if (known?.exp !== undefined && known.exp * 1000 > Date.now()) return known;
    const claims = verify(token);
    verified.delete(token);
    if (verified.size >= capacity) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  };
}
