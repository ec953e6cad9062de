import { describe, expect, it } from 'vitest';
import {
  averageTicketCents,
  changePercent,
  chartDays,
  dashboardQuerySchema,
  defaultDashboardRange,
  sameWeekdayLastWeek,
  suggestedOrderMilli,
} from '../src/index.js';

describe('dashboard rules', () => {
  it('compares with the same weekday of last week, in percent with one decimal', () => {
    expect(sameWeekdayLastWeek('2026-11-20')).toBe('2026-11-13');
    expect(sameWeekdayLastWeek('2026-03-03')).toBe('2026-02-24');
    expect(changePercent(9283, 21867)).toBe(-57.5);
    expect(changePercent(4183, 1667)).toBe(150.9);
    expect(changePercent(5, 5)).toBe(0);
    expect(changePercent(100, 0)).toBeNull();
    expect(changePercent(0, 0)).toBeNull();
  });

  it('averages the ticket to the centavo, half up', () => {
    expect(averageTicketCents(9283, 2)).toBe(4642);
    expect(averageTicketCents(27850, 3)).toBe(9283);
    expect(averageTicketCents(0, 0)).toBe(0);
  });

  it('shows the last 30 days, today last, and takes them as the default range', () => {
    const days = chartDays('2026-03-01');
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-01-31');
    expect(days.at(-1)).toBe('2026-03-01');
    expect(defaultDashboardRange('2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('suggests ordering up to twice the minimum, or a month of sales, in whole units, at least one', () => {
    const suggest = (stock: number, minimum: number, sold: number) =>
      suggestedOrderMilli({ stockMilli: stock, minimumMilli: minimum, soldLast30DaysMilli: sold }) / 1000;
    expect(suggest(3000, 10000, 0)).toBe(17);
    expect(suggest(1750, 2000, 2500)).toBe(3);
    expect(suggest(1000, 1000, 5000)).toBe(4);
    expect(suggest(-2000, 10000, 0)).toBe(22);
    expect(suggest(0, 0, 0)).toBe(1);
    expect(suggest(5000, 0, 0)).toBe(1);
  });

  it('refuses a reversed range and one over 366 days', () => {
    expect(dashboardQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(dashboardQuerySchema.safeParse({ from: '2026-01-01', to: '2027-01-02' }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
  });
});
