import { z } from 'zod';
import { ROLES } from '../permissions.js';
import { MAX_PASSWORD, passwordProblem } from '../passwords.js';
import { emailSchema, idSchema, isoDateTimeSchema, MAX_EMAIL, requiredMessage, requiredText } from './common.js';

const PASSWORD_TOO_LONG = `La contraseña admite como máximo ${MAX_PASSWORD} caracteres.`;

export const roleSchema = z.enum(ROLES, { error: 'El rol es obligatorio.' });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** A disabled user cannot sign in, and their open sessions end. */
  isEnabled: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.strictObject({
  email: z
    .string({ error: 'El correo electrónico es obligatorio.' })
    .trim()
    .toLowerCase()
    .min(1, 'El correo electrónico es obligatorio.')
    .max(MAX_EMAIL, 'Correo o contraseña incorrectos'),
  password: z
    .string({ error: 'La contraseña es obligatoria.' })
    .min(1, 'La contraseña es obligatoria.')
    .max(MAX_PASSWORD, 'Correo o contraseña incorrectos'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionResponseSchema = z.object({
  user: userSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const refreshBodySchema = z.strictObject({
  refreshToken: z.string({ error: 'El token de sesión es obligatorio.' }).min(1).max(512),
});

// Fastify hands an empty body over as null.
export const logoutBodySchema = z.strictObject({ refreshToken: z.string().max(512).optional() }).nullish();

export const validateTokenResponseSchema = z.object({ user: userSchema });

/** A new password: the rule of passwords.ts (length, not a common one); whose it is, the body or the server adds. */
function newPassword(requiredText: string) {
  return z
    .string({ error: requiredMessage(requiredText) })
    .min(1, requiredText)
    .max(MAX_PASSWORD, PASSWORD_TOO_LONG)
    .superRefine((password, ctx) => {
      const problem = password.length > 0 ? passwordProblem(password) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

export const passwordSchema = newPassword('La contraseña es obligatoria.');

/** POST /auth/register: the password may not contain the new user's name nor their e-mail's name part either. */
export const registerBodySchema = z
  .strictObject({
    name: requiredText('El nombre es obligatorio.'),
    email: emailSchema,
    password: passwordSchema,
    role: roleSchema,
  })
  .superRefine((body, ctx) => {
    // The password's own problems are already said by its field.
    if (typeof body.password !== 'string' || passwordProblem(body.password) !== null) return;
    const problem = passwordProblem(body.password, body);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;
export type RegisterInput = z.input<typeof registerBodySchema>;

export const userListResponseSchema = z.object({ users: z.array(userSchema) });

export const editUserBodySchema = z.strictObject({
  id: idSchema,
  name: requiredText('El nombre es obligatorio.').optional(),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  isEnabled: z.boolean({ error: 'Activo debe ser verdadero o falso.' }).optional(),
});
export type EditUserBody = z.infer<typeof editUserBodySchema>;
export type EditUserInput = z.input<typeof editUserBodySchema>;

/** The server also holds it to the user's name and e-mail, which these bodies do not carry. */
const newPasswordSchema = newPassword('La nueva contraseña es obligatoria.');

export const resetPasswordBodySchema = z.strictObject({ id: idSchema, newPassword: newPasswordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string({ error: requiredMessage('La contraseña actual es obligatoria.') })
    .min(1, 'La contraseña actual es obligatoria.')
    .max(MAX_PASSWORD),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
