import { z } from 'zod';
import { MAX_PASSWORD } from '../passwords.js';
import { AUTHORIZATION_KINDS } from '../enums.js';
import { idSchema, MAX_EMAIL, requiredMessage } from './common.js';

// The supervisor's authorisation at the till: a Manager or an Admin types their e-mail or user
// name and their password or their PIN on the cashier's screen, and the request that needed it
// is sent again with those credentials (`supervisor`). The server checks them (throttled like
// sign-ins), lets the request go through as the cashier's and stores who authorised what.

const LOGIN_REQUIRED = 'Escribe el correo o el nombre de usuario del supervisor.';
const SECRET_REQUIRED = 'Escribe la contraseña o el PIN del supervisor.';

/** A supervisor's credentials, sent in `supervisor` by the requests that may need them. */
export const supervisorCredentialsSchema = z.strictObject({
  /** E-mail or user name. */
  login: z
    .string({ error: requiredMessage(LOGIN_REQUIRED) })
    .trim()
    .min(1, LOGIN_REQUIRED)
    .max(MAX_EMAIL, 'El supervisor o su contraseña/PIN no son correctos.'),
  /** Password or PIN (4 to 6 digits). */
  secret: z
    .string({ error: requiredMessage(SECRET_REQUIRED) })
    .min(1, SECRET_REQUIRED)
    .max(MAX_PASSWORD, 'El supervisor o su contraseña/PIN no son correctos.'),
});
export type SupervisorCredentials = z.infer<typeof supervisorCredentialsSchema>;

/** A PIN: 4 to 6 digits. A secret of that shape is read as a PIN, anything else as a password. */
export const SUPERVISOR_PIN_PATTERN = /^\d{4,6}$/;
export const isPinShaped = (secret: string) => SUPERVISOR_PIN_PATTERN.test(secret);
export const PIN_FORMAT_MESSAGE = 'El PIN debe tener de 4 a 6 dígitos.';

/** A Manager or Admin sets their own PIN, confirming it with their password. */
export const setSupervisorPinBodySchema = z.strictObject({
  pin: z.string({ error: PIN_FORMAT_MESSAGE }).regex(SUPERVISOR_PIN_PATTERN, PIN_FORMAT_MESSAGE),
  currentPassword: z
    .string({ error: 'Escribe tu contraseña actual.' })
    .min(1, 'Escribe tu contraseña actual.')
    .max(MAX_PASSWORD, 'La contraseña actual no es correcta.'),
});
export type SetSupervisorPinBody = z.infer<typeof setSupervisorPinBodySchema>;

/** An Admin clears another user's PIN (a forgotten or shared one). */
export const clearSupervisorPinBodySchema = z.strictObject({ userId: idSchema });
export type ClearSupervisorPinBody = z.infer<typeof clearSupervisorPinBodySchema>;

/** Whether the signed-in user has a PIN set. */
export const supervisorPinStatusSchema = z.object({ hasPin: z.boolean() });
export type SupervisorPinStatus = z.infer<typeof supervisorPinStatusSchema>;

/** Who did or authorised something, as a receipt shows it. */
export const userRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

/** One authorisation stored with a receipt. */
export const receiptAuthorizationSchema = z.object({
  kind: z.enum(AUTHORIZATION_KINDS),
  /** The Manager or Admin who authorised it. */
  authorizedBy: userRefSchema,
  /** The cashier whose request it let through. */
  userId: z.number().int(),
  createdAt: z.string(),
});
export type ReceiptAuthorization = z.infer<typeof receiptAuthorizationSchema>;

/** Why a request needs a supervisor, in the 403 SUPERVISOR_REQUIRED message. */
export const SUPERVISOR_NEEDED = 'se necesita la autorización de un supervisor.';
export const SUPERVISOR_REFUSED_MESSAGE = 'El supervisor o su contraseña/PIN no son correctos.';
