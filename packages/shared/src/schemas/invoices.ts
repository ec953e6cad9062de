import { z } from 'zod';
import { isYmd } from '../dates.js';
import { INVOICE_MESSAGES, INVOICE_STATUSES } from '../invoice-messages.js';
import { SAT_PAYMENT_FORMS } from '../sat-catalogs.js';
import { idSchema, isoDateTimeSchema, MAX_EMAIL } from './common.js';
import {
  cfdiUseSchema,
  legalNameSchema,
  regimeProblem,
  rfcSchema,
  TAX_MESSAGES,
  taxRegimeSchema,
  zipCodeSchema,
} from './taxes.js';

// Invoices (CFDI 4.0 stamped through a PAC): of one or several receipts of one client, or the
// factura global of a period's public sales. The contract the server, the web app and the public
// autofactura page share (docs/decisions/093-invoices.md).

/**
 * An invoice of chosen receipts (ingreso), the factura global of a period's public sales, a
 * complemento de pago of an abono (tipo P, Pagos 2.0) or a nota de crédito (egreso) of a return.
 */
export const INVOICE_KINDS = ['receipts', 'global', 'payment', 'credit'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The SAT's cancellation motives (c_MotivoCancelacion). 01 needs the substitute's UUID. */
export const INVOICE_CANCEL_MOTIVES = [
  { code: '01', label: 'Comprobante emitido con errores con relación' },
  { code: '02', label: 'Comprobante emitido con errores sin relación' },
  { code: '03', label: 'No se llevó a cabo la operación' },
  { code: '04', label: 'Operación nominativa relacionada en una factura global' },
] as const;
export type InvoiceCancelMotive = (typeof INVOICE_CANCEL_MOTIVES)[number]['code'];

/** c_Periodicidad a factura global may use (05 bimestral is only for RIF taxpayers). */
export const GLOBAL_PERIODICITIES = [
  { code: '01', label: 'Diaria' },
  { code: '02', label: 'Semanal' },
  { code: '03', label: 'Quincenal' },
  { code: '04', label: 'Mensual' },
] as const;
export type GlobalPeriodicity = (typeof GLOBAL_PERIODICITIES)[number]['code'];

const UUID_PATTERN = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
export const MAX_RECEIPTS_PER_INVOICE = 100;

export const paymentFormSchema = z
  .string({ error: INVOICE_MESSAGES.paymentForm })
  .trim()
  .refine((code) => SAT_PAYMENT_FORMS.some((form) => form.code === code), INVOICE_MESSAGES.paymentForm);

/**
 * Who receives an invoice when the client has no saved fiscal data, typed on the spot (and then
 * saved to the client, when there is one).
 */
export const invoiceReceiverSchema = z
  .strictObject({
    rfc: rfcSchema,
    legalName: legalNameSchema,
    taxRegime: taxRegimeSchema,
    taxZipCode: zipCodeSchema,
    cfdiUse: cfdiUseSchema.optional(),
    invoiceEmail: z.string().trim().toLowerCase().max(MAX_EMAIL).pipe(z.email(TAX_MESSAGES.invoiceEmail)).optional(),
  })
  .superRefine((receiver, ctx) => {
    const problem = regimeProblem(receiver.rfc, receiver.taxRegime);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['taxRegime'] });
  });
export type InvoiceReceiver = z.infer<typeof invoiceReceiverSchema>;
export type InvoiceReceiverInput = z.input<typeof invoiceReceiverSchema>;

/**
 * POST /invoice/create: receipts of one client become one invoice. `clientId` names the client when
 * the receipts have none; `receiver` is the fiscal data typed on the spot (saved to the client);
 * `cfdiUse` and `paymentForm` override the client's and the payments' defaults.
 */
export const invoiceCreateBodySchema = z.strictObject({
  receiptIds: z
    .array(idSchema, { error: INVOICE_MESSAGES.receiptsRequired })
    .min(1, INVOICE_MESSAGES.receiptsRequired)
    .max(MAX_RECEIPTS_PER_INVOICE, INVOICE_MESSAGES.tooManyReceipts),
  clientId: idSchema.optional(),
  receiver: invoiceReceiverSchema.optional(),
  cfdiUse: cfdiUseSchema.optional(),
  paymentForm: paymentFormSchema.optional(),
});
export type InvoiceCreateBody = z.infer<typeof invoiceCreateBodySchema>;
export type InvoiceCreateInput = z.input<typeof invoiceCreateBodySchema>;

const daySchema = z.string({ error: INVOICE_MESSAGES.dayFormat }).refine(isYmd, INVOICE_MESSAGES.dayFormat);

/** POST /invoice/global: the paid, not yet invoiced receipts of Monterrey days from..to. */
export const invoiceGlobalBodySchema = z
  .strictObject({
    from: daySchema,
    to: daySchema,
    periodicity: z.enum(GLOBAL_PERIODICITIES.map((p) => p.code) as [GlobalPeriodicity, ...GlobalPeriodicity[]], {
      error: INVOICE_MESSAGES.periodicity,
    }),
  })
  .refine((body) => body.from <= body.to, { message: INVOICE_MESSAGES.dateOrder, path: ['to'] });
export type InvoiceGlobalBody = z.infer<typeof invoiceGlobalBodySchema>;

/** POST /invoice/cancel. */
export const invoiceCancelBodySchema = z
  .strictObject({
    id: idSchema,
    motive: z.enum(INVOICE_CANCEL_MOTIVES.map((m) => m.code) as [InvoiceCancelMotive, ...InvoiceCancelMotive[]], {
      error: INVOICE_MESSAGES.motive,
    }),
    replacementUuid: z.string().trim().toUpperCase().regex(UUID_PATTERN, INVOICE_MESSAGES.uuid).optional(),
  })
  .refine((body) => body.motive !== '01' || Boolean(body.replacementUuid), {
    message: INVOICE_MESSAGES.replacementUuid,
    path: ['replacementUuid'],
  });
export type InvoiceCancelBody = z.infer<typeof invoiceCancelBodySchema>;

/** GET /invoice/list?from&to&status (Monterrey days of issue). */
export const invoiceListQuerySchema = z
  .strictObject({
    from: daySchema.optional(),
    to: daySchema.optional(),
    status: z.enum(INVOICE_STATUSES).optional(),
    clientId: idSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: INVOICE_MESSAGES.dateOrder, path: ['to'] });
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

/** An invoice as lists show it. Money in pesos. */
export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  series: z.string(),
  folio: z.number().int(),
  /** Null until stamped. */
  uuid: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  /** When it was issued (the CFDI's Fecha). */
  issuedAt: isoDateTimeSchema,
  stampedAt: isoDateTimeSchema.nullable(),
  clientId: z.number().int().nullable(),
  receiverRfc: z.string(),
  receiverName: z.string(),
  cfdiUse: z.string(),
  paymentMethod: z.enum(['PUE', 'PPD']),
  paymentForm: z.string(),
  subtotal: z.number(),
  ieps: z.number(),
  iva: z.number(),
  total: z.number(),
  receiptIds: z.array(z.number().int()),
  /** The PAC's message of the last refusal or failed attempt. */
  pacMessage: z.string().nullable(),
  /** A factura global's period. */
  global: z.object({ periodicity: z.string(), from: z.string(), to: z.string() }).nullable(),
  cancelMotive: z.string().nullable(),
  replacementUuid: z.string().nullable(),
  /** A nota de crédito's invoice (CfdiRelacionado 01); its receiptIds are the receipt it credits. */
  relatedInvoice: z.object({ id: z.number().int(), number: z.string(), uuid: z.string().nullable() }).nullish(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** GET /invoice/details/{id}: the summary and its concepts as the CFDI states them. */
export const invoiceDetailsSchema = invoiceSummarySchema.extend({
  concepts: z.array(
    z.object({
      claveProdServ: z.string(),
      noIdentificacion: z.string().nullable(),
      cantidad: z.string(),
      claveUnidad: z.string(),
      descripcion: z.string(),
      valorUnitario: z.string(),
      importe: z.string(),
    }),
  ),
  /** The SAT's certificate number and the seals, once stamped. */
  satCertificateNumber: z.string().nullable(),
  attempts: z.number().int(),
});
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

/**
 * GET /invoice/pendingGlobal: closed periods (of the shop's periodicity, up to today) whose paid
 * receipts are still not invoiced, on their own or in a stamped global. The dashboard and the cut
 * warn with them; the Facturas screen issues them.
 */
export const pendingGlobalSchema = z.object({
  periodicity: z.enum(['01', '02', '03', '04']),
  periods: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      receipts: z.number().int(),
      /** Pesos. */
      total: z.number(),
    }),
  ),
});
export type PendingGlobal = z.infer<typeof pendingGlobalSchema>;

/**
 * GET /invoice/pendingComplements: abonos to PPD invoices whose complemento de pago is still not
 * stamped (decision 097). A complemento is due by the 5th of the month after the payment; the
 * dashboard warns with the earliest such day.
 */
export const pendingComplementsSchema = z.object({
  payments: z.number().int(),
  /** Pesos. */
  amount: z.number(),
  /** YYYY-MM-DD: the 5th after the oldest of them; null when there is none. */
  dueDate: z.string().nullable(),
  /** Days from the shop's today to dueDate (negative: overdue); null without one. */
  daysLeft: z.number().int().nullable(),
});
export type PendingComplements = z.infer<typeof pendingComplementsSchema>;

/** GET /invoice/zip?month=YYYY-MM: the month's stamped XMLs (by date of issue) in one zip. */
export const invoiceZipQuerySchema = z.strictObject({
  month: z
    .string({ error: INVOICE_MESSAGES.monthFormat })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, INVOICE_MESSAGES.monthFormat),
});
export type InvoiceZipQuery = z.infer<typeof invoiceZipQuerySchema>;

/** GET /invoice/pdf/{id}?format: letter (the default) or the 80 mm roll. */
export const invoicePdfQuerySchema = z.strictObject({
  format: z.enum(['letter', '80mm'], { error: 'El formato debe ser letter o 80mm.' }).default('letter'),
});
