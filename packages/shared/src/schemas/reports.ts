import { z } from 'zod';
import { isYmd } from '../dates.js';
import {
  CASH_RESULTS,
  INVENTORY_REASONS,
  LATE_ENTRY_KINDS,
  PAYMENT_METHODS,
  PAYMENT_MODES,
  PAYMENT_REASONS,
} from '../enums.js';
import { formatQuantity } from '../quantities.js';
import { byMethodSchema, cashMovementTypeSchema, paymentMethodSchema } from './cash.js';
import { idSchema, isoDateTimeSchema } from './common.js';
import { profitFiguresSchema } from './profit.js';
import { taxReportSchema } from './tax-report.js';

export * from '../cash-count.js';

// The reports contract: inventory movements and cash-count cuts.

export const CUT_DATE_REQUIRED = 'La fecha es obligatoria.';
export const CUT_DATE_FORMAT = 'La fecha debe tener la forma AAAA-MM-DD.';
export const CUT_DATE_IN_FUTURE = 'La fecha del corte no puede ser posterior a hoy.';

/** POST /reports/generate: the Monterrey day to cut. A call without a body is missing its date too. */
export const generateCutBodySchema = z.preprocess(
  (body) => body ?? {},
  z.strictObject({
    date: z.string({ error: CUT_DATE_REQUIRED }).trim().min(1, CUT_DATE_REQUIRED).refine(isYmd, CUT_DATE_FORMAT),
  }),
);
export type GenerateCutBody = z.infer<typeof generateCutBodySchema>;

/** An inventory log as the API sends it: the change and the stock before and after it. */
export const inventoryLogSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  userName: z.string(),
  reason: z.enum(INVENTORY_REASONS),
  /** Decimal, at most three decimals, like the stock. */
  delta: z.number(),
  before: z.number(),
  after: z.number(),
  note: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type InventoryLog = z.infer<typeof inventoryLogSchema>;

/** A stored cut: the day it covers and its snapshot, a JSON string (parseCutData reads it). */
export const cashCountReportSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  createdAt: isoDateTimeSchema,
  data: z.string(),
});
export type CashCountReport = z.infer<typeof cashCountReportSchema>;

export const INVENTORY_LOGS_PAGE_DEFAULT = 50;
export const INVENTORY_LOGS_PAGE_MAX = 500;
export const CUTS_PAGE_DEFAULT = 10;
export const CUTS_PAGE_MAX = 100;

const ymdQuery = z.string().refine(isYmd, CUT_DATE_FORMAT);
const pageSize = (name: string, max: number, fallback: number) => {
  const message = `${name} debe ser un número entre 0 y ${max}.`;
  return z.coerce.number({ error: message }).int(message).min(0, message).max(max, message).default(fallback);
};

/**
 * GET /reports/list. Both lists are newest first and paged by their own opaque cursor, so a
 * year of movements or of cuts never travels at once; a limit of 0 leaves that list out.
 */
export const listReportsQuerySchema = z
  .strictObject({
    limit: pageSize('limit', INVENTORY_LOGS_PAGE_MAX, INVENTORY_LOGS_PAGE_DEFAULT),
    cursor: z.string().max(200).optional(),
    productId: idSchema.optional(),
    /** Monterrey days, inclusive, on the logs' creation instant. */
    fromDate: ymdQuery.optional(),
    toDate: ymdQuery.optional(),
    cutsLimit: pageSize('cutsLimit', CUTS_PAGE_MAX, CUTS_PAGE_DEFAULT),
    cutsCursor: z.string().max(200).optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['toDate'],
  });
export type ListReportsQuery = z.input<typeof listReportsQuerySchema>;

export const listReportsResponseSchema = z.object({
  inventoryLogs: z.array(inventoryLogSchema),
  /** Cursor of the next page of logs, null on the last one. */
  nextCursor: z.string().nullable(),
  cashCountReports: z.array(cashCountReportSchema),
  /** Cursor of the next (older) page of cuts, null on the last one. */
  nextCutsCursor: z.string().nullable(),
});
export type ListReportsResponse = z.infer<typeof listReportsResponseSchema>;

// The snapshot inside a cut's `data` (the rules are in cash-count.ts). Money in pesos with at
// most two decimals, each computed from integer centavos; quantities in the product's unit, with at
// most three decimals, each computed from integer thousandths.

export const cutInventoryRowSchema = z.object({
  productId: z.number().int(),
  cuid: z.string(),
  name: z.string(),
  /** The product's unit (absent in cuts made before decimal quantities). */
  unit: z.string().optional(),
  /** Stock before the product's first movement of the day. */
  initial: z.number(),
  sales: z.number(),
  /** RETURN and REMOVE. */
  returned: z.number(),
  adds: z.number(),
  merma: z.number(),
  /** Signed. */
  adjustments: z.number(),
  /** Stock after the product's last movement of the day. */
  final: z.number(),
});
export type CutInventoryRow = z.infer<typeof cutInventoryRowSchema>;

export const cutSalesRowSchema = z.object({
  productId: z.number().int(),
  productCuid: z.string(),
  name: z.string(),
  /** The product's unit (absent in cuts made before decimal quantities). */
  unit: z.string().optional(),
  /** Σ quantity sold at this price in this payment mode, in `unit`. */
  units: z.number(),
  /** Unit price, pesos. */
  price: z.number(),
  /** units × price, pesos. */
  total: z.number(),
  paymentMode: z.enum(PAYMENT_MODES),
  /** A Cash sale's payment method (its receipt's payment); absent for credit and in older cuts. */
  method: paymentMethodSchema.optional(),
});
export type CutSalesRow = z.infer<typeof cutSalesRowSchema>;

export const cutPendingReceiptSchema = z.object({
  /** The folio. */
  id: z.number().int(),
  /** The client's full name. */
  client: z.string().nullable(),
  /** The sale's instant. */
  date: isoDateTimeSchema,
  items: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number(),
      price: z.number(),
      total: z.number(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number(),
      reason: z.enum(PAYMENT_REASONS),
      /** Absent in cuts made before payment methods. */
      method: z.enum(PAYMENT_METHODS).optional(),
      isEnabled: z.boolean(),
      note: z.string().nullable(),
      createdAt: isoDateTimeSchema,
    }),
  ),
  /** Σ price × quantity, pesos. */
  amount: z.number(),
  /** Net enabled payments, pesos. */
  paid: z.number(),
  /** amount − paid, pesos. */
  pending: z.number(),
});
export type CutPendingReceipt = z.infer<typeof cutPendingReceiptSchema>;

/** Σ quantity sold in one unit: kilograms are never added to pieces. */
export const cutUnitTotalSchema = z.object({ unit: z.string(), quantity: z.number() });
export type CutUnitTotal = z.infer<typeof cutUnitTotalSchema>;

export const cutTotalsSchema = z.object({
  /** Cuts made before decimal quantities: Σ units of every product (all were pieces then). */
  totalUnits: z.number().optional(),
  /** Σ quantity sold per unit, in the order units first appear in the sales rows. */
  totalQuantities: z.array(cutUnitTotalSchema).optional(),
  totalAmount: z.number(),
  /** Net enabled payments created that day (ADD − REMOVE), pesos. */
  totalPayments: z.number(),
  /** Σ pending, pesos. */
  totalDue: z.number(),
  /** Σ of the day's returns (devoluciones), pesos; absent in cuts made before returns. */
  totalReturned: z.number().optional(),
  /** Σ of the money those returns gave back (in totalPayments already, as REMOVE), pesos. */
  totalRefunded: z.number().optional(),
  /**
   * Net enabled payments created that day per method (ADD − REMOVE), pesos; they add up to
   * totalPayments. Absent in cuts made before payment methods.
   */
  byMethod: byMethodSchema.optional(),
});
export type CutTotals = z.infer<typeof cutTotalsSchema>;

/** The summary's quantities as text: one figure per unit ('15 pza · 0.750 kg'), or the old single sum. */
export function formatCutQuantities(totals: Pick<CutTotals, 'totalUnits' | 'totalQuantities'>): string {
  if (totals.totalQuantities) {
    return totals.totalQuantities.map((total) => formatQuantity(total.quantity, total.unit)).join(' · ') || '0';
  }
  return formatQuantity(totals.totalUnits ?? 0);
}

/** One thing recorded into the cut's day after an earlier cut of that day. */
export const cutLateEntrySchema = z.object({
  kind: z.enum(LATE_ENTRY_KINDS),
  /** The folio. */
  receiptId: z.number().int(),
  /** The client's full name. */
  client: z.string().nullable(),
  /** The sale's instant. */
  date: isoDateTimeSchema,
  paymentMode: z.enum(PAYMENT_MODES),
  /** The sale's total, or the payment's amount, pesos. */
  amount: z.number(),
  /** Who recorded it, and when. */
  user: z.string().nullable(),
  recordedAt: isoDateTimeSchema,
});
export type CutLateEntry = z.infer<typeof cutLateEntrySchema>;

/** A return (devolución) made on the cut's day, of a receipt of any day. */
export const cutReturnSchema = z.object({
  id: z.number().int(),
  receiptId: z.number().int(),
  client: z.string().nullable(),
  paymentMode: z.enum(PAYMENT_MODES),
  /** Who recorded it. */
  user: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reason: z.string(),
  /** What the goods were worth, pesos. */
  amount: z.number(),
  /** The money given back, pesos. */
  refund: z.number(),
  createdAt: isoDateTimeSchema,
});
export type CutReturn = z.infer<typeof cutReturnSchema>;

/** A cash shift as a cut lists it (pesos); counted, difference and result are null while it is open. */
export const cutShiftSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  openedAt: isoDateTimeSchema,
  closedAt: isoDateTimeSchema.nullable(),
  openingFloat: z.number(),
  expected: z.number(),
  counted: z.number().nullable(),
  difference: z.number().nullable(),
  result: z.enum(CASH_RESULTS).nullable(),
  /** Its lines (absent in cuts made before the cut reconciled cash line by line). */
  cashSales: z.number().optional(),
  cashPayments: z.number().optional(),
  cashRefunds: z.number().optional(),
  entradas: z.number().optional(),
  salidas: z.number().optional(),
});
export type CutShift = z.infer<typeof cutShiftSchema>;

/** An Entrada or Salida of one of the day's drawers, as the cut lists it. */
export const cutCashMovementSchema = z.object({
  shiftId: z.number().int(),
  user: z.string(),
  type: cashMovementTypeSchema,
  amount: z.number(),
  note: z.string(),
  createdAt: isoDateTimeSchema,
});
export type CutCashMovement = z.infer<typeof cutCashMovementSchema>;

/**
 * The day's cash reconciled line by line (pesos), see dayCashCents: floats + cash sales + cash
 * abonos − refunds + entradas − salidas = expected (Σ the day's drawers); counted and difference
 * over the closed ones; the cash outside any drawer; and how all of it meets byMethod.Efectivo.
 */
export const cutCashSchema = z.object({
  openingFloats: z.number(),
  cashSales: z.number(),
  cashPayments: z.number(),
  cashRefunds: z.number(),
  entradas: z.number(),
  salidas: z.number(),
  expected: z.number(),
  /** Σ counted and Σ difference of the closed drawers; null when none is closed. */
  counted: z.number().nullable(),
  difference: z.number().nullable(),
  /** Drawers still open: their expected is in `expected`, nothing of them in counted. */
  openDrawers: z.number().int(),
  movements: z.array(cutCashMovementSchema),
  /** 'Efectivo fuera de turno': cash moved with no drawer open (CASH_REQUIRES_SHIFT=false). */
  outside: z.object({ cashSales: z.number(), cashPayments: z.number(), cashRefunds: z.number(), net: z.number() }),
  /** Efectivo of the day in drawers of another day (a drawer open past midnight); 0 most days. */
  otherDays: z.number(),
  /** = byMethod.Efectivo. */
  efectivo: z.number(),
});
export type CutCash = z.infer<typeof cutCashSchema>;

export const cutDataSchema = z.object({
  /** The Monterrey day, YYYY-MM-DD. */
  date: z.string(),
  /** First and last instant of that day (00:00:00.000 to 23:59:59.999, Monterrey). */
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  inventory: z.array(cutInventoryRowSchema),
  sales: z.array(cutSalesRowSchema),
  pending: z.array(cutPendingReceiptSchema),
  totals: cutTotalsSchema,
  /** Recorded into this day after its previous cut (absent in cuts made before it was tracked). */
  late: z.array(cutLateEntrySchema).optional(),
  /** The shifts opened that Monterrey day (a shift belongs to the day it opened), oldest first. */
  shifts: z.array(cutShiftSchema).optional(),
  /** The returns made that day, apart from the sales (absent in cuts made before returns). */
  returns: z.array(cutReturnSchema).optional(),
  /** The cash reconciled line by line (absent in cuts made before it). */
  cash: cutCashSchema.optional(),
  /** The day's tax figures: its sales by rate, less its returns (absent in cuts made before taxes). */
  taxes: taxReportSchema.optional(),
  /**
   * The day's gross profit: its sales less the returns made that day, without taxes, the
   * 'sin costo' sales apart (absent in cuts made before profit).
   */
  profit: profitFiguresSchema.optional(),
});
export type CutData = z.infer<typeof cutDataSchema>;

/** A cut's `data` read back; null when it is not JSON or not a cut snapshot. */
export function parseCutData(json: string): CutData | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = cutDataSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** GET /reports/pdf/{id}?format=: the letter page (default) or an 80 mm ticket. */
export const CUT_PDF_FORMATS = ['letter', '80mm'] as const;
export type CutPdfFormat = (typeof CUT_PDF_FORMATS)[number];
export const cutPdfQuerySchema = z.strictObject({
  format: z.enum(CUT_PDF_FORMATS, { error: 'El formato debe ser letter u 80mm.' }).default('letter'),
});

/** GET /reports/cuts-of-day?date=: the cuts already made of a day (the web warns before another). */
export const cutsOfDayQuerySchema = z.strictObject({
  date: z.string({ error: CUT_DATE_REQUIRED }).trim().min(1, CUT_DATE_REQUIRED).refine(isYmd, CUT_DATE_FORMAT),
});
export const cutsOfDayResponseSchema = z.object({
  cuts: z.array(z.object({ id: z.number().int(), createdAt: isoDateTimeSchema })),
});
export type CutsOfDayResponse = z.infer<typeof cutsOfDayResponseSchema>;
