import {
  averageTicketCents,
  businessDayBounds,
  businessToday,
  centsToPesos,
  changePercent,
  chartDays,
  type ComparedFigure,
  type Dashboard,
  type DashboardQuery,
  DASHBOARD_TOP_PRODUCTS,
  defaultDashboardRange,
  fromMilli,
  type LowStockItem,
  sameWeekdayLastWeek,
  suggestedOrderMilli,
  toIso,
  type TopProduct,
  addProfitCents,
  type DashboardProfit,
  type ProfitCents,
  profitFigures,
  ZERO_PROFIT,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { CreditService } from '../credit/credit.service.js';
import type { ReportsService } from '../reports/reports.service.js';
import * as q from './dashboard.queries.js';
import { renderShoppingListPdf } from './shopping-list.pdf.js';
import { shoppingListCsv } from './shopping-list.csv.js';
import type { SettingsService } from '../settings/index.js';

export interface DashboardDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** 'Por cobrar' and overdue come from the receivables, with the fiado rules. */
  credit: Pick<CreditService, 'receivables'>;
  /** 'Cobrado hoy' is the cut's net payments, computed by the reports module. */
  reports: Pick<ReportsService, 'netPaymentsCents' | 'taxes' | 'profitPerDay'>;
  /** The shop's name, at the head of the shopping list's PDF. */
  settings: Pick<SettingsService, 'current'>;
}

const collator = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });

interface DayCents {
  cashCents: number;
  creditCents: number;
  receipts: number;
}

const compared = (today: number, lastWeek: number, toPesos = true): ComparedFigure => ({
  today: toPesos ? centsToPesos(today) : today,
  lastWeek: toPesos ? centsToPesos(lastWeek) : lastWeek,
  changePercent: changePercent(today, lastWeek),
});

const toTopProduct = (row: q.ProductSalesRow): TopProduct => ({
  productId: row.productId,
  cuid: row.cuid,
  name: row.name,
  unit: row.unit,
  quantity: fromMilli(row.quantityMilli),
  total: centsToPesos(row.totalCents),
});

/** Today's profit against the compared day's, and the 30 days' (today last). */
function dashboardProfit(perDay: readonly ProfitCents[], compareIndex: number): DashboardProfit {
  const today = perDay.at(-1)!;
  const lastWeek = perDay[compareIndex]!;
  return {
    today: profitFigures(today),
    lastWeek: profitFigures(lastWeek),
    changePercent: changePercent(today.revenueCents - today.costCents, lastWeek.revenueCents - lastWeek.costCents),
    last30Days: profitFigures(perDay.reduce(addProfitCents, ZERO_PROFIT)),
  };
}

export function createDashboardService({ db, clock, credit, reports, settings }: DashboardDeps) {
  /** The last 30 days' sales per day and payment mode (today is the last). */
  async function salesOfDays(days: readonly string[]): Promise<DayCents[]> {
    const starts = days.map((day) => businessDayBounds(day).start);
    const rows = await q.findSalesPerDay(db, starts, businessDayBounds(days.at(-1)!).end);
    const totals = days.map((): DayCents => ({ cashCents: 0, creditCents: 0, receipts: 0 }));
    for (const row of rows) {
      const day = totals[row.day]!;
      if (row.paymentMode === 'Cash') day.cashCents += row.totalCents;
      else day.creditCents += row.totalCents;
      day.receipts += row.receipts;
    }
    return totals;
  }

  /** The low products with what sold of each in the last 30 days and what to order. */
  function lowStockOf(low: Awaited<ReturnType<typeof q.findLowStock>>, sold30: q.ProductSalesRow[]): LowStockItem[] {
    const soldOf = new Map(sold30.map((row) => [row.productId, row.quantityMilli]));
    return low
      .map((p) => {
        const soldLast30DaysMilli = soldOf.get(p.id) ?? 0;
        return {
          productId: p.id,
          cuid: p.cuid,
          name: p.name,
          unit: p.units,
          stock: fromMilli(p.stockMilli),
          minStock: fromMilli(p.minimumMilli),
          soldLast30Days: fromMilli(soldLast30DaysMilli),
          suggested: fromMilli(
            suggestedOrderMilli({ stockMilli: p.stockMilli, minimumMilli: p.minimumMilli, soldLast30DaysMilli }),
          ),
        };
      })
      .sort((a, b) => collator.compare(a.name, b.name) || a.productId - b.productId);
  }

  async function lowStock(now: number): Promise<LowStockItem[]> {
    const days = chartDays(businessToday(now));
    const [low, sold30] = await Promise.all([
      q.findLowStock(db),
      q.findProductSales(db, businessDayBounds(days[0]!).start, businessDayBounds(days.at(-1)!).end),
    ]);
    return lowStockOf(low, sold30);
  }

  return {
    async get(query: DashboardQuery): Promise<Dashboard> {
      const now = clock();
      const today = businessToday(now);
      const compareDate = sameWeekdayLastWeek(today);
      const days = chartDays(today);
      const range = { ...defaultDashboardRange(today), ...query };
      const last30 = { start: businessDayBounds(days[0]!).start, end: businessDayBounds(today).end };
      const inRange = { start: businessDayBounds(range.from).start, end: businessDayBounds(range.to).end };
      const rangeIsLast30 = inRange.start === last30.start && inRange.end === last30.end;
      const todayBounds = businessDayBounds(today);
      const compareBounds = businessDayBounds(compareDate);

      const [perDay, paymentsToday, paymentsLastWeek, receivables, sold30, soldInRange, sellers, low, taxes, profit] =
        await Promise.all([
          salesOfDays(days),
          reports.netPaymentsCents(todayBounds.start, todayBounds.end),
          reports.netPaymentsCents(compareBounds.start, compareBounds.end),
          credit.receivables(),
          q.findProductSales(db, last30.start, last30.end),
          rangeIsLast30 ? null : q.findProductSales(db, inRange.start, inRange.end),
          q.findSellerSales(db, inRange.start, inRange.end),
          q.findLowStock(db),
          reports.taxes(range.from, range.to),
          reports.profitPerDay(days),
        ]);

      const t = perDay.at(-1)!;
      const w = perDay[days.indexOf(compareDate)]!;
      const salesToday = t.cashCents + t.creditCents;
      const salesLastWeek = w.cashCents + w.creditCents;
      const products = soldInRange ?? sold30;
      const top = (order: (a: q.ProductSalesRow, b: q.ProductSalesRow) => number) =>
        [...products]
          .sort((a, b) => order(a, b) || collator.compare(a.name, b.name) || a.productId - b.productId)
          .slice(0, DASHBOARD_TOP_PRODUCTS)
          .map(toTopProduct);

      return {
        today: {
          date: today,
          compareDate,
          sales: compared(salesToday, salesLastWeek),
          cash: compared(t.cashCents, w.cashCents),
          credit: compared(t.creditCents, w.creditCents),
          receipts: compared(t.receipts, w.receipts, false),
          averageTicket: compared(
            averageTicketCents(salesToday, t.receipts),
            averageTicketCents(salesLastWeek, w.receipts),
          ),
          payments: compared(paymentsToday, paymentsLastWeek),
        },
        // The route is Admin's and Manager's only (canViewAnalytics): no Seller reaches these figures.
        profit: dashboardProfit(profit, days.indexOf(compareDate)),
        receivable: {
          total: receivables.totals.balance,
          overdue: receivables.totals.overdue,
          clients: receivables.clients.length,
        },
        days: days.map((date, i) => {
          const d = perDay[i]!;
          return {
            date,
            cash: centsToPesos(d.cashCents),
            credit: centsToPesos(d.creditCents),
            total: centsToPesos(d.cashCents + d.creditCents),
            receipts: d.receipts,
          };
        }),
        range: { from: range.from, to: range.to },
        taxes,
        topByRevenue: top((a, b) => b.totalCents - a.totalCents || b.quantityMilli - a.quantityMilli),
        topByQuantity: top((a, b) => b.quantityMilli - a.quantityMilli || b.totalCents - a.totalCents),
        sellers: sellers
          .map((s) => ({
            userId: s.userId,
            name: s.name,
            receipts: s.receipts,
            total: centsToPesos(s.totalCents),
            averageTicket: centsToPesos(averageTicketCents(s.totalCents, s.receipts)),
          }))
          .sort((a, b) => b.total - a.total || collator.compare(a.name, b.name) || a.userId - b.userId),
        lowStock: lowStockOf(low, sold30),
        generatedAt: toIso(now),
      };
    },

    /** Every product at or under its minimum with what to order (the reorder's groups start here). */
    lowStock: () => lowStock(clock()),

    /** The 'Lista de compras': every low product with the quantity to order, as CSV or PDF. */
    async shoppingList(format: 'csv' | 'pdf'): Promise<{ name: string; type: string; data: Buffer }> {
      const now = clock();
      const items = await lowStock(now);
      const name = `lista-de-compras-${businessToday(now)}`;
      if (format === 'csv')
        return { name: `${name}.csv`, type: 'text/csv; charset=utf-8', data: shoppingListCsv(items) };
      return {
        name: `${name}.pdf`,
        type: 'application/pdf',
        data: await renderShoppingListPdf(items, { businessName: (await settings.current()).businessName, now }),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
