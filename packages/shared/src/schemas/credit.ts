import { z } from 'zod';
import { ACCOUNT_EVENT_KINDS, AGING_BUCKETS, MAX_CREDIT_DAYS } from '../credit.js';
import { isYmd } from '../dates.js';
import { idSchema, isoDateTimeSchema, pesosSchema } from './common.js';
import { paymentMethodSchema } from './cash.js';
import { INVOICE_STATUSES } from '../invoice-messages.js';
import { addPaymentBodySchema } from './receipts.js';
import { shopIdentitySchema } from './settings.js';

// The fiado contract: credit terms, a client's credit, the account abono, the statement and its
// shared link, and the receivables.

export const creditLimitSchema = pesosSchema
  .refine((v) => v >= 0, 'El límite de crédito no puede ser negativo.')
  .nullish()
  .transform((v) => v ?? null);
export const creditDaysSchema = z
  .number({ error: 'El plazo debe ser un número de días.' })
  .int('El plazo debe ser un número entero de días.')
  .min(0, 'El plazo no puede ser negativo.')
  .max(MAX_CREDIT_DAYS, `El plazo admite como máximo ${MAX_CREDIT_DAYS} días.`);

/**
 * GET /client/credit/{id}: what a client owes and may still take (pesos). A Seller gets what a
 * sale to the client needs: the available credit and the plazo, and the saldo an abono at the till
 * needs (sellerCreditView).
 */
export const clientCreditSchema = z.object({
  clientId: z.number().int(),
  /** Null: no limit. Left out for a Seller. */
  creditLimit: z.number().nullable().optional(),
  creditDays: z.number().int(),
  /** The saldo; optional in the contract, a Seller gets it too (the till's abono). */
  balance: z.number().optional(),
  /** Left out for a Seller. */
  overdue: z.number().optional(),
  /** Null without a limit. */
  available: z.number().nullable(),
});
export type ClientCredit = z.infer<typeof clientCreditSchema>;

/**
 * A client's credit as a Seller sees it: what they may still sell on credit, the plazo, and the
 * saldo, which the Seller tells the client when taking an abono at the till. Neither the limit nor
 * the vencido.
 */
export function sellerCreditView({ clientId, creditDays, available, balance }: ClientCredit): ClientCredit {
  return { clientId, creditDays, available, ...(balance === undefined ? {} : { balance }) };
}

/** POST /client/addPayment: one abono for the client's account (the same amount and note rules as a receipt's payment). */
export const addClientPaymentBodySchema = addPaymentBodySchema.omit({ receiptId: true }).extend({ clientId: idSchema });
export type AddClientPaymentBody = z.infer<typeof addClientPaymentBodySchema>;
export type AddClientPaymentInput = z.input<typeof addClientPaymentBodySchema>;

export const addClientPaymentResponseSchema = z.object({
  clientId: z.number().int(),
  amount: z.number(),
  /** One payment per receipt it reached, oldest receipt first. */
  payments: z.array(
    z.object({ paymentId: z.number().int(), receiptId: z.number().int(), amount: z.number(), settled: z.boolean() }),
  ),
  credit: clientCreditSchema,
});
export type AddClientPaymentResponse = z.infer<typeof addClientPaymentResponseSchema>;

const ymdSchema = z.string().refine(isYmd, 'La fecha debe tener la forma AAAA-MM-DD.');

/** The period of a statement; without it, the last 90 days up to today. */
export const statementQuerySchema = z
  .strictObject({ from: ymdSchema.optional(), to: ymdSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['from'],
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const STATEMENT_PAPERS = ['80', 'letter'] as const;
export type StatementPaper = (typeof STATEMENT_PAPERS)[number];
export const statementPdfQuerySchema = z.strictObject({
  from: ymdSchema.optional(),
  to: ymdSchema.optional(),
  paper: z.enum(STATEMENT_PAPERS, { error: 'El papel debe ser 80 o letter.' }).default('80'),
});

const statementLineSchema = z.object({
  date: isoDateTimeSchema,
  kind: z.enum(ACCOUNT_EVENT_KINDS),
  receiptId: z.number().int(),
  note: z.string().nullable(),
  /** A payment line's (abono, its cancellation, a refund) Efectivo / Tarjeta / Transferencia; null otherwise. */
  method: paymentMethodSchema.nullable(),
  /** Signed: positive raises what the client owes. */
  amount: z.number(),
  balance: z.number(),
});

/** A complemento de pago (CFDI tipo P) issued for the client's abonos (decision 097). */
export const statementComplementSchema = z.object({
  /** The invoice's id: its PDF and XML at /invoice/pdf/{id} and /invoice/xml/{id}. */
  id: z.number().int(),
  /** 'P-3'. */
  number: z.string(),
  /** Null while it is not stamped. */
  uuid: z.string().nullable(),
  date: isoDateTimeSchema,
  /** The amount paid it states (pesos). */
  amount: z.number(),
  status: z.enum(INVOICE_STATUSES),
});
export type StatementComplement = z.infer<typeof statementComplementSchema>;

export const statementSchema = z.object({
  client: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  creditDays: z.number().int(),
  opening: z.number(),
  lines: z.array(statementLineSchema),
  closing: z.number(),
  overdue: z.number(),
  /** The complementos de pago issued within the period, oldest first. */
  paymentComplements: z.array(statementComplementSchema).default([]),
});
export type Statement = z.infer<typeof statementSchema>;

/** POST /client/statementLink/{id}: a new signed public link of the statement (path on this server). */
export const statementLinkSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  /**
   * The whole address to send the client: the shop's public address (Configuración, PUBLIC_URL)
   * and the path; null while the shop has none (a link to this server's own address would not
   * open on the client's phone).
   */
  url: z.string().nullable(),
  expiresAt: isoDateTimeSchema,
});
export type StatementLink = z.infer<typeof statementLinkSchema>;

export const STATEMENT_LINK_STATES = ['active', 'revoked', 'expired'] as const;
export type StatementLinkState = (typeof STATEMENT_LINK_STATES)[number];

/** A link as the client's page lists it (never its address: that was given once, when shared). */
export const statementLinkInfoSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  createdAt: isoDateTimeSchema,
  /** Who shared it; null once that user is gone. */
  createdBy: z.string().nullable(),
  expiresAt: isoDateTimeSchema,
  revokedAt: isoDateTimeSchema.nullable(),
  revokedBy: z.string().nullable(),
  state: z.enum(STATEMENT_LINK_STATES),
});
export type StatementLinkInfo = z.infer<typeof statementLinkInfoSchema>;

/** GET /client/statementLinks/{id}: the client's links that have not expired yet, newest first. */
export const statementLinkListSchema = z.object({ links: z.array(statementLinkInfoSchema) });
export type StatementLinkList = z.infer<typeof statementLinkListSchema>;

/** POST /client/revokeStatementLink: 'Revocar enlace'. */
export const revokeStatementLinkBodySchema = z.strictObject({ id: idSchema });
export type RevokeStatementLinkBody = z.infer<typeof revokeStatementLinkBodySchema>;

/** GET /public/statement: a shared statement; the link names its stored row and carries its signature. */
export const publicStatementQuerySchema = z.strictObject({
  link: idSchema,
  sig: z.string().min(1, 'Enlace inválido.').max(200, 'Enlace inválido.'),
});
export type PublicStatementQuery = z.infer<typeof publicStatementQuerySchema>;

/**
 * What a shared statement shows the customer: their name, the period and the movements with the
 * running balance. No notes (staff write them for staff), no phone, no internal ids but the
 * receipt numbers printed on the customer's tickets; no complementos de pago (their PDFs need a
 * session).
 */
export const publicStatementSchema = statementSchema.omit({ paymentComplements: true }).extend({
  /** The shop that shares it, as its settings say. */
  business: shopIdentitySchema,
  client: z.object({ name: z.string() }),
  lines: z.array(statementLineSchema.omit({ note: true })),
  /** When the link stops working. */
  expiresAt: isoDateTimeSchema,
});
export type PublicStatement = z.infer<typeof publicStatementSchema>;

const agingShape = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, z.number()])) as Record<
  (typeof AGING_BUCKETS)[number],
  z.ZodNumber
>;

/** GET /reports/receivables: every client who owes, most overdue first, with the totals. */
export const receivablesSchema = z.object({
  clients: z.array(
    z.object({
      clientId: z.number().int(),
      name: z.string(),
      phone: z.string().nullable(),
      balance: z.number(),
      overdue: z.number(),
      ...agingShape,
    }),
  ),
  totals: z.object({ balance: z.number(), overdue: z.number(), ...agingShape }),
});
export type Receivables = z.infer<typeof receivablesSchema>;
