// Business days and times are Monterrey's; instants travel as ISO-8601 UTC strings.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { lazily } from './lazy.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export const BUSINESS_TIME_ZONE = 'America/Monterrey';
export const BUSINESS_LOCALE = 'es-MX';

const YMD = /^\d{4}-\d{2}-\d{2}$/;
// A real time of day: hours 00-23, minutes and seconds 00-59, optional milliseconds.
const LOCAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether the YYYY-MM-DD at the start of `value` is a day of the (proleptic Gregorian) calendar, by
 * arithmetic: dayjs's strict parse, used before, was a measurable part of every sale's validation
 * (docs/benchmarks.md). As that parse did, years before 100 are refused (JavaScript's Date reads
 * them as 19xx).
 */
function startsWithCalendarDay(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** A real calendar day written YYYY-MM-DD. */
export function isYmd(value: string): boolean {
  return YMD.test(value) && startsWithCalendarDay(value);
}

/** A local wall-clock timestamp without zone, e.g. 2026-11-21T12:30:00. */
export function isLocalTimestamp(value: string): boolean {
  return LOCAL_TIMESTAMP.test(value) && startsWithCalendarDay(value);
}

/** Reads a zone-less local timestamp as Monterrey wall time; returns epoch milliseconds. */
export function localTimestampToEpoch(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value);
  if (!match) return dayjs.tz(value, BUSINESS_TIME_ZONE).valueOf();
  const [, y = '', mo = '', d = '', h = '', mi = '', sec = '0', fraction = ''] = match;
  // A decimal fraction of a second: ".5" is 500 ms.
  const milliseconds = fraction ? Number(fraction.padEnd(3, '0')) : 0;
  const wallClockAsUtc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec, milliseconds);
  return wallClockAsUtc - offsetOfHour(`${y}-${mo}-${d}T${h}`) * 60_000;
}

// Monterrey's UTC offset (minutes) for a wall-clock hour, computed once per hour: the time-zone
// lookup is the costly part of reading a sale's date, and every sale of an hour shares it.
const offsets = new Map<string, number>();
function offsetOfHour(hour: string): number {
  let offset = offsets.get(hour);
  if (offset === undefined) {
    offset = dayjs.tz(`${hour}:00:00`, BUSINESS_TIME_ZONE).utcOffset();
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

// A day's bounds never change: the receipts screen asks for the same day's bounds on every render.
const dayBounds = new Map<string, Readonly<{ start: number; end: number }>>();
const DAY_MS = 86_400_000;

/**
 * First and last millisecond of a Monterrey calendar day. From 1970 on, read with the formatter
 * `businessDayOf` makes anyway: dayjs's time-zone conversion makes formatters of its own, a long
 * stretch of the receipts screen's first render on a phone that React cannot slice
 * (docs/benchmarks.md). Earlier days (local mean time, an offset with seconds, which dayjs rounds
 * to minutes) and text that is not a day keep dayjs.
 */
export function businessDayBounds(ymd: string): { start: number; end: number } {
  let bounds = dayBounds.get(ymd);
  if (!bounds) {
    const midnightAsUtc = isYmd(ymd) ? Date.parse(`${ymd}T00:00:00Z`) : NaN;
    if (midnightAsUtc >= DAY_MS) {
      bounds = Object.freeze({
        start: businessWallClockInstant(midnightAsUtc),
        end: businessWallClockInstant(midnightAsUtc + DAY_MS - 1),
      });
    } else {
      const start = dayjs.tz(ymd, BUSINESS_TIME_ZONE).startOf('day');
      bounds = Object.freeze({ start: start.valueOf(), end: start.endOf('day').valueOf() });
    }
    if (dayBounds.size > 1_000) dayBounds.clear();
    dayBounds.set(ymd, bounds);
  }
  return { ...bounds };
}

// Monterrey's UTC offset (ms) of each UTC hour, read once per hour with one formatter made once:
// dayjs's time-zone conversion is slow per call (docs/benchmarks.md), and the receivables read the
// day of every open credit sale. Offsets only change on the hour.
const businessWallClock = lazily(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);
const offsetOfUtcHour = new Map<number, number>();
function businessOffsetAt(instant: number): number {
  const hour = Math.floor(instant / 3_600_000);
  let offset = offsetOfUtcHour.get(hour);
  if (offset === undefined) {
    const at = hour * 3_600_000;
    const part: Record<string, number> = {};
    for (const { type, value } of businessWallClock().formatToParts(at)) part[type] = Number(value);
    const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
    offset = wall - at;
    if (offsetOfUtcHour.size > 50_000) offsetOfUtcHour.clear();
    offsetOfUtcHour.set(hour, offset);
  }
  return offset;
}

/**
 * The instant a Monterrey wall-clock time happened, given as that wall time read as UTC. The
 * offset read at the first guess is right unless it changed in between; a second reading settles
 * it. Monterrey's changes (daylight saving until 2022) were at 01:00–02:00, so midnight and the
 * day's last millisecond always existed, once.
 */
function businessWallClockInstant(wallAsUtc: number): number {
  const guess = wallAsUtc - businessOffsetAt(wallAsUtc);
  return wallAsUtc - businessOffsetAt(guess);
}

/** The Monterrey calendar day (YYYY-MM-DD) an instant falls on. */
export function businessDayOf(instant: number | string | Date): string {
  const ms = typeof instant === 'number' ? instant : instant instanceof Date ? instant.getTime() : NaN;
  // Text (and invalid instants) the way dayjs reads it.
  if (!Number.isFinite(ms) || ms < 0) return dayjs(instant).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD');
  return new Date(ms + businessOffsetAt(ms)).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function ymdDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function businessToday(now: number | Date = Date.now()): string {
  return businessDayOf(now);
}

/** Now as a Monterrey local timestamp without zone (the receipt form's default date). */
export function businessNowLocalTimestamp(now: number | Date = Date.now()): string {
  return dayjs(now).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ss');
}

export function toIso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** A Monterrey-time date format of the business locale, made on first use. */
const businessDateFormat = (options: Intl.DateTimeFormatOptions) =>
  lazily(() => new Intl.DateTimeFormat(BUSINESS_LOCALE, { timeZone: BUSINESS_TIME_ZONE, ...options }));
const longDate = businessDateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = businessDateFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = businessDateFormat({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "sábado, 21 de noviembre de 2026" */
export function formatLongDate(instant: number | string | Date): string {
  return longDate().format(new Date(instant));
}

/** "21/11/2026" */
export function formatShortDate(instant: number | string | Date): string {
  return shortDate().format(new Date(instant));
}

/** "21/11/2026, 12:30 p.m." (day first, 12-hour clock) */
export function formatDateTime(instant: number | string | Date): string {
  return dateTime().format(new Date(instant));
}

export { dayjs };
