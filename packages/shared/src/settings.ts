// The shop's settings rules both sides need: the RFC's shape and the public address shared links
// use. The server's configuration (the environment's first-start defaults) holds PUBLIC_URL to
// the same rule as the settings screen.

/**
 * The Mexican RFC: 3 letters (a company, 12 characters) or 4 (a person, 13), the date as YYMMDD
 * and a 3-character homoclave. Checked after trimming and upper-casing.
 */
const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{3})$/;

export const RFC_MESSAGE =
  'El RFC debe tener 12 o 13 caracteres: 3 o 4 letras, la fecha (AAMMDD) y 3 de homoclave, por ejemplo XAXX010101000.';

export function isRfc(text: string): boolean {
  const match = RFC_PATTERN.exec(text);
  if (!match) return false;
  const month = Number(match[3]);
  const day = Number(match[4]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

export const PUBLIC_URL_MESSAGE =
  'La dirección pública debe empezar con https:// o http:// y ser la del negocio en internet, por ejemplo https://mitienda.mx.';
export const PUBLIC_URL_LOOPBACK =
  'La dirección pública no puede ser localhost ni 127.0.0.1: el teléfono del cliente no la abre. Escribe la dirección con la que se entra al sistema desde fuera.';

const LOOPBACK_HOSTS = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * Why `text` is not a usable public address, or null when it is: http(s), a host, no user or
 * password, no query or fragment, and (unless `allowLoopback`) not this machine's own loopback,
 * which a phone can't open. The environment's PUBLIC_URL may name the loopback on purpose (a
 * test machine, where the browser runs beside the server); the settings screen may not.
 */
export function publicUrlProblem(text: string, { allowLoopback = false } = {}): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return PUBLIC_URL_MESSAGE;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return PUBLIC_URL_MESSAGE;
  if (!url.hostname || url.username || url.password || url.search || url.hash) return PUBLIC_URL_MESSAGE;
  if (!allowLoopback && LOOPBACK_HOSTS.test(url.hostname)) return PUBLIC_URL_LOOPBACK;
  return null;
}

/** The address as stored: no trailing slash, so `${publicUrl}${path}` is one slash. */
export function normalizePublicUrl(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

/** A link's absolute address: the shop's public address and the path on this server. */
export function publicLink(publicUrl: string, path: string): string {
  return `${normalizePublicUrl(publicUrl)}${path.startsWith('/') ? path : `/${path}`}`;
}
