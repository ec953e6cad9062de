import {
  businessDayBounds,
  businessToday,
  type CashCountReport,
  centsToPesos,
  clientFullName,
  CUT_DATE_IN_FUTURE,
  type CutCash,
  type CutData,
  dayCashCents,
  type OutsideShiftsCents,
  outsideShiftsNetCents,
  pesosToCents,
  type CutPendingReceipt,
  type CutSalesRow,
  type CutsOfDayResponse,
  type PaymentMethod,
  type Shift,
  cutTotalsFromCents,
  type InventoryLog,
  type ListReportsResponse,
  type listReportsQuerySchema,
  fromMilli,
  lineTotalCents,
  toIso,
  totalsFromCents,
  type TaxReport,
  profitFigures,
  type ProfitGrouping,
  type ProfitReport,
  type ProfitCents,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../db/connection.js';
import type { CashCountReportRow, DB, InventoryLogRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import type { CashService } from '../cash/cash.service.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { groupBy } from '../../lib/group-by.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import { findUnreported, markReported, waitForWritesInFlight } from '../late-entries/index.js';
import { businessInfoOf } from '../printing/index.js';
import { taxReport } from './taxes.js';
import { dayProfit, profitPerDay, profitReport } from './profit.js';
import type { SettingsService } from '../settings/index.js';
import { renderCutPdf } from './reports.pdf.js';
import * as q from './reports.queries.js';

export type ListReportsParams = z.output<typeof listReportsQuerySchema>;

/** The cash drawers of [start, end] and the cash outside them (the cash module's dayDrawers). */
export type DrawersOfDay = (
  executor: Executor,
  start: number,
  end: number,
) => Promise<{ shifts: Shift[]; outside: OutsideShiftsCents }>;

export interface ReportsDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** The day's shifts for the cut. */
  cash: Pick<CashService, 'dayDrawers'>;
  /** The shop's identity, at the head of the cut's PDF. */
  settings: Pick<SettingsService, 'current' | 'logo'>;
}

const collator = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string; productId: number }, b: { name: string; productId: number }) =>
  collator.compare(a.name, b.name) || a.productId - b.productId;
const PAYMENT_MODE_ORDER = { Cash: 0, Credit: 1 } as const;
const METHOD_ORDER = { Efectivo: 0, Tarjeta: 1, Transferencia: 2 } as const;

export function toInventoryLog(row: InventoryLogRow): InventoryLog {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    userName: row.userName,
    reason: row.reason,
    delta: fromMilli(row.deltaMilli),
    before: fromMilli(row.stockBeforeMilli),
    after: fromMilli(row.stockAfterMilli),
    note: row.note,
    createdAt: toIso(row.createdAt),
  };
}

export function toCashCountReport(row: CashCountReportRow): CashCountReport {
  return { id: row.id, date: row.date, createdAt: toIso(row.createdAt), data: row.data };
}

/**
 * The cut of one Monterrey day: its inventory movements, sales, net payments and the credit still
 * owed. The caller reads it in one snapshot so every section sees the same state of the database.
 * Money is added up in centavos and only then written as pesos.
 */
export async function computeCut(db: Executor, date: string, drawersOf?: DrawersOfDay): Promise<CutData> {
  const { start, end } = businessDayBounds(date);
  const [movements, sales, netByMethod, pendingRows, drawers, returns, taxes, profit] = await Promise.all([
    q.findDayMovements(db, start, end),
    q.findDaySales(db, start, end),
    q.findNetPaymentsByMethodCents(db, start, end),
    q.findPendingCredit(db, end),
    drawersOf ? drawersOf(db, start, end) : Promise.resolve(null),
    q.findDayReturns(db, start, end),
    taxReport(db, date, date),
    dayProfit(db, date),
  ]);
  const byMethodCents: Record<PaymentMethod, number> = { Efectivo: 0, Tarjeta: 0, Transferencia: 0 };
  for (const row of netByMethod) byMethodCents[row.method] += row.cents;
  const netPaymentsCents = netByMethod.reduce((sum, row) => sum + row.cents, 0);

  const salesRows = sales
    .map((row) => ({ ...row, units: fromMilli(row.quantityMilli) }))
    .sort(
      (a, b) =>
        byName(a, b) ||
        a.priceCents - b.priceCents ||
        PAYMENT_MODE_ORDER[a.paymentMode] - PAYMENT_MODE_ORDER[b.paymentMode] ||
        METHOD_ORDER[a.method ?? 'Efectivo'] - METHOD_ORDER[b.method ?? 'Efectivo'],
    );

  const itemsOf = groupBy(pendingRows.items, (item) => item.receiptId);
  const paymentsOf = groupBy(pendingRows.payments, (payment) => payment.receiptId);
  const pending = pendingRows.receipts.map((receipt) => {
    const items = itemsOf.get(receipt.id) ?? [];
    const payments = (paymentsOf.get(receipt.id) ?? []).map((p) => ({ ...p, isEnabled: p.isEnabled === 1 }));
    const lines = items.map((item) => ({ quantity: fromMilli(item.quantityMilli), priceCents: item.priceCents }));
    const totals = totalsFromCents(lines, payments, receipt.returnedCents);
    return { receipt, items, payments, totals };
  });

  const totals = cutTotalsFromCents({
    sales: salesRows,
    netPaymentsCents,
    pending: pending.map((p) => ({ pendingCents: p.totals.balanceCents })),
  });

  return {
    date,
    from: toIso(start),
    to: toIso(end),
    inventory: movements.sort(byName).map((row) => ({
      productId: row.productId,
      cuid: row.cuid,
      name: row.name,
      unit: row.units,
      initial: fromMilli(row.initial),
      sales: fromMilli(row.sales),
      returned: fromMilli(row.returned),
      adds: fromMilli(row.adds),
      merma: fromMilli(row.merma),
      adjustments: fromMilli(row.adjustments),
      final: fromMilli(row.final),
    })),
    sales: salesRows.map((row): CutSalesRow => ({
      productId: row.productId,
      productCuid: row.cuid,
      name: row.name,
      unit: row.unit,
      units: row.units,
      price: centsToPesos(row.priceCents),
      total: centsToPesos(row.totalCents),
      paymentMode: row.paymentMode,
      ...(row.method ? { method: row.method } : {}),
    })),
    pending: pending.map(({ receipt, items, payments, totals: t }): CutPendingReceipt => ({
      id: receipt.id,
      client: clientFullName(
        receipt.firstName === null ? null : { firstName: receipt.firstName, lastName: receipt.lastName },
      ),
      date: toIso(receipt.date),
      items: items.map((item) => ({
        productId: item.productId,
        name: item.productName,
        unit: item.units,
        quantity: fromMilli(item.quantityMilli),
        price: centsToPesos(item.priceCents),
        total: centsToPesos(lineTotalCents(item.priceCents, item.quantityMilli)),
      })),
      payments: payments.map((p) => ({
        id: p.id,
        amount: centsToPesos(p.amountCents),
        reason: p.reason,
        method: p.method,
        isEnabled: p.isEnabled,
        note: p.note,
        createdAt: toIso(p.createdAt),
      })),
      amount: centsToPesos(t.netTotalCents),
      paid: centsToPesos(t.paidCents),
      pending: centsToPesos(t.balanceCents),
    })),
    // The returns made that day, whatever the day of their receipt: apart from the sales.
    returns: returns.map((r) => ({
      id: r.id,
      receiptId: r.receiptId,
      client: clientFullName(r.firstName === null ? null : { firstName: r.firstName, lastName: r.lastName }),
      paymentMode: r.paymentMode,
      user: r.userName,
      method: r.method,
      reason: r.reason,
      amount: centsToPesos(r.amountCents),
      refund: centsToPesos(r.refundCents),
      createdAt: toIso(r.createdAt),
    })),
    totals: {
      totalQuantities: totals.totalQuantities,
      totalAmount: centsToPesos(totals.totalAmountCents),
      totalPayments: centsToPesos(totals.totalPaymentsCents),
      totalDue: centsToPesos(totals.totalDueCents),
      totalReturned: centsToPesos(returns.reduce((sum, r) => sum + r.amountCents, 0)),
      totalRefunded: centsToPesos(returns.reduce((sum, r) => sum + r.refundCents, 0)),
      byMethod: {
        Efectivo: centsToPesos(byMethodCents.Efectivo),
        Tarjeta: centsToPesos(byMethodCents.Tarjeta),
        Transferencia: centsToPesos(byMethodCents.Transferencia),
      },
    },
    taxes,
    profit: profitFigures(profit),
    // A shift belongs to the day it opened (its sales after midnight included).
    ...(drawers && {
      shifts: drawers.shifts.map((shift) => ({
        id: shift.id,
        user: shift.user,
        openedAt: shift.openedAt,
        closedAt: shift.closedAt,
        openingFloat: shift.openingFloat,
        expected: shift.expected,
        counted: shift.counted,
        difference: shift.difference,
        result: shift.result,
        cashSales: shift.cashSales,
        cashPayments: shift.cashPayments,
        cashRefunds: shift.cashRefunds,
        entradas: shift.entradas,
        salidas: shift.salidas,
      })),
      cash: cutCashOf(drawers.shifts, drawers.outside, byMethodCents.Efectivo),
    }),
  };
}

/** The cut's cash section, line by line (see dayCashCents). */
function cutCashOf(shifts: readonly Shift[], outside: OutsideShiftsCents, efectivoCents: number): CutCash {
  const day = dayCashCents(
    shifts.map((shift) => ({
      openingFloatCents: pesosToCents(shift.openingFloat),
      cashSalesCents: pesosToCents(shift.cashSales),
      cashPaymentsCents: pesosToCents(shift.cashPayments),
      cashRefundsCents: pesosToCents(shift.cashRefunds),
      entradasCents: pesosToCents(shift.entradas),
      salidasCents: pesosToCents(shift.salidas),
    })),
    outside,
    efectivoCents,
  );
  const closed = shifts.filter((shift) => shift.counted !== null && shift.difference !== null);
  const sumOf = (values: number[]) => centsToPesos(values.reduce((total, v) => total + pesosToCents(v), 0));
  return {
    openingFloats: centsToPesos(day.openingFloatCents),
    cashSales: centsToPesos(day.cashSalesCents),
    cashPayments: centsToPesos(day.cashPaymentsCents),
    cashRefunds: centsToPesos(day.cashRefundsCents),
    entradas: centsToPesos(day.entradasCents),
    salidas: centsToPesos(day.salidasCents),
    expected: centsToPesos(day.expectedCents),
    counted: closed.length === 0 ? null : sumOf(closed.map((shift) => shift.counted!)),
    difference: closed.length === 0 ? null : sumOf(closed.map((shift) => shift.difference!)),
    openDrawers: shifts.length - closed.length,
    movements: shifts.flatMap((shift) =>
      shift.movements.map((m) => ({
        shiftId: shift.id,
        user: shift.user.name,
        type: m.type,
        amount: m.amount,
        note: m.note,
        createdAt: m.createdAt,
      })),
    ),
    outside: {
      cashSales: centsToPesos(outside.cashSalesCents),
      cashPayments: centsToPesos(outside.cashPaymentsCents),
      cashRefunds: centsToPesos(outside.cashRefundsCents),
      net: centsToPesos(outsideShiftsNetCents(outside)),
    },
    otherDays: centsToPesos(day.otherDaysCents),
    efectivo: centsToPesos(day.efectivoCents),
  };
}

export function createReportsService({ db, transact, clock, cash, settings }: ReportsDeps) {
  const drawersOf: DrawersOfDay = (executor, start, end) => cash.dayDrawers(executor, start, end);

  async function details(id: number): Promise<CashCountReport> {
    const row = await q.findCut(db, id);
    if (!row) throw notFound(`El corte #${id} no existe.`);
    return toCashCountReport(row);
  }

  return {
    details,

    /** The tax figures of the Monterrey days from..to (sales by rate less returns). */
    taxes(from: string, to: string): Promise<TaxReport> {
      return taxReport(db, from, to);
    },

    /** GET /report/profit: the profit of the days from..to by product, category or day. */
    profit(from: string, to: string, by: ProfitGrouping): Promise<ProfitReport> {
      return profitReport(db, from, to, by);
    },

    /** The profit of each of `days` (consecutive Monterrey days, ascending), centavos: the dashboard's. */
    profitPerDay(days: readonly string[]): Promise<ProfitCents[]> {
      return profitPerDay(db, days);
    },

    /** Money received in [start, end] by the cut's rule (the dashboard shows the same figure). */
    netPaymentsCents(start: number, end: number): Promise<number> {
      return q.findNetPaymentsCents(db, start, end);
    },

    async list(params: ListReportsParams): Promise<ListReportsResponse> {
      const after = params.cursor === undefined ? undefined : decodeCursor(params.cursor, 'cursor');
      const cutsAfter = params.cutsCursor === undefined ? undefined : decodeCursor(params.cutsCursor, 'cutsCursor');
      const [logs, cuts] = await Promise.all([
        params.limit === 0
          ? []
          : q.findInventoryLogsPage(db, {
              productId: params.productId,
              from: params.fromDate === undefined ? undefined : businessDayBounds(params.fromDate).start,
              to: params.toDate === undefined ? undefined : businessDayBounds(params.toDate).end,
              after,
              limit: params.limit + 1,
            }),
        params.cutsLimit === 0 ? [] : q.findCutsPage(db, { after: cutsAfter, limit: params.cutsLimit + 1 }),
      ]);
      const logPage = logs.slice(0, params.limit);
      const cutPage = cuts.slice(0, params.cutsLimit);
      return {
        inventoryLogs: logPage.map(toInventoryLog),
        nextCursor: logs.length > params.limit ? encodeCursor(logPage.at(-1)!) : null,
        cashCountReports: cutPage.map(toCashCountReport),
        nextCutsCursor: cuts.length > params.cutsLimit ? encodeCursor(cutPage.at(-1)!) : null,
      };
    },

    async generate(date: string, user: { id: number }): Promise<CashCountReport> {
      const at = clock();
      if (date > businessToday(at)) throw badRequest(CUT_DATE_IN_FUTURE);
      // One consistent snapshot for every section of the cut.
      const row = await transact(
        async (trx) => {
          await waitForWritesInFlight(trx);
          const data = await computeCut(trx, date, drawersOf);
          // What was recorded into this day since its previous cut: listed once, by this cut.
          const late = await findUnreported(trx, date);
          const withLate = { ...data, late: late.entries };
          const cut = await q.insertCut(trx, { date, data: JSON.stringify(withLate), userId: user.id, createdAt: at });
          await markReported(trx, late.ids, cut.id);
          return cut;
        },
        { snapshot: true },
      );
      return toCashCountReport(row);
    },

    async pdf(id: number): Promise<{ report: CashCountReport; pdf: Buffer }> {
      const report = await details(id);
      const [current, logo] = await Promise.all([settings.current(), settings.logo()]);
      return { report, pdf: await renderCutPdf(report, businessInfoOf({ ...current, logo })) };
    },

    /** GET /reports/cuts-of-day: the cuts already made of a day, oldest first. */
    async cutsOfDay(date: string): Promise<CutsOfDayResponse> {
      const rows = await q.findCutsOfDay(db, date);
      return { cuts: rows.map((row) => ({ id: row.id, createdAt: toIso(row.createdAt) })) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

// Cursors: the last row's (createdAt, id).
const encodeCursor = (row: { createdAt: number; id: number }) => encodeKeyset(row.createdAt, row.id);
function decodeCursor(cursor: string, field: string): q.CreatedKey {
  const { sortValue, id } = decodeKeyset(cursor, `${field}: El cursor no es válido.`);
  return { createdAt: sortValue, id };
}
