import { z } from 'zod';
import { dashboardProfitSchema } from './profit.js';
import { taxReportSchema } from './tax-report.js';
import { DASHBOARD_MAX_RANGE_DAYS, daysInRange } from '../dashboard.js';
import { isYmd } from '../dates.js';
import { isoDateTimeSchema } from './common.js';

// The dashboard contract: GET /dashboard?from&to and the 'Lista de compras' (CSV or PDF). Money in
// pesos (each computed from integer centavos), quantities in each product's unit.

export const DASHBOARD_DATE_FORMAT = 'La fecha debe tener la forma AAAA-MM-DD.';
export const DASHBOARD_RANGE_ORDER = 'La fecha inicial no puede ser posterior a la final.';
export const DASHBOARD_RANGE_TOO_WIDE = `El periodo admite como máximo ${DASHBOARD_MAX_RANGE_DAYS} días.`;

const ymd = z.string({ error: DASHBOARD_DATE_FORMAT }).refine(isYmd, DASHBOARD_DATE_FORMAT);

/** from/to: Monterrey days, both included; without them the last 30 days. */
export const dashboardQuerySchema = z
  .strictObject({ from: ymd.optional(), to: ymd.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: DASHBOARD_RANGE_ORDER, path: ['to'] })
  .refine((q) => !q.from || !q.to || q.from > q.to || daysInRange(q.from, q.to) <= DASHBOARD_MAX_RANGE_DAYS, {
    message: DASHBOARD_RANGE_TOO_WIDE,
    path: ['from'],
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A figure of today next to the same weekday of last week; change in percent (null: nothing last week). */
export const comparedFigureSchema = z.object({
  today: z.number(),
  lastWeek: z.number(),
  changePercent: z.number().nullable(),
});
export type ComparedFigure = z.infer<typeof comparedFigureSchema>;

export const dashboardDaySchema = z.object({
  date: z.string(),
  /** Pesos of the non-cancelled receipts of the day, as the day's cut adds them. */
  cash: z.number(),
  credit: z.number(),
  total: z.number(),
  receipts: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const topProductSchema = z.object({
  productId: z.number().int(),
  cuid: z.string(),
  name: z.string(),
  unit: z.string(),
  /** Quantity sold in the range, in `unit` (never added across units). */
  quantity: z.number(),
  /** Pesos. */
  total: z.number(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const sellerSalesSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  receipts: z.number().int(),
  total: z.number(),
  averageTicket: z.number(),
});
export type SellerSales = z.infer<typeof sellerSalesSchema>;

export const lowStockItemSchema = z.object({
  productId: z.number().int(),
  cuid: z.string(),
  name: z.string(),
  unit: z.string(),
  stock: z.number(),
  /** The product's own minimum, or the default one. */
  minStock: z.number(),
  soldLast30Days: z.number(),
  /** What the 'Lista de compras' suggests ordering (suggestedOrderMilli). */
  suggested: z.number(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const dashboardSchema = z.object({
  today: z.object({
    date: z.string(),
    /** The same weekday of last week. */
    compareDate: z.string(),
    sales: comparedFigureSchema,
    cash: comparedFigureSchema,
    credit: comparedFigureSchema,
    receipts: comparedFigureSchema,
    averageTicket: comparedFigureSchema,
    /** Net money received (enabled ADD − enabled REMOVE), as the cut's totalPayments. */
    payments: comparedFigureSchema,
  }),
  /**
   * Gross profit (utilidad bruta): today against the same weekday of last week, and the last 30
   * days; the 'sin costo' sales apart. Left out of the answer for a user who may not see costs.
   */
  profit: dashboardProfitSchema.optional(),
  /** What clients owe now ('Por cobrar') and the part past its plazo. */
  receivable: z.object({ total: z.number(), overdue: z.number(), clients: z.number().int() }),
  /** The last 30 days, oldest first, today last. */
  days: z.array(dashboardDaySchema),
  range: z.object({ from: z.string(), to: z.string() }),
  /** The range's taxes: its sales by rate less its returns. */
  taxes: taxReportSchema,
  topByRevenue: z.array(topProductSchema),
  topByQuantity: z.array(topProductSchema),
  sellers: z.array(sellerSalesSchema),
  lowStock: z.array(lowStockItemSchema),
  generatedAt: isoDateTimeSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const SHOPPING_LIST_FORMATS = ['csv', 'pdf'] as const;
export const shoppingListQuerySchema = z.strictObject({
  format: z.enum(SHOPPING_LIST_FORMATS, { error: 'El formato debe ser csv o pdf.' }).default('csv'),
});
export type ShoppingListQuery = z.infer<typeof shoppingListQuerySchema>;

/** The 'Lista de compras' CSV header, in column order. */
export const SHOPPING_LIST_COLUMNS = [
  'Código',
  'Producto',
  'Unidad',
  'Existencia',
  'Mínimo',
  'Vendido 30 días',
  'Sugerido',
] as const;
