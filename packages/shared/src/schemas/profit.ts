import { z } from 'zod';
import { daysInRange } from '../dashboard.js';
import { isYmd } from '../dates.js';

// The profit contract (issue 37): the figures of profit.ts as the API sends them (pesos, margin in
// percent), the dashboard's and the cut's profit, and GET /report/profit. Never sent to a Seller.

/** Revenue, cost, profit and margin of the lines with a known cost; the 'sin costo' revenue apart. */
export const profitFiguresSchema = z.object({
  /** Pesos without IVA and IEPS, net of the returns made in the period. */
  revenue: z.number(),
  cost: z.number(),
  profit: z.number(),
  /** profit / revenue in percent, one decimal; null without revenue. */
  margin: z.number().nullable(),
  /** Revenue without taxes of the lines sold with no known cost ('sin costo'), never profit. */
  noCostRevenue: z.number(),
});

/** The dashboard's profit: today against the same weekday of last week, and the last 30 days. */
export const dashboardProfitSchema = z.object({
  today: profitFiguresSchema,
  lastWeek: profitFiguresSchema,
  /** Change of today's profit against last week's, percent; null when last week made none. */
  changePercent: z.number().nullable(),
  last30Days: profitFiguresSchema,
});
export type DashboardProfit = z.infer<typeof dashboardProfitSchema>;

export const PROFIT_GROUPINGS = ['product', 'category', 'day'] as const;
export type ProfitGrouping = (typeof PROFIT_GROUPINGS)[number];
export const PROFIT_GROUPING_LABELS: Record<ProfitGrouping, string> = {
  product: 'Producto',
  category: 'Categoría',
  day: 'Día',
};
/** The longest range the report answers at once. */
export const PROFIT_MAX_RANGE_DAYS = 366;

export const PROFIT_DATE_FORMAT = 'La fecha debe tener la forma AAAA-MM-DD.';
export const PROFIT_RANGE_ORDER = 'La fecha inicial no puede ser posterior a la final.';
export const PROFIT_RANGE_TOO_WIDE = `El periodo admite como máximo ${PROFIT_MAX_RANGE_DAYS} días.`;
export const PROFIT_NO_CATEGORY = 'Sin categoría';

const ymd = z.string({ error: PROFIT_DATE_FORMAT }).refine(isYmd, PROFIT_DATE_FORMAT);

/** GET /report/profit?from&to&by&format: Monterrey days, both included. */
export const profitReportQuerySchema = z
  .strictObject({
    from: ymd,
    to: ymd,
    by: z.enum(PROFIT_GROUPINGS, { error: 'Agrupa por product, category o day.' }).default('product'),
    format: z.enum(['json', 'csv'], { error: 'El formato debe ser json o csv.' }).default('json'),
  })
  .refine((q) => q.from <= q.to, { message: PROFIT_RANGE_ORDER, path: ['to'] })
  .refine((q) => q.from > q.to || daysInRange(q.from, q.to) <= PROFIT_MAX_RANGE_DAYS, {
    message: PROFIT_RANGE_TOO_WIDE,
    path: ['from'],
  });
export type ProfitReportQuery = z.input<typeof profitReportQuerySchema>;

export const profitReportRowSchema = profitFiguresSchema.extend({
  /** product: the product's id; category and day: null. */
  productId: z.number().int().nullable(),
  /** The product's name, the category ('Sin categoría' for none), or the day (YYYY-MM-DD). */
  label: z.string(),
  /** product: its unit and the quantity sold less returned in it; null otherwise. */
  unit: z.string().nullable(),
  quantity: z.number().nullable(),
});
export type ProfitReportRow = z.infer<typeof profitReportRowSchema>;

export const profitReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(PROFIT_GROUPINGS),
  /** product and category: by profit, largest first; day: oldest first (every day of the range). */
  rows: z.array(profitReportRowSchema),
  totals: profitFiguresSchema,
});
export type ProfitReport = z.infer<typeof profitReportSchema>;

/** The CSV's header, in column order. */
export const PROFIT_CSV_COLUMNS = [
  'Ingresos sin impuestos',
  'Costo',
  'Utilidad',
  'Margen %',
  'Ventas sin costo',
] as const;
