import { z } from 'zod';
import { idSchema, isoDateTimeSchema, MAX_EMAIL, MAX_NAME, MAX_TEXT, optionalText, requiredText } from './common.js';
import { creditDaysSchema, creditLimitSchema } from './credit.js';
import { receiptSchema } from './receipts.js';
import { checkClientFiscal, clientFiscalInputFields, clientFiscalOutputFields } from './taxes.js';

// The clients contract: what the client endpoints take and answer.

export const MAX_PHONE = 40;

export const CLIENT_FIRST_NAME_REQUIRED = 'El nombre es obligatorio.';
export const CLIENT_LAST_NAME_REQUIRED = 'El apellido es obligatorio.';
export const INVALID_EMAIL = 'Correo electrónico inválido.';

/** A client as the API returns it. `lastName` may be null on records older than the required last name. */
export const clientSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  /** Disabled clients leave the list and the receipt form but keep their history. */
  isEnabled: z.boolean(),
  createdAt: isoDateTimeSchema,
  /** Plazo: days a credit sale has before it is overdue. */
  creditDays: z.number().int(),
  // The credit figures below are left out of the answer to a Seller (canSeeCreditFigures): they
  // see one client's available credit while selling to them (GET /client/credit).
  /** Pesos; null: no credit limit. */
  creditLimit: z.number().nullable().optional(),
  /** Saldo: what the client owes on their Pending receipts (pesos). */
  balance: z.number().optional(),
  /** Vencido: the part of the balance past its plazo. */
  overdue: z.number().optional(),
  /** Datos fiscales: RFC, razón social, régimen, C.P. fiscal, uso de CFDI, correo para facturas. */
  ...clientFiscalOutputFields,
});
export type Client = z.infer<typeof clientSchema>;

/** Optional e-mail: missing or blank becomes null; anything else must be an address. */
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL)
  .refine((v) => !/\p{Cc}/u.test(v), INVALID_EMAIL)
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email(INVALID_EMAIL).nullable());

const clientFields = {
  firstName: requiredText(CLIENT_FIRST_NAME_REQUIRED, MAX_NAME),
  lastName: requiredText(CLIENT_LAST_NAME_REQUIRED, MAX_NAME),
  phone: optionalText(MAX_PHONE),
  email: optionalEmail,
  address: optionalText(MAX_TEXT, { multiline: true }),
};

/**
 * POST /client/register: first and last name required and not blank. The credit terms are an
 * Admin's or Manager's (canSetCreditTerms; a Seller who sends them is refused): left out, the
 * client gets the shop's (DEFAULT_CREDIT_LIMIT for a Seller's client, no limit for a manager's;
 * DEFAULT_CREDIT_DAYS). The fiscal data anyone may give (a Seller too); left out, it is null;
 * the régimen must be open to the RFC's kind of person.
 */
export const registerClientBodySchema = z
  .strictObject({
    ...clientFields,
    creditLimit: creditLimitSchema.optional(),
    creditDays: creditDaysSchema.optional(),
    ...clientFiscalInputFields,
  })
  .superRefine(checkClientFiscal);
export type RegisterClientBody = z.infer<typeof registerClientBodySchema>;
export type RegisterClientInput = z.input<typeof registerClientBodySchema>;

type ClientFiscal = { [K in keyof typeof clientFiscalOutputFields]: string | null };

/** A client's fiscal data as a new client stores it: what was left out is null. */
export function clientFiscalOrNull(input: { [K in keyof ClientFiscal]?: string | null }): ClientFiscal {
  return {
    rfc: input.rfc ?? null,
    legalName: input.legalName ?? null,
    taxRegime: input.taxRegime ?? null,
    taxZipCode: input.taxZipCode ?? null,
    cfdiUse: input.cfdiUse ?? null,
    invoiceEmail: input.invoiceEmail ?? null,
  };
}

/**
 * POST /client/edit: the whole client, as the edit form sends it; credit terms and fiscal fields
 * left out stay (blank clears a fiscal field). When only one of the RFC and the régimen is sent,
 * the server checks it against the other as stored.
 */
export const editClientBodySchema = z
  .strictObject({
    id: idSchema,
    ...clientFields,
    creditLimit: creditLimitSchema.optional(),
    creditDays: creditDaysSchema.optional(),
    ...clientFiscalInputFields,
  })
  .superRefine(checkClientFiscal);
export type EditClientBody = z.infer<typeof editClientBodySchema>;
export type EditClientInput = z.input<typeof editClientBodySchema>;

/** POST /client/disable */
export const disableClientBodySchema = z.strictObject({ id: idSchema });
export type DisableClientBody = z.infer<typeof disableClientBodySchema>;

/** GET /client/list: enabled clients, by name. */
export const clientListResponseSchema = z.object({ clients: z.array(clientSchema) });
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

/** Receipts a client's details bring per page, by default and at most. */
export const CLIENT_RECEIPTS_LIMIT_DEFAULT = 50;
export const CLIENT_RECEIPTS_LIMIT_MAX = 200;
const RECEIPTS_LIMIT_MESSAGE = `receiptsLimit debe ser un número entre 1 y ${CLIENT_RECEIPTS_LIMIT_MAX}.`;

/**
 * GET /client/details/{id} query: one page of the client's receipts. Both optional; a call
 * without them answers the client with its newest receipts.
 */
export const clientDetailsQuerySchema = z.strictObject({
  receiptsLimit: z.coerce
    .number({ error: RECEIPTS_LIMIT_MESSAGE })
    .int(RECEIPTS_LIMIT_MESSAGE)
    .min(1, RECEIPTS_LIMIT_MESSAGE)
    .max(CLIENT_RECEIPTS_LIMIT_MAX, RECEIPTS_LIMIT_MESSAGE)
    .default(CLIENT_RECEIPTS_LIMIT_DEFAULT),
  /** Opaque, from a previous answer's receiptsNextCursor. */
  receiptsCursor: z.string().max(200).optional(),
});
export type ClientDetailsQuery = z.input<typeof clientDetailsQuerySchema>;

/**
 * GET /client/details/{id}: the client with a page of its receipts, newest first. The answer is
 * bounded: at most receiptsLimit receipts, fewer when they are large (RECEIPT_PAGE_LINES_MAX).
 */
export const clientDetailsSchema = clientSchema.extend({
  receipts: z.array(receiptSchema),
  /** The next (older) page's cursor, null on the last page. */
  receiptsNextCursor: z.string().nullable(),
  /** How many receipts the client has in all. */
  receiptsTotal: z.number().int(),
});
export type ClientDetails = z.infer<typeof clientDetailsSchema>;
