import { z } from 'zod';
import { isYmd } from '../dates.js';
import { IVA_RATES } from '../taxes.js';

// The tax figures of a period (a cut's day, a month): what the shop declares. Sales count on
// their day unless cancelled; returns subtract on the day they were made.

/** Sales and returns of one combination of rates, pesos; each figure is sales − returns. */
export const taxReportRowSchema = z.object({
  ivaRate: z.enum(IVA_RATES),
  /** IEPS as a rate, percent; null for none or a cuota. */
  iepsRate: z.number().nullable(),
  /** IEPS by cuota per unit. */
  iepsByQuota: z.boolean(),
  base: z.number(),
  ieps: z.number(),
  iva: z.number(),
  /** base + ieps + iva. */
  total: z.number(),
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

export const taxReportSchema = z.object({
  /** Monterrey days, inclusive. */
  from: z.string(),
  to: z.string(),
  rows: z.array(taxReportRowSchema),
  /** Σ of the rows. */
  totals: z.object({ base: z.number(), ieps: z.number(), iva: z.number(), total: z.number() }),
  /** What returns took off the period's figures (already subtracted in rows and totals). */
  returned: z.object({ base: z.number(), ieps: z.number(), iva: z.number(), total: z.number() }),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

const DAY_FORMAT = 'La fecha debe tener la forma AAAA-MM-DD.';
export const TAX_PERIOD_MESSAGE = 'Indica un día (AAAA-MM-DD) o un mes (AAAA-MM).';

/** GET /reports/taxes?month=YYYY-MM or ?from=&to= (days): a month, or any span of days. */
export const taxReportQuerySchema = z
  .strictObject({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, TAX_PERIOD_MESSAGE)
      .optional(),
    from: z.string().refine(isYmd, DAY_FORMAT).optional(),
    to: z.string().refine(isYmd, DAY_FORMAT).optional(),
  })
  .refine((q) => (q.month ? !q.from && !q.to : Boolean(q.from)), { message: TAX_PERIOD_MESSAGE, path: ['month'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['to'],
  });
export type TaxReportQuery = z.input<typeof taxReportQuerySchema>;
