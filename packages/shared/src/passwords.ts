// The password rule, one for every path that sets a password (a user registered by an Admin, a
// reset by an Admin, a user's own change, the first Admin from ADMIN_PASSWORD) and for the forms
// that show its message before sending. Signing in checks none of it: a password set before the
// rule keeps working.
import { COMMON_PASSWORDS } from './common-passwords.js';
import { normalizeForSearch } from './text.js';

export const MIN_PASSWORD = 10;
export const MAX_PASSWORD = 200;

export const PASSWORD_TOO_SHORT = `La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`;
export const PASSWORD_TOO_COMMON = 'Esa contraseña es de las más usadas y fácil de adivinar; elige otra.';
export const PASSWORD_HAS_OWNER = 'La contraseña no puede contener el nombre ni el correo del usuario.';

/** Whose password it is: what it may not contain. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

/** A piece of the name or of the e-mail's name part shorter than this may appear in a password ("Ana", "jm"). */
const OWNER_PIECE_MIN = 4;

let common: ReadonlySet<string> | undefined;

/** One of the bundled common passwords (compared in lower case), or one character repeated. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n').filter(Boolean));
  const lower = password.toLowerCase();
  return common.has(lower) || /^(.)\1*$/su.test(lower);
}

/** Lower case, no accents, letters and digits only: "Ana-María" and "anamaria" read the same. */
const compact = (value: string) => normalizeForSearch(value).replace(/[^\p{L}\p{N}]/gu, '');

/** The user's name, the e-mail's name part, and each of their words, as compared. */
function ownerPieces({ email, name }: PasswordOwner): string[] {
  const local = (email ?? '').split('@')[0] ?? '';
  const words = [local, ...local.split(/[^\p{L}\p{N}]+/u), name ?? '', ...(name ?? '').split(/[^\p{L}\p{N}]+/u)];
  return words.map(compact).filter((piece) => piece.length >= OWNER_PIECE_MIN);
}

/**
 * Why a new password is refused, or null: fewer than MIN_PASSWORD characters, one of the most
 * common passwords, or containing the user's name or the name part of their e-mail (or a word of
 * either, of four letters or more).
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if ([...password].length < MIN_PASSWORD) return PASSWORD_TOO_SHORT;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  const compacted = compact(password);
  if (ownerPieces(owner).some((piece) => compacted.includes(piece))) return PASSWORD_HAS_OWNER;
  return null;
}
