import { z } from 'zod';
import { RFC_GENERIC } from '../rfc.js';
import { SAT_CFDI_USES } from '../sat-catalogs.js';
import { idSchema, isoDateTimeSchema, MAX_EMAIL } from './common.js';
import { INVOICE_STATUSES } from '../invoice-messages.js';
import { INVOICE_KINDS, invoiceReceiverSchema } from './invoices.js';
import { shopIdentitySchema } from './settings.js';
import { cfdiUseSchema, regimeProblem, TAX_MESSAGES } from './taxes.js';

// Autofactura: the customer invoices their own ticket from the short signed link printed on it
// (`/factura/<token>`), without signing in. The public page and the server share these
// (docs/decisions/096-autofactura.md).

/**
 * What the link's receipt allows: 'available' (the form); 'invoiced' (already, the downloads);
 * 'in-global' (a stamped factura global covers it); 'expired' (its month is over); 'cancelled';
 * 'not-configured' (the shop cannot invoice now).
 */
export const AUTOFACTURA_STATES = [
  'available',
  'invoiced',
  'in-global',
  'expired',
  'cancelled',
  'not-configured',
] as const;
export type AutofacturaState = (typeof AUTOFACTURA_STATES)[number];

export const AUTOFACTURA_MESSAGES = {
  invalidLink:
    'El enlace de facturación no es válido. Revisa que esté completo o escanea de nuevo el código QR del ticket.',
  invoiced: 'Esta compra ya fue facturada. Descarga tu factura aquí.',
  pending: 'Tu factura se está timbrando. Vuelve a abrir este enlace en unos minutos para descargarla.',
  inGlobal:
    'Esta compra ya se incluyó en la factura global del negocio a público en general y no se puede facturar por separado. Comunícate con el negocio.',
  expired: (month: string) =>
    `El plazo para facturar esta compra terminó al cierre de ${month}. Comunícate con el negocio.`,
  cancelled: 'Esta compra fue cancelada y no se puede facturar.',
  notConfigured: 'El negocio no puede emitir facturas en este momento. Comunícate con el negocio.',
  emailRequired: 'Escribe el correo al que quieres recibir la factura.',
  cfdiUseRegime: 'El uso de CFDI no corresponde al régimen fiscal elegido.',
  genericRfc: 'Escribe tu RFC: el RFC genérico XAXX010101000 es para ventas a público en general.',
  downloadInvalid: 'El enlace de descarga no es válido o ya venció. Vuelve a abrir el enlace de tu ticket.',
  notStamped: 'La factura aún no está timbrada: todavía no se puede compartir.',
} as const;

/**
 * The token of `/factura/<token>`: the receipt's id in base 36, a dot, and 16 characters of
 * signature (base64url). What the path and the query carry; anything else is refused alike.
 */
export const AUTOFACTURA_TOKEN_PATTERN = /^[0-9a-z]{1,11}\.[A-Za-z0-9_-]{16}$/;

const tokenSchema = z
  .string({ error: AUTOFACTURA_MESSAGES.invalidLink })
  .trim()
  .regex(AUTOFACTURA_TOKEN_PATTERN, AUTOFACTURA_MESSAGES.invalidLink);

/** GET /public/autofactura?token= */
export const autofacturaQuerySchema = z.strictObject({ token: tokenSchema });
export type AutofacturaQuery = z.infer<typeof autofacturaQuerySchema>;

/**
 * Who the customer invoices to: the invoice receiver's fields, with the uso de CFDI and the e-mail
 * required (the page asks for both), the uso allowed for the régimen, and not the generic RFC.
 */
export const autofacturaReceiverSchema = z
  .strictObject({
    ...invoiceReceiverSchema.shape,
    cfdiUse: cfdiUseSchema,
    invoiceEmail: z
      .string({ error: AUTOFACTURA_MESSAGES.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, AUTOFACTURA_MESSAGES.emailRequired)
      .max(MAX_EMAIL, TAX_MESSAGES.invoiceEmail)
      .pipe(z.email(TAX_MESSAGES.invoiceEmail)),
  })
  .superRefine((receiver, ctx) => {
    if (receiver.rfc === RFC_GENERIC) {
      ctx.addIssue({ code: 'custom', message: AUTOFACTURA_MESSAGES.genericRfc, path: ['rfc'] });
      return;
    }
    const problem = regimeProblem(receiver.rfc, receiver.taxRegime);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem, path: ['taxRegime'] });
      return;
    }
    const use = SAT_CFDI_USES.find((u) => u.code === receiver.cfdiUse);
    if (use && !use.regimes.includes(receiver.taxRegime)) {
      ctx.addIssue({ code: 'custom', message: AUTOFACTURA_MESSAGES.cfdiUseRegime, path: ['cfdiUse'] });
    }
  });
export type AutofacturaReceiver = z.infer<typeof autofacturaReceiverSchema>;
export type AutofacturaReceiverInput = z.input<typeof autofacturaReceiverSchema>;

/** POST /public/autofactura/issue */
export const autofacturaIssueBodySchema = z.strictObject({
  token: tokenSchema,
  receiver: autofacturaReceiverSchema,
});
export type AutofacturaIssueBody = z.infer<typeof autofacturaIssueBodySchema>;
export type AutofacturaIssueInput = z.input<typeof autofacturaIssueBodySchema>;

/** The ticket as the customer sees it (money in pesos). */
export const autofacturaReceiptSchema = z.object({
  id: z.number().int(),
  /** The sale's instant. */
  date: isoDateTimeSchema,
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      units: z.string(),
      price: z.number(),
      total: z.number(),
    }),
  ),
  subtotal: z.number(),
  ieps: z.number(),
  iva: z.number(),
  total: z.number(),
  /** What came back in returns, and the total left (what an invoice of it covers). */
  returned: z.number(),
  netTotal: z.number(),
});

/** The receipt's invoice, with links that download it without a session (null until stamped). */
export const autofacturaInvoiceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  series: z.string(),
  folio: z.number().int(),
  uuid: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  receiverRfc: z.string(),
  receiverName: z.string(),
  total: z.number(),
  downloads: z.object({ pdf: z.string(), xml: z.string() }).nullable(),
});
export type AutofacturaInvoice = z.infer<typeof autofacturaInvoiceSchema>;

/** GET /public/autofactura and the answer of POST /public/autofactura/issue. */
export const autofacturaSchema = z.object({
  state: z.enum(AUTOFACTURA_STATES),
  /** Why it cannot be invoiced (or why the invoice cannot be downloaded yet); null when available. */
  reason: z.string().nullable(),
  /** The shop, with its phone and address for the customer to get in touch. */
  business: shopIdentitySchema,
  receipt: autofacturaReceiptSchema,
  /** The last instant the link invoices (the end of the sale's month, Monterrey time). */
  expiresAt: isoDateTimeSchema,
  /** The receipt's own invoice, when it has one. */
  invoice: autofacturaInvoiceSchema.nullable(),
});
export type Autofactura = z.infer<typeof autofacturaSchema>;

/** GET /public/invoice?token&format: an invoice's PDF or XML by a signed link. */
export const publicInvoiceQuerySchema = z.strictObject({
  token: z
    .string({ error: AUTOFACTURA_MESSAGES.downloadInvalid })
    .trim()
    .regex(/^[0-9a-z]{1,11}\.[0-9a-z]{1,9}\.[A-Za-z0-9_-]{16}$/, AUTOFACTURA_MESSAGES.downloadInvalid),
  format: z.enum(['pdf', 'xml'], { error: 'El formato debe ser pdf o xml.' }),
});
export type PublicInvoiceQuery = z.infer<typeof publicInvoiceQuerySchema>;

/** POST /invoice/shareLink { id }: a signed link to a stamped invoice's PDF, for 'Compartir por WhatsApp'. */
export const invoiceShareLinkBodySchema = z.strictObject({ id: idSchema });
export type InvoiceShareLinkBody = z.infer<typeof invoiceShareLinkBodySchema>;

export const invoiceShareLinkSchema = z.object({
  /** The PDF's path on this server (works without a session until `expiresAt`). */
  path: z.string(),
  /** The whole address to send: the shop's public address + path; null when it has none. */
  url: z.string().nullable(),
  expiresAt: isoDateTimeSchema,
});
export type InvoiceShareLink = z.infer<typeof invoiceShareLinkSchema>;
