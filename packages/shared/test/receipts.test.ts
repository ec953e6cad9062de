import { describe, expect, it } from 'vitest';
import { clientFullName, receiptTotals, totalsFromCents } from '../src/receipts.js';

describe('receipt totals', () => {
  it('adds price × quantity and nets enabled payments, REMOVE subtracting', () => {
    const totals = totalsFromCents(
      [
        { quantity: 3, priceCents: 1999 },
        { quantity: 1, priceCents: 50 },
      ],
      [
        { amountCents: 2000, reason: 'ADD', isEnabled: true },
        { amountCents: 500, reason: 'ADD', isEnabled: false },
        { amountCents: 300, reason: 'REMOVE', isEnabled: true },
      ],
    );
    expect(totals).toEqual({ totalCents: 6047, paidCents: 1700, balanceCents: 4347 });
  });

  it('agrees with the pesos form the web app uses, with no floating-point drift', () => {
    const receipt = {
      items: [
        { quantity: 3, price: 0.1 },
        { quantity: 7, price: 19.99 },
      ],
      payments: [{ amount: 0.3, reason: 'ADD' as const, isEnabled: true }],
    };
    expect(receiptTotals(receipt)).toEqual({ totalCents: 14023, paidCents: 30, balanceCents: 13993 });
  });

  it('is zero for a receipt without items or payments', () => {
    expect(totalsFromCents([], [])).toEqual({ totalCents: 0, paidCents: 0, balanceCents: 0 });
  });
});

describe('clientFullName', () => {
  it('joins first and last name, tolerating a missing last name', () => {
    expect(clientFullName({ firstName: 'María', lastName: 'López' })).toBe('María López');
    expect(clientFullName({ firstName: 'María', lastName: null })).toBe('María');
    expect(clientFullName(null)).toBeNull();
  });
});
