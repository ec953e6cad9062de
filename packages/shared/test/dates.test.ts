import { describe, expect, it, vi } from 'vitest';
import {
  businessDayBounds,
  businessDayOf,
  businessNowLocalTimestamp,
  BUSINESS_TIME_ZONE,
  dayjs,
  formatDateTime,
  formatLongDate,
  isLocalTimestamp,
  isYmd,
  localTimestampToEpoch,
  ymdDaysBetween,
} from '../src/dates.js';

// Monterrey has been UTC−6 all year since Mexico ended daylight saving time (2022).
describe('Monterrey business days', () => {
  it('reads a zone-less local timestamp as Monterrey wall time', () => {
    expect(new Date(localTimestampToEpoch('2026-11-21T12:30:00')).toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(new Date(localTimestampToEpoch('2026-11-21T23:30:00')).toISOString()).toBe('2026-11-22T05:30:00.000Z');
    expect(new Date(localTimestampToEpoch('2026-11-21T23:30:00.5')).toISOString()).toBe('2026-11-22T05:30:00.500Z');
    expect(new Date(localTimestampToEpoch('2026-11-21T23:30:00.25')).toISOString()).toBe('2026-11-22T05:30:00.250Z');
    expect(new Date(localTimestampToEpoch('2026-11-21T23:30')).toISOString()).toBe('2026-11-22T05:30:00.000Z');
  });

  it('puts a sale at 23:30 local time on its own day, not the next', () => {
    const lateSale = localTimestampToEpoch('2026-11-21T23:30:00');
    expect(businessDayOf(lateSale)).toBe('2026-11-21');
    const { start, end } = businessDayBounds('2026-11-21');
    expect(lateSale).toBeGreaterThanOrEqual(start);
    expect(lateSale).toBeLessThanOrEqual(end);
    expect(businessDayOf(localTimestampToEpoch('2026-11-22T00:10:00'))).toBe('2026-11-22');
  });

  it('spans a day from 00:00:00.000 to 23:59:59.999 local time', () => {
    const { start, end } = businessDayBounds('2026-11-21');
    expect(new Date(start).toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2026-11-22T05:59:59.999Z');
  });

  it('knows today in Monterrey when UTC has already moved on', () => {
    const utcAfterMidnight = Date.parse('2026-11-22T03:00:00Z');
    expect(businessDayOf(utcAfterMidnight)).toBe('2026-11-21');
    expect(businessNowLocalTimestamp(utcAfterMidnight)).toBe('2026-11-21T21:00:00');
  });

  it('validates day and timestamp strings', () => {
    expect(isYmd('2026-11-21')).toBe(true);
    expect(isYmd('2026-02-30')).toBe(false);
    expect(isYmd('21/11/2026')).toBe(false);
    expect(isLocalTimestamp('2026-11-21T12:30:00')).toBe(true);
    expect(isLocalTimestamp('2026-11-21T12:30')).toBe(true);
    expect(isLocalTimestamp('2026-11-21T12:30:00Z')).toBe(false);
    expect(isLocalTimestamp('mañana')).toBe(false);
    expect(isLocalTimestamp('2026-11-21T24:00:00')).toBe(false);
    expect(isLocalTimestamp('2026-11-21T25:00:00')).toBe(false);
    expect(isLocalTimestamp('2026-11-21T12:60:00')).toBe(false);
    expect(isLocalTimestamp('2026-11-21T23:59:59.999')).toBe(true);
  });

  it('takes as real days exactly those that dayjs parses strictly', () => {
    const years = [1, 99, 100, 1582, 1899, 1900, 1999, 2000, 2024, 2025, 2026, 2100, 2400, 9999];
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    for (const year of years) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const ymd = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const real = dayjs(ymd, 'YYYY-MM-DD', true).isValid();
          expect([ymd, isYmd(ymd), isLocalTimestamp(`${ymd}T08:15`)]).toEqual([ymd, real, real]);
        }
      }
    }
  });

  it('formats in es-MX with a 12-hour clock', () => {
    const instant = '2026-11-21T18:30:00.000Z';
    expect(formatLongDate(instant)).toBe('sábado, 21 de noviembre de 2026');
    expect(formatDateTime(instant)).toMatch(/^21\/11\/2026, 12:30\sp\.\s?m\.$/);
  });
});

describe('localTimestampToEpoch agrees with the time-zone database', () => {
  it('matches dayjs.tz minute by minute across a year with daylight saving time (2021) and after it', async () => {
    const { dayjs } = await import('../src/dates.js');
    for (const start of ['2021-04-03T00:00:00', '2021-10-30T00:00:00', '2026-11-21T00:00:00']) {
      for (let minute = 0; minute < 48 * 60; minute += 7) {
        const local = dayjs(start).add(minute, 'minute').format('YYYY-MM-DDTHH:mm:ss');
        const expected = dayjs.tz(local, 'America/Monterrey').valueOf();
        // The skipped and repeated hours of a DST change have no single answer; skip those.
        const zoned = dayjs.tz(local, 'America/Monterrey');
        const hourStart = dayjs.tz(`${local.slice(0, 13)}:00:00`, 'America/Monterrey');
        if (zoned.format('YYYY-MM-DDTHH:mm:ss') !== local || zoned.utcOffset() !== hourStart.utcOffset()) continue;
        expect(localTimestampToEpoch(local), local).toBe(expected);
      }
    }
  });
});

describe('businessDayOf (one cached formatter)', () => {
  it('gives the day dayjs gives, across the old daylight-saving changes and Monterrey midnights', () => {
    // 2022 had the last two changes (April and October); then fixed UTC−6.
    for (let instant = Date.UTC(2022, 0, 1); instant < Date.UTC(2023, 2, 1); instant += 193 * 60_000) {
      expect(businessDayOf(instant)).toBe(dayjs(instant).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD'));
    }
    const midnight = localTimestampToEpoch('2026-11-20T00:00:00');
    expect(businessDayOf(midnight)).toBe('2026-11-20');
    expect(businessDayOf(midnight - 1)).toBe('2026-11-19');
    expect(businessDayOf(new Date(midnight))).toBe('2026-11-20');
    expect(businessDayOf(new Date(midnight).toISOString())).toBe('2026-11-20');
  });

  it('bounds a day as dayjs.tz does, without its time-zone conversion (a formatter of its own)', () => {
    const byDayjs = (ymd: string) => {
      const start = dayjs.tz(ymd, BUSINESS_TIME_ZONE).startOf('day');
      return { start: start.valueOf(), end: start.endOf('day').valueOf() };
    };
    const days: string[] = [];
    // Every Sunday from 1970 to 2040 (Mexico's clocks changed on Sundays) and every day of 2022, the last year that changed.
    for (let day = Date.UTC(1970, 0, 2); day < Date.UTC(2041, 0, 1); day += 86_400_000) {
      if (new Date(day).getUTCDay() === 0 || new Date(day).getUTCFullYear() === 2022) days.push(toYmd(day));
    }
    const tz = vi.spyOn(dayjs, 'tz');
    const bounds = days.map((day) => businessDayBounds(day));
    expect(tz).not.toHaveBeenCalled();
    tz.mockRestore();
    days.forEach((day, i) => expect(bounds[i], day).toEqual(byDayjs(day)));
    // Before 1970 (local mean time until 1922) and text that is not a day: dayjs, as before.
    expect(businessDayBounds('1921-06-01')).toEqual(byDayjs('1921-06-01'));
    expect(businessDayBounds('1970-01-01')).toEqual(byDayjs('1970-01-01'));
    expect(businessDayBounds('2026-02-30')).toEqual(byDayjs('2026-02-30'));
  });

  it('counts whole days between two dates', () => {
    expect(ymdDaysBetween('2026-11-13', '2026-11-20')).toBe(7);
    expect(ymdDaysBetween('2026-09-01', '2026-11-20')).toBe(80);
    expect(ymdDaysBetween('2026-11-20', '2026-11-13')).toBe(-7);
    expect(ymdDaysBetween('2022-10-29', '2022-10-31')).toBe(2);
  });
});

function toYmd(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}
