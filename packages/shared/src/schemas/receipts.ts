import { z } from 'zod';
import { isLocalTimestamp, isYmd } from '../dates.js';
import { PAYMENT_MODES, PAYMENT_REASONS, RECEIPT_STATES } from '../enums.js';
import { hasAtMostThreeDecimals } from '../quantities.js';
import { CREDIT_NEEDS_CLIENT, PAYMENT_MINIMUM_MESSAGE, receiptInputTotalCents } from '../receipts.js';
import { IVA_RATES } from '../taxes.js';
import {
  CONTROL_CHARACTERS,
  hasNoControlCharacters,
  idSchema,
  isoDateTimeSchema,
  isPositiveQuantity,
  MAX_TEXT,
  positivePesos,
} from './common.js';
import { paymentMethodSchema } from './cash.js';
import { receiptAuthorizationSchema, supervisorCredentialsSchema, userRefSchema } from './supervisors.js';
import { receiptReturnSchema } from './returns.js';

// The receipt contract: what the receipt endpoints take and answer. Amounts are pesos on the wire.

export const receiptStateSchema = z.enum(RECEIPT_STATES, { error: 'El estado no es válido.' });
export const paymentModeSchema = z.enum(PAYMENT_MODES, { error: 'La forma de pago no es válida.' });
export const paymentReasonSchema = z.enum(PAYMENT_REASONS);

export const receiptItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** In the product's units, at most three decimals (0.750 kg). */
  quantity: z.number(),
  /** Unit price used on the sale (typed, wholesale or the product's), pesos. */
  price: z.number(),
  /** price × quantity rounded to the centavo (half away from zero), pesos. */
  total: z.number(),
  /** Name and units as sold. */
  product: z.object({ id: z.number().int(), name: z.string(), units: z.string() }),
  /** How much of the line came back in returns, in the product's units. */
  returnedQuantity: z.number(),
  /** The taxes the line was sold with (its product's then; a later change leaves it as is). */
  ivaRate: z.enum(IVA_RATES),
  /** IEPS as a percent (26.5); null: none, or by cuota. */
  iepsRate: z.number().nullable(),
  /** IEPS in pesos per unit sold; null: none, or by rate. */
  iepsPerUnit: z.number().nullable(),
  /** The line's total split at the time of sale, pesos: base + ieps + iva = total exactly. */
  base: z.number(),
  ieps: z.number(),
  iva: z.number(),
});
export type ReceiptItem = z.infer<typeof receiptItemSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  receiptId: z.number().int(),
  amount: z.number(),
  reason: paymentReasonSchema,
  /** Efectivo, Tarjeta or Transferencia (payments made before methods existed are Efectivo). */
  method: paymentMethodSchema,
  /** A cash sale's payment in Efectivo: what the client handed over, when the counter said (pesos). */
  received: z.number().optional(),
  isEnabled: z.boolean(),
  note: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

/** The client as embedded in a receipt: id, first and last name, and the full name. */
export const receiptClientSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  name: z.string(),
});

export const receiptSchema = z.object({
  id: z.number().int(),
  state: receiptStateSchema,
  paymentMode: paymentModeSchema,
  /** The sale's instant. */
  date: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
  clientId: z.number().int().nullable(),
  client: receiptClientSchema.nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  items: z.array(receiptItemSchema),
  payments: z.array(paymentSchema),
  /** Σ of the lines' bases (the total before taxes), pesos. */
  subtotal: z.number(),
  /** Σ of the lines' IEPS, pesos. */
  ieps: z.number(),
  /** Σ of the lines' IVA, pesos: subtotal + ieps + iva = total. */
  iva: z.number(),
  /** Σ price × quantity, pesos. */
  total: z.number(),
  /** Its returns, oldest first. */
  returns: z.array(receiptReturnSchema),
  /** Σ of the returns' amounts, pesos. */
  returned: z.number(),
  /** total − returned, pesos. */
  netTotal: z.number(),
  /** Σ enabled ADD − Σ enabled REMOVE, pesos. */
  paid: z.number(),
  /** netTotal − paid, pesos. */
  balance: z.number(),
  /**
   * Who let this credit sale take the client over their limit (null: nobody needed to). Read
   * back from the database (details, list, changes), not in the sale's own answer.
   */
  overLimitAuthorizedBy: userRefSchema.nullable().optional(),
  /** Every supervisor's authorisation of this receipt, oldest first; as overLimitAuthorizedBy. */
  authorizations: z.array(receiptAuthorizationSchema).optional(),
  /**
   * The invoice the receipt is in (its own or a factura global), pending or stamped; null when
   * none. Read back from the database, as overLimitAuthorizedBy.
   */
  invoice: z
    .object({
      id: z.number().int(),
      kind: z.enum(['receipts', 'global']),
      /** Serie-folio, 'A-12'. */
      number: z.string(),
      status: z.enum(['pending', 'stamped', 'refused', 'cancelling', 'cancelled']),
    })
    .nullable()
    .optional(),
  /** Its notas de crédito (CFDI de egreso of its returns or its cancellation), oldest first; as invoice. */
  creditNotes: z
    .array(
      z.object({
        id: z.number().int(),
        /** Serie-folio, 'NC-2'. */
        number: z.string(),
        status: z.enum(['pending', 'stamped', 'refused', 'cancelling', 'cancelled']),
      }),
    )
    .optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** POST /receipt/return answers the receipt as it is now and the return just recorded. */
export const returnReceiptResponseSchema = z.object({ receipt: receiptSchema, return: receiptReturnSchema });
export type ReturnReceiptResponse = z.infer<typeof returnReceiptResponseSchema>;

export const printResultSchema = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
  /** Without a thermal printer: where the PDF to print is. */
  pdfUrl: z.string().optional(),
});
export type PrintResult = z.infer<typeof printResultSchema>;

export const MAX_RECEIPT_ITEMS = 200;
export const MAX_QUANTITY = 1_000_000;
/** A receipt's total is bounded ($10,000,000.00) so every sum fits the database's integer columns. */
export const MAX_RECEIPT_TOTAL_CENTS = 1_000_000_000;
export const RECEIPT_TOTAL_TOO_LARGE = 'El total de la remisión no puede exceder $10,000,000.00.';
export const MAX_IDEMPOTENCY_KEY = 200;

const RECEIVED_MESSAGE = 'El efectivo recibido debe ser mayor que 0.';
export const RECEIVED_ONLY_IN_CASH = 'El efectivo recibido solo aplica a una venta de contado pagada en efectivo.';
/** The sale's total is known once its lines are priced (the server's rule), so this is checked then. */
export const receivedShortMessage = (received: string, total: string) =>
  `El efectivo recibido (${received}) no cubre el total de la venta (${total}).`;
const QUANTITY_MESSAGE = 'La cantidad debe ser un número mayor que 0, con hasta 3 decimales.';
const LOCAL_TIMESTAMP_MESSAGE = 'La fecha debe tener la forma AAAA-MM-DDTHH:mm:ss.';
const RECEIPT_DATE_REQUIRED = 'La fecha es obligatoria.';

export const receiptItemInputSchema = z.strictObject({
  productId: idSchema,
  /** Fractions only for products sold by weight (the server refuses them otherwise, naming the product). */
  quantity: z
    .number({ error: QUANTITY_MESSAGE })
    .max(MAX_QUANTITY, 'La cantidad es demasiado grande.')
    .positive(QUANTITY_MESSAGE)
    .refine(hasAtMostThreeDecimals, QUANTITY_MESSAGE)
    .refine(isPositiveQuantity, QUANTITY_MESSAGE),
  /** Optional: without it the product's price applies (pricing.ts linePrice). */
  price: positivePesos('El precio debe ser mayor que 0.').nullish(),
});
export type ReceiptItemInput = z.infer<typeof receiptItemInputSchema>;

export const createReceiptBodySchema = z
  .strictObject({
    clientId: idSchema.optional(),
    paymentMode: paymentModeSchema,
    /** A Cash sale: how its payment was made (default Efectivo). Ignored for Credit. */
    paymentMethod: paymentMethodSchema.optional(),
    items: z
      .array(receiptItemInputSchema, { error: 'Agrega al menos un producto.' })
      .min(1, 'Agrega al menos un producto.')
      .max(MAX_RECEIPT_ITEMS, `Máximo ${MAX_RECEIPT_ITEMS} productos por remisión.`),
    /** Local timestamp without zone, read as Monterrey wall time. */
    date: z.string({ error: RECEIPT_DATE_REQUIRED }).refine(isLocalTimestamp, {
      error: (issue) => (issue.input === '' ? RECEIPT_DATE_REQUIRED : LOCAL_TIMESTAMP_MESSAGE),
    }),
    printReceipt: z.boolean().default(false),
    /** An Admin or Manager lets this credit sale take the client over their credit limit. */
    allowOverLimit: z.boolean().optional(),
    /** A supervisor's credentials, when the sale needs an authorisation (over the limit, below the price). */
    supervisor: supervisorCredentialsSchema.optional(),
    /**
     * A Cash sale in Efectivo: what the client handed over (pesos), at least the total; the ticket
     * prints it ('Recibido') and the change ('Cambio').
     */
    received: positivePesos(RECEIVED_MESSAGE).optional(),
  })
  .refine(
    (body) =>
      body.received === undefined || (body.paymentMode === 'Cash' && (body.paymentMethod ?? 'Efectivo') === 'Efectivo'),
    { message: RECEIVED_ONLY_IN_CASH, path: ['received'] },
  )
  .refine((body) => body.paymentMode !== 'Credit' || body.clientId !== undefined, {
    message: CREDIT_NEEDS_CLIENT,
    path: ['clientId'],
  })
  .refine((body) => receiptInputTotalCents(body.items) <= MAX_RECEIPT_TOTAL_CENTS, {
    message: RECEIPT_TOTAL_TOO_LARGE,
    path: ['items'],
  });
export type CreateReceiptBody = z.infer<typeof createReceiptBodySchema>;
export type CreateReceiptInput = z.input<typeof createReceiptBodySchema>;

export const createReceiptResponseSchema = receiptSchema.extend({ printResult: printResultSchema.optional() });
export type CreateReceiptResponse = z.infer<typeof createReceiptResponseSchema>;

export const RECEIPT_PAGE_SIZE_MAX = 1000;
/**
 * A page of receipts also stops at this many lines (items and payments together, the first
 * receipt always included), so a page of large receipts stays a few megabytes; nextCursor goes on.
 */
export const RECEIPT_PAGE_LINES_MAX = 5000;
/** Without pageSize the list answers up to this many receipts per page. */
export const RECEIPT_PAGE_SIZE_DEFAULT = RECEIPT_PAGE_SIZE_MAX;

const ymdSchema = z.string().refine(isYmd, 'La fecha debe tener la forma AAAA-MM-DD.');
const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'Debe ser true o false.' })
  .transform((v) => v === 'true' || v === '1');

export const listReceiptsQuerySchema = z
  .strictObject({
    fromDate: ymdSchema.optional(),
    toDate: ymdSchema.optional(),
    /** Pending receipts of any date are included (default true). */
    includePending: booleanQuery.default(true),
    pageSize: z.coerce
      .number({ error: 'pageSize debe ser un número entre 1 y 1000.' })
      .int('pageSize debe ser un número entre 1 y 1000.')
      .min(1, 'pageSize debe ser un número entre 1 y 1000.')
      .max(RECEIPT_PAGE_SIZE_MAX, 'pageSize debe ser un número entre 1 y 1000.')
      .optional(),
    /** Opaque, from a previous page's nextCursor. */
    cursor: z.string().max(200).optional(),
    /** The receipt number (its id): answers that receipt whatever its date, or none. */
    number: idSchema.optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['toDate'],
  });
export type ListReceiptsQuery = z.input<typeof listReceiptsQuerySchema>;

export const listReceiptsResponseSchema = z.object({
  data: z.array(receiptSchema),
  nextCursor: z.string().nullable(),
  /**
   * Which receipts the list may hold for who asks: 'all', or 'own-and-today' (a Seller under the
   * shop's SELLER_RECEIPTS: their own receipts and any dated today).
   */
  scope: z.enum(['all', 'own-and-today']),
});
export type ListReceiptsResponse = z.infer<typeof listReceiptsResponseSchema>;

/**
 * The open drawer (cash shift) Efectivo goes through when the acting user has none of their own
 * and the receipt's sale was not paid into one still open (see cash.drawerFor).
 */
const drawerChoice = { shiftId: idSchema.optional() };

export const changeStateBodySchema = z.strictObject({
  id: idSchema,
  state: receiptStateSchema,
  ...drawerChoice,
  /** A supervisor's credentials: a Seller's cancellation needs them. */
  supervisor: supervisorCredentialsSchema.optional(),
});
export type ChangeStateBody = z.infer<typeof changeStateBodySchema>;

export const addPaymentBodySchema = z.strictObject({
  receiptId: idSchema,
  /** At least 1, or less when it settles the balance exactly (checked against the balance). */
  amount: positivePesos(PAYMENT_MINIMUM_MESSAGE),
  /** Stored as sent; missing or blank → 'Pago manual'. */
  note: z
    .string({ error: 'La nota debe ser texto.' })
    .trim()
    .max(MAX_TEXT, `La nota admite como máximo ${MAX_TEXT} caracteres.`)
    .refine(hasNoControlCharacters({ multiline: true }), CONTROL_CHARACTERS)
    .optional(),
  /** Default Efectivo. */
  method: paymentMethodSchema.optional(),
  ...drawerChoice,
});
export type AddPaymentBody = z.infer<typeof addPaymentBodySchema>;

export const cancelPaymentBodySchema = z.strictObject({ paymentId: idSchema });
export type CancelPaymentBody = z.infer<typeof cancelPaymentBodySchema>;

/** The note a manual payment gets when the user writes none. */
export const MANUAL_PAYMENT_NOTE = 'Pago manual';
