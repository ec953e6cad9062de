import { describe, expect, it } from 'vitest';
import {
  type AccountEvent,
  agingOf,
  allocatePayment,
  buildStatement,
  businessDaysBetween,
  creditSummary,
  exceedsCreditLimit,
  isOverdue,
  statementLineConcept,
  whatsappUrl,
} from '../src/credit.js';
import { businessDayBounds, localTimestampToEpoch } from '../src/dates.js';

const at = (local: string) => localTimestampToEpoch(local);
const NOW = at('2026-11-23T10:00:00');

describe('days and plazo', () => {
  it('counts Monterrey calendar days, whatever the hour', () => {
    expect(businessDaysBetween(at('2026-10-24T23:59:00'), NOW)).toBe(30);
    expect(businessDaysBetween(at('2026-11-23T00:00:00'), NOW)).toBe(0);
  });

  it('a sale is overdue only once more days than its plazo have passed', () => {
    expect(isOverdue(at('2026-10-24T12:00:00'), 30, NOW)).toBe(false);
    expect(isOverdue(at('2026-10-23T12:00:00'), 30, NOW)).toBe(true);
    expect(isOverdue(at('2026-11-22T12:00:00'), 0, NOW)).toBe(true);
  });
});

describe('credit summary and limit', () => {
  const open = [
    { id: 1, date: at('2026-09-01T09:00:00'), balanceCents: 12_345 },
    { id: 2, date: at('2026-11-20T09:00:00'), balanceCents: 5_000 },
  ];

  it('adds balances, separates the overdue part and leaves what the limit allows', () => {
    expect(creditSummary(open, { creditLimitCents: 20_000, creditDays: 30 }, NOW)).toEqual({
      balanceCents: 17_345,
      overdueCents: 12_345,
      availableCents: 2_655,
    });
    expect(creditSummary(open, { creditLimitCents: 10_000, creditDays: 90 }, NOW)).toEqual({
      balanceCents: 17_345,
      overdueCents: 0,
      availableCents: 0,
    });
    expect(creditSummary([], { creditLimitCents: null, creditDays: 30 }, NOW).availableCents).toBeNull();
  });

  it('a sale may reach the limit but not pass it; no limit never refuses', () => {
    expect(exceedsCreditLimit(10_000, 8_000, 2_000)).toBe(false);
    expect(exceedsCreditLimit(10_000, 8_000, 2_001)).toBe(true);
    expect(exceedsCreditLimit(null, 8_000_000, 1)).toBe(false);
  });
});

describe('allocation of one abono', () => {
  it('pays the oldest first (date, then folio), settling whole receipts before the next', () => {
    const open = [
      { id: 9, date: at('2026-11-02T09:00:00'), balanceCents: 3_000 },
      { id: 4, date: at('2026-11-01T09:00:00'), balanceCents: 1_550 },
      { id: 3, date: at('2026-11-02T09:00:00'), balanceCents: 2_000 },
    ];
    expect(allocatePayment(open, 4_000)).toEqual([
      { receiptId: 4, amountCents: 1_550, settles: true },
      { receiptId: 3, amountCents: 2_000, settles: true },
      { receiptId: 9, amountCents: 450, settles: false },
    ]);
    expect(allocatePayment(open, 1_000)).toEqual([{ receiptId: 4, amountCents: 1_000, settles: false }]);
  });
});

describe('aging', () => {
  it('puts each balance in its 0–30, 31–60, 61–90 or over 90 days bucket', () => {
    const open = [
      { id: 1, date: at('2026-10-24T09:00:00'), balanceCents: 100 }, // 30 days
      { id: 2, date: at('2026-10-23T09:00:00'), balanceCents: 200 }, // 31
      { id: 3, date: at('2026-08-25T09:00:00'), balanceCents: 300 }, // 90
      { id: 4, date: at('2026-08-24T09:00:00'), balanceCents: 400 }, // 91
    ];
    expect(agingOf(open, NOW)).toEqual({ days0to30: 100, days31to60: 200, days61to90: 300, over90: 400 });
  });
});

describe('statement', () => {
  it('opens with what was owed before, runs the balance and closes with the overdue part', () => {
    const events: AccountEvent[] = [
      { at: at('2026-09-01T10:00:00'), receiptId: 1, kind: 'sale', amountCents: 10_000, note: null },
      { at: at('2026-11-10T10:00:00'), receiptId: 2, kind: 'sale', amountCents: 2_500, note: null },
      { at: at('2026-11-11T10:00:00'), receiptId: 1, kind: 'payment', amountCents: 4_000, note: 'Abono' },
      { at: at('2026-11-12T10:00:00'), receiptId: 1, kind: 'paymentCancelled', amountCents: 4_000, note: 'Abono' },
      { at: at('2026-11-13T10:00:00'), receiptId: 2, kind: 'refund', amountCents: 0, note: null },
      { at: at('2026-11-13T10:00:00'), receiptId: 2, kind: 'cancellation', amountCents: 2_500, note: null },
      { at: at('2026-11-30T10:00:00'), receiptId: 3, kind: 'sale', amountCents: 999, note: null },
    ];
    const statement = buildStatement(events, {
      from: businessDayBounds('2026-11-01').start,
      to: businessDayBounds('2026-11-23').end,
      creditDays: 30,
    });
    expect(statement.openingCents).toBe(10_000);
    expect(statement.lines.map((l) => [l.kind, l.changeCents, l.balanceCents])).toEqual([
      ['sale', 2_500, 12_500],
      ['payment', -4_000, 8_500],
      ['paymentCancelled', 4_000, 12_500],
      ['cancellation', -2_500, 10_000],
      ['refund', 0, 10_000],
    ]);
    expect(statement.closingCents).toBe(10_000);
    expect(statement.overdueCents).toBe(10_000);
  });
});

describe('WhatsApp link', () => {
  it('goes to +52 and the last 10 digits, with the text encoded', () => {
    expect(whatsappUrl('(81) 1234-5678', 'Hola ¿qué tal? https://x.mx/a?b=1&c=2')).toBe(
      'https://wa.me/528112345678?text=Hola%20%C2%BFqu%C3%A9%20tal%3F%20https%3A%2F%2Fx.mx%2Fa%3Fb%3D1%26c%3D2',
    );
    expect(whatsappUrl('+52 1 81 1234 5678', 'x')).toBe('https://wa.me/528112345678?text=x');
    expect(whatsappUrl('12345', 'x')).toBeNull();
    expect(whatsappUrl(null, 'x')).toBeNull();
  });
});

describe('statementLineConcept', () => {
  it("adds a payment line's method before its note", () => {
    const line = { kind: 'payment' as const, receiptId: 12, note: 'Pago manual' };
    expect(statementLineConcept({ ...line, method: 'Tarjeta' })).toBe('Abono a remisión #12 · Tarjeta · Pago manual');
    expect(statementLineConcept({ ...line, method: null, note: null })).toBe('Abono a remisión #12');
    expect(statementLineConcept({ kind: 'sale', receiptId: 3, note: null })).toBe('Remisión #3');
  });
});
