import { describe, expect, it } from 'vitest';
import {
  refundCents,
  returnableMilli,
  returnLineCents,
  returnLineProblem,
  returnLineProblemMessage,
  returnNeedsSupervisor,
  returnReceiptBodySchema,
  totalsFromCents,
} from '../src/index.js';

describe('returnableMilli', () => {
  it('is sold minus returned before, never below zero', () => {
    expect(returnableMilli({ soldMilli: 2750, returnedMilli: 0 })).toBe(2750);
    expect(returnableMilli({ soldMilli: 2750, returnedMilli: 1250 })).toBe(1500);
    expect(returnableMilli({ soldMilli: 3000, returnedMilli: 3000 })).toBe(0);
    expect(returnableMilli({ soldMilli: 1000, returnedMilli: 2000 })).toBe(0);
  });
});

describe('returnLineCents', () => {
  it('prices a fraction of a weighed line to the centavo', () => {
    // 0.333 kg of $89.90/kg = 29.9367 → $29.94
    expect(returnLineCents({ priceCents: 8990, returnedMilli: 0 }, 333)).toBe(2994);
  });

  it('adds up to the line total, whatever the parts', () => {
    // 1.000 kg of $10.01: $10.01; returned as 0.333 + 0.333 + 0.334
    const price = 1001;
    const first = returnLineCents({ priceCents: price, returnedMilli: 0 }, 333);
    const second = returnLineCents({ priceCents: price, returnedMilli: 333 }, 333);
    const third = returnLineCents({ priceCents: price, returnedMilli: 666 }, 334);
    expect([first, second, third]).toEqual([333, 334, 334]);
    expect(first + second + third).toBe(1001);
  });

  it('prices whole pieces as the sale did', () => {
    expect(returnLineCents({ priceCents: 1999, returnedMilli: 1000 }, 2000)).toBe(3998);
  });
});

describe('refundCents', () => {
  it('gives back the whole return on a paid receipt', () => {
    expect(refundCents({ balanceCents: 0 }, 12_550)).toBe(12_550);
  });

  it('lowers the balance of a credit receipt first', () => {
    // $300 credit receipt, $50 paid: balance $250.
    expect(refundCents({ balanceCents: 25_000 }, 10_000)).toBe(0);
    expect(refundCents({ balanceCents: 25_000 }, 28_000)).toBe(3_000);
    expect(refundCents({ balanceCents: 25_000 }, 25_000)).toBe(0);
    expect(refundCents({ balanceCents: 25_000 }, 30_000)).toBe(5_000);
  });

  it('agrees with the receipt totals after the return', () => {
    const items = [{ quantity: 1, priceCents: 30_000 }];
    const payments = [{ amountCents: 5_000, reason: 'ADD' as const, isEnabled: true }];
    const before = totalsFromCents(items, payments);
    const refund = refundCents(before, 28_000);
    const after = totalsFromCents(
      items,
      [...payments, { amountCents: refund, reason: 'REMOVE' as const, isEnabled: true }],
      28_000,
    );
    expect(after).toEqual({
      totalCents: 30_000,
      returnedCents: 28_000,
      netTotalCents: 2_000,
      paidCents: 2_000,
      balanceCents: 0,
    });
  });
});

describe('returnLineProblem', () => {
  const line = { productName: 'Queso', units: 'kg', soldMilli: 1500, returnedMilli: 500, sellsByWeight: true };

  it('allows up to what is left, fractions of weighed lines included', () => {
    expect(returnLineProblem(line, 1000)).toBeNull();
    expect(returnLineProblem(line, 250)).toBeNull();
  });

  it('refuses more than what is left, naming the product and what is left', () => {
    const problem = returnLineProblem(line, 1001)!;
    expect(returnLineProblemMessage(problem)).toBe('De "Queso" solo quedan 1 kg por devolver.');
    const none = returnLineProblem({ ...line, returnedMilli: 1500 }, 1)!;
    expect(returnLineProblemMessage(none)).toBe('De "Queso" ya no queda nada por devolver.');
    const part = returnLineProblem({ ...line, returnedMilli: 750 }, 1000)!;
    expect(returnLineProblemMessage(part)).toBe('De "Queso" solo quedan 0.750 kg por devolver.');
  });

  it('refuses a fraction of a piece', () => {
    const pieces = { ...line, productName: 'Jabón', units: 'pza', soldMilli: 3000, sellsByWeight: false };
    expect(returnLineProblemMessage(returnLineProblem(pieces, 500)!)).toBe(
      '"Jabón" se vendió por piezas completas; devuelve piezas enteras.',
    );
    expect(returnLineProblem(pieces, 2000)).toBeNull();
  });
});

describe('returnNeedsSupervisor', () => {
  // 2026-11-27 12:00 in Monterrey (UTC−6).
  const now = Date.parse('2026-11-27T18:00:00.000Z');
  const today = Date.parse('2026-11-27T15:00:00.000Z');
  const yesterday = Date.parse('2026-11-27T05:00:00.000Z'); // 23:00 of the 26th in Monterrey
  const base = { now, receiptDate: today, returnCents: 20_000, sellerLimitCents: 20_000 };

  it('never for an Admin or a Manager', () => {
    expect(returnNeedsSupervisor({ ...base, role: 'Admin', receiptDate: yesterday, sellerLimitCents: 0 })).toBe(false);
    expect(returnNeedsSupervisor({ ...base, role: 'Manager', returnCents: 10_000_000 })).toBe(false);
  });

  it('a Seller: today\u2019s receipts up to the limit', () => {
    expect(returnNeedsSupervisor({ ...base, role: 'Seller' })).toBe(false);
    expect(returnNeedsSupervisor({ ...base, role: 'Seller', returnCents: 20_001 })).toBe(true);
    expect(returnNeedsSupervisor({ ...base, role: 'Seller', receiptDate: yesterday, returnCents: 1 })).toBe(true);
  });

  it('a Seller with no limit set needs a supervisor for any return', () => {
    expect(returnNeedsSupervisor({ ...base, role: 'Seller', returnCents: 1, sellerLimitCents: 0 })).toBe(true);
  });
});

describe('returnReceiptBodySchema', () => {
  it('defaults the method to Efectivo and trims the reason', () => {
    expect(
      returnReceiptBodySchema.parse({ receiptId: 3, items: [{ itemId: 5, quantity: 0.25 }], reason: ' Caducado ' }),
    ).toEqual({ receiptId: 3, items: [{ itemId: 5, quantity: 0.25 }], method: 'Efectivo', reason: 'Caducado' });
  });

  it('refuses a blank reason, no lines, a line twice and four decimals', () => {
    const messages = (body: unknown) => returnReceiptBodySchema.safeParse(body).error?.issues.map((i) => i.message);
    const ok = { receiptId: 3, items: [{ itemId: 5, quantity: 1 }], reason: 'x' };
    expect(messages({ ...ok, reason: '  ' })).toEqual(['El motivo de la devolución es obligatorio.']);
    expect(messages({ ...ok, items: [] })).toEqual(['Indica al menos una cantidad a devolver.']);
    expect(messages({ ...ok, items: [ok.items[0], ok.items[0]] })).toEqual(['Cada línea va una sola vez.']);
    expect(messages({ ...ok, items: [{ itemId: 5, quantity: 0.0005 }] })).toEqual([
      'La cantidad a devolver debe ser un número mayor que 0, con hasta 3 decimales.',
    ]);
  });
});
