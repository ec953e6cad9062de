import { describe, expect, it } from 'vitest';
import { periodOf, previousMonthStart } from '../src/modules/invoicing/periods.js';

// The periods of a factura global: a day, a week (Monday to Sunday) cut at the month's end, a
// quincena, a month; never across two months, since InformacionGlobal names one.

describe('periodOf', () => {
  it.each([
    ['2026-11-27', '01', { from: '2026-11-27', to: '2026-11-27' }],
    // Friday 27 November 2026: the week of Monday 23 to Sunday 29.
    ['2026-11-27', '02', { from: '2026-11-23', to: '2026-11-29' }],
    // Monday 30 November: its week runs into December, cut at the month's end.
    ['2026-11-30', '02', { from: '2026-11-30', to: '2026-11-30' }],
    // Tuesday 1 December: the same week's December part.
    ['2026-12-01', '02', { from: '2026-12-01', to: '2026-12-06' }],
    ['2026-11-15', '03', { from: '2026-11-01', to: '2026-11-15' }],
    ['2026-11-16', '03', { from: '2026-11-16', to: '2026-11-30' }],
    ['2028-02-20', '03', { from: '2028-02-16', to: '2028-02-29' }],
    ['2026-02-10', '04', { from: '2026-02-01', to: '2026-02-28' }],
  ] as const)('%s with periodicity %s', (day, periodicity, period) => {
    expect(periodOf(day, periodicity)).toEqual(period);
  });

  it('looks back to the start of last month', () => {
    expect(previousMonthStart('2026-11-27')).toBe('2026-10-01');
    expect(previousMonthStart('2027-01-05')).toBe('2026-12-01');
  });
});
