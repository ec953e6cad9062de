import { describe, expect, it } from 'vitest';
import { dayCashCents, expectedCashCents, outsideShiftsNetCents, type ShiftCashCents } from '../src/cash-drawer.js';
import { CUT_CASH_TEXTS, cutCashLines } from '../src/cut.js';

const shift = (figures: Partial<ShiftCashCents>): ShiftCashCents => ({
  openingFloatCents: 0,
  cashSalesCents: 0,
  cashPaymentsCents: 0,
  cashRefundsCents: 0,
  entradasCents: 0,
  salidasCents: 0,
  ...figures,
});

describe("a day's cash, line by line", () => {
  it('adds the drawers up and meets the Efectivo payments exactly', () => {
    const a = shift({
      openingFloatCents: 50_000,
      cashSalesCents: 104_275,
      cashRefundsCents: 4_000,
      salidasCents: 35_000,
    });
    const b = shift({
      openingFloatCents: 20_000,
      cashSalesCents: 37_550,
      cashPaymentsCents: 50_000,
      entradasCents: 10_000,
    });
    const outside = { cashSalesCents: 5_750, cashPaymentsCents: 0, cashRefundsCents: 0 };
    // Efectivo payments of the day: 1,042.75 + 375.50 + 500 − 40 + 57.50 = 1,935.75
    const day = dayCashCents([a, b], outside, 193_575);
    expect(day.openingFloatCents).toBe(70_000);
    expect(day.cashSalesCents).toBe(141_825);
    expect(day.cashPaymentsCents).toBe(50_000);
    expect(day.cashRefundsCents).toBe(4_000);
    expect(day.entradasCents).toBe(10_000);
    expect(day.salidasCents).toBe(35_000);
    // 700 + 1,418.25 + 500 − 40 + 100 − 350 = 2,328.25
    expect(day.expectedCents).toBe(232_825);
    expect(day.expectedCents).toBe(expectedCashCents(a) + expectedCashCents(b));
    expect(outsideShiftsNetCents(outside)).toBe(5_750);
    expect(day.otherDaysCents).toBe(0);
  });

  it('names what a drawer of another day took: the identity still holds to the centavo', () => {
    const day = dayCashCents(
      [shift({ cashSalesCents: 10_000 })],
      { cashSalesCents: 0, cashPaymentsCents: 0, cashRefundsCents: 1_050 },
      12_501,
    );
    expect(day.otherDaysCents).toBe(3_551);
    expect(
      day.cashSalesCents +
        day.cashPaymentsCents -
        day.cashRefundsCents +
        outsideShiftsNetCents(day.outside) +
        day.otherDaysCents,
    ).toBe(day.efectivoCents);
  });

  it('is all zeros on a day with no drawers and no cash', () => {
    const day = dayCashCents([], { cashSalesCents: 0, cashPaymentsCents: 0, cashRefundsCents: 0 }, 0);
    expect(day).toMatchObject({ expectedCents: 0, otherDaysCents: 0, efectivoCents: 0, openingFloatCents: 0 });
  });
});

describe("the cut's cash lines", () => {
  const cash = {
    openingFloats: 800,
    cashSales: 685.74,
    cashPayments: 500,
    cashRefunds: 375.5,
    entradas: 120.4,
    salidas: 350,
    expected: 1380.64,
    counted: 1380.39,
    difference: -0.25,
    movements: [
      { type: 'Salida' as const, amount: 350, note: 'Gas', user: 'Bety' },
      { type: 'Entrada' as const, amount: 120.4, note: 'Cambio', user: 'Gerente' },
    ],
    outside: { cashSales: 57.5, cashPayments: 0, cashRefunds: 0, net: 57.5 },
    otherDays: 0,
    efectivo: 867.74,
  };

  it('adds up: every total is the sum of the lines above it, to the centavo', () => {
    const lines = cutCashLines(cash);
    const totals = lines.filter((line) => line.kind === 'total');
    expect(totals.map((line) => [line.label, line.amount])).toEqual([
      [CUT_CASH_TEXTS.expected, 1380.64],
      [CUT_CASH_TEXTS.efectivo, 867.74],
    ]);
    let running = 0;
    for (const line of lines) {
      if (line.kind === 'line') running += Math.round(line.amount * 100);
      if (line.kind === 'total') {
        expect(running).toBe(Math.round(line.amount * 100));
        running = 0;
      }
    }
  });

  it('lists each entrada and salida with its note, and the cash outside drawers on its own line', () => {
    const lines = cutCashLines(cash);
    expect(lines).toContainEqual({ label: 'Gas (Bety)', amount: -350, kind: 'detail' });
    expect(lines).toContainEqual({ label: 'Cambio (Gerente)', amount: 120.4, kind: 'detail' });
    expect(lines).toContainEqual({ label: CUT_CASH_TEXTS.outsideSales, amount: 57.5, kind: 'line' });
    expect(lines).toContainEqual({ label: CUT_CASH_TEXTS.throughDrawers, amount: 810.24, kind: 'line' });
    expect(lines.some((line) => line.label === CUT_CASH_TEXTS.otherDays)).toBe(false);
  });
});
