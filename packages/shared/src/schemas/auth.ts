import { z } from 'zod';
import { ROLES } from '../permissions.js';
import { emailSchema, idSchema, isoDateTimeSchema, MAX_EMAIL, requiredMessage, requiredText } from './common.js';

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 200;

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

export const passwordSchema = z
  .string({ error: requiredMessage('La contraseña es obligatoria.') })
  .min(1, 'La contraseña es obligatoria.')
  .min(MIN_PASSWORD, `La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`)
  .max(MAX_PASSWORD);

export const registerBodySchema = z.strictObject({
  name: requiredText('El nombre es obligatorio.'),
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema,
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

const newPasswordSchema = z
  .string({ error: requiredMessage('La nueva contraseña es obligatoria.') })
  .min(1, 'La nueva contraseña es obligatoria.')
  .min(MIN_PASSWORD, `La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`)
  .max(MAX_PASSWORD);

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
