import { describe, expect, it } from 'vitest';
import {
  isCommonPassword,
  MIN_PASSWORD,
  PASSWORD_HAS_OWNER,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  passwordProblem,
} from '../src/passwords.js';
import { changePasswordBodySchema, registerBodySchema, resetPasswordBodySchema } from '../src/schemas/auth.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('the password rule', () => {
  it('needs at least 10 characters', () => {
    expect(MIN_PASSWORD).toBe(10);
    expect(passwordProblem('12345678')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('tienda-ab')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('tienda-abc')).toBeNull();
    expect(PASSWORD_TOO_SHORT).toBe('La contraseña debe tener al menos 10 caracteres.');
  });

  it('refuses the bundled common passwords in any case, and one character repeated', () => {
    for (const common of ['1234567890', 'qwertyuiop', 'QwertyUiop', 'password123', 'contraseña123', 'aaaaaaaaaa']) {
      expect(passwordProblem(common), common).toBe(PASSWORD_TOO_COMMON);
    }
    expect(isCommonPassword('cebolla-morada-17')).toBe(false);
    expect(PASSWORD_TOO_COMMON).toBe('Esa contraseña es de las más usadas y fácil de adivinar; elige otra.');
  });

  it("refuses one containing the user's name, the e-mail's name part or a word of either (accents, case and signs aside)", () => {
    const owner = { name: 'María José Peña', email: 'mjpena.ventas@tienda.mx' };
    expect(passwordProblem('mjpena.ventas', owner)).toBe(PASSWORD_HAS_OWNER);
    expect(passwordProblem('soy-MARIA-2026', owner)).toBe(PASSWORD_HAS_OWNER);
    expect(passwordProblem('pena!pena!pena', owner)).toBe(PASSWORD_HAS_OWNER);
    expect(passwordProblem('clave-ventas-1', owner)).toBe(PASSWORD_HAS_OWNER);
    expect(passwordProblem('mariajosepena', owner)).toBe(PASSWORD_HAS_OWNER);
    // "José" has four letters; a shorter piece ("mj") may appear.
    expect(passwordProblem('jose-del-norte', owner)).toBe(PASSWORD_HAS_OWNER);
    expect(passwordProblem('mj-lunes-verde', owner)).toBeNull();
    expect(passwordProblem('tienda.mx-2026', owner)).toBeNull();
  });

  it('holds the bodies that set a password to it, with Spanish messages', () => {
    const user = { name: 'Rosa Garza', email: 'rosa@tienda.mx', role: 'Seller' };
    expect(messages(registerBodySchema.safeParse({ ...user, password: '12345678' }))).toEqual([
      ['password', PASSWORD_TOO_SHORT],
    ]);
    expect(messages(registerBodySchema.safeParse({ ...user, password: '1234567890' }))).toEqual([
      ['password', PASSWORD_TOO_COMMON],
    ]);
    expect(messages(registerBodySchema.safeParse({ ...user, password: 'rosa-garza-2026' }))).toEqual([
      ['password', PASSWORD_HAS_OWNER],
    ]);
    expect(registerBodySchema.safeParse({ ...user, password: 'cebolla-morada-17' }).success).toBe(true);
    expect(messages(resetPasswordBodySchema.safeParse({ id: 1, newPassword: 'aaaaaaaa' }))).toEqual([
      ['newPassword', PASSWORD_TOO_SHORT],
    ]);
    expect(messages(changePasswordBodySchema.safeParse({ currentPassword: 'x', newPassword: 'qwertyuiop' }))).toEqual([
      ['newPassword', PASSWORD_TOO_COMMON],
    ]);
    // Signing in checks none of it: an older, shorter password still signs in (loginBodySchema).
  });
});
