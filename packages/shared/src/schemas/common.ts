import { z } from 'zod';
import spanish from 'zod/v4/locales/es.js';
import { hasAtMostTwoDecimals, pesosToCents } from '../money.js';
import { hasAtMostThreeDecimals, parseQuantityInput, QUANTITY_DECIMALS_MESSAGE, toMilli } from '../quantities.js';

// Default zod messages in Spanish; our own schemas give their specific texts. A text's length
// limit reads the same for every field, so it is said once here (the server puts the field's name
// in front of any message that comes from this configuration rather than from a schema).
z.config(spanish());
z.config({
  customError: (issue) =>
    issue.code === 'too_big' && issue.origin === 'string' ? `Máximo ${issue.maximum} caracteres.` : undefined,
});

export const MAX_NAME = 120;
export const MAX_EMAIL = 254;
export const MAX_TEXT = 500;
export const MAX_ID = 2_147_483_647;

/** A positive integer id, from JSON or from a path/query string. */
/**
 * A positive integer id: a JSON number, or digits (a path, query or form field). Booleans and
 * arrays are not ids (plain coercion would turn `true` or `[1]` into 1).
 */
export const idSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'El ID debe ser un número positivo' })
    .int('El ID debe ser un número positivo')
    .positive('El ID debe ser un número positivo')
    .max(MAX_ID, 'El ID debe ser un número positivo'),
);

export const idParamsSchema = z.strictObject({ id: idSchema });

export const CONTROL_CHARACTERS = 'No se permiten caracteres de control.';
// Control characters have no place in names or codes (PostgreSQL even refuses NUL in text,
// which would otherwise surface as a server error); multi-line text may keep tabs and line breaks.
const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

/** For a text refinement: true when `text` has no control characters (but tabs and line breaks if multi-line). */
export const hasNoControlCharacters =
  ({ multiline = false } = {}) =>
  (text: string) =>
    !(multiline ? CONTROL_BUT_LINES : ANY_CONTROL).test(text);

/**
 * A field's "is required" message, for a missing or mistyped value only: the checks that follow
 * keep their own messages, or the configured ones above (a bare `{ error: message }` would answer
 * every problem of the value with it, "El nombre es obligatorio." for a name too long).
 */
export const requiredMessage = (message: string) => (issue: { code: string }) =>
  issue.code === 'invalid_type' ? message : undefined;

/** Required text, trimmed; `message` names the field ("El nombre es obligatorio."). */
export function requiredText(message: string, max = MAX_NAME) {
  return z
    .string({ error: requiredMessage(message) })
    .trim()
    .min(1, message)
    .max(max)
    .refine(hasNoControlCharacters(), CONTROL_CHARACTERS);
}

/** Optional text: missing, null or blank become null. */
export function optionalText(max = MAX_TEXT, { multiline = false } = {}) {
  return z
    .string()
    .trim()
    .max(max)
    .refine(hasNoControlCharacters({ multiline }), CONTROL_CHARACTERS)
    .nullish()
    .transform((v) => (v ? v : null));
}

export const emailSchema = z
  .string({ error: requiredMessage('El correo electrónico es obligatorio.') })
  .trim()
  .toLowerCase()
  .min(1, 'El correo electrónico es obligatorio.')
  .max(MAX_EMAIL)
  .pipe(z.email('Correo electrónico inválido.'));

/**
 * Pesos on the wire: at most two decimals, bounded. The bound is said first: 1e308 is too large,
 * not a matter of decimals.
 */
export const pesosSchema = z
  .number({ error: 'El monto debe ser un número.' })
  .finite()
  .refine((v) => Math.abs(v) <= 10_000_000, 'El monto es demasiado grande.')
  .refine(hasAtMostTwoDecimals, 'El monto admite como máximo dos decimales.');

/**
 * Pesos of at least one centavo. Checked on the centavos the amount becomes: two decimals are
 * read with a tolerance for binary noise (0.1 + 0.2), so 1e-9 passes that check and would be
 * stored as $0.00.
 */
export function positivePesos(message: string) {
  return pesosSchema.refine((v) => pesosToCents(v) > 0, message);
}

/** A quantity of at least one thousandth, on the thousandths it becomes (1e-10 would be stored as 0). */
export const isPositiveQuantity = (quantity: number) => toMilli(quantity) > 0;

/** What kind of failure an error answer reports: for programs (the message is for people). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  /** A supervisor (a Manager or an Admin) must authorise this (a Seller's return over their limit). */
  'SUPERVISOR_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  /** Cash can't move with no drawer open (CASH_REQUIRES_SHIFT): open one first. */
  'SHIFT_REQUIRED',
  /** Cash moved by someone without a drawer while others are open: name one (shiftId). */
  'DRAWER_REQUIRED',
  /** Another request with the same Idempotency-Key is still at work: send the same request again. */
  'IN_PROGRESS',
  /** What the request names is gone for good (a revoked shared link, a disabled client's link). */
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** The request needs a supervisor's authorisation: send it again with `supervisor` (a Manager's or Admin's credentials). */
  'SUPERVISOR_REQUIRED',
  /** The supervisor's credentials were wrong, or not a Manager's or Admin's (enabled). */
  'SUPERVISOR_REFUSED',
  'BAD_GATEWAY',
  /** The voice provider does not have the configured REALTIME_MODEL (any more). */
  'REALTIME_MODEL_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
  'SERVICE_UNAVAILABLE',
  /** Invoicing has no PAC configured (PAC_URL, PAC_USER, PAC_PASSWORD): INVOICE_MESSAGES.notConfiguredHelp says how. */
  'INVOICING_NOT_CONFIGURED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer of the API. */
export const errorResponseSchema = z.object({
  message: z.string().meta({ description: 'Qué pasó, en español, para mostrarlo tal cual.' }),
  error: z.enum(ERROR_CODES),
  requestId: z.string().meta({
    description: 'La solicitud, como aparece en la cabecera X-Request-Id y en el registro del servidor.',
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** ISO-8601 UTC instant as sent in responses. */
export const isoDateTimeSchema = z.string();

/**
 * A decimal number from JSON or from a form field: strings are read in decimal notation only
 * (parseQuantityInput; a leading '-' too when `signed`), a blank one is missing. Anything else
 * keeps its type and fails with `message`; more than three decimals fail with `decimalsMessage`.
 */
export function decimalField(message: string, decimalsMessage = QUANTITY_DECIMALS_MESSAGE, { signed = false } = {}) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      if (trimmed === '') return undefined;
      const negative = signed && trimmed.startsWith('-');
      const magnitude = parseQuantityInput(negative ? trimmed.slice(1) : trimmed);
      if (magnitude === null) return value;
      return negative ? -magnitude : magnitude;
    },
    z.number({ error: message }).finite(message).refine(hasAtMostThreeDecimals, decimalsMessage),
  );
}
