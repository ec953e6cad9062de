import { describe, expect, it } from 'vitest';
import {
  clientFullName,
  receiptInputTotalCents,
  receiptTotals,
  refundedCents,
  totalsFromCents,
} from '../src/receipts.js';
import { addPaymentBodySchema, createReceiptBodySchema, listReceiptsQuerySchema } from '../src/schemas/receipts.js';

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
    expect(totals).toEqual({
      totalCents: 6047,
      returnedCents: 0,
      netTotalCents: 6047,
      paidCents: 1700,
      balanceCents: 4347,
    });
  });

  it('agrees with the pesos form the web app uses, with no floating-point drift', () => {
    const receipt = {
      items: [
        { quantity: 3, price: 0.1 },
        { quantity: 7, price: 19.99 },
      ],
      payments: [{ amount: 0.3, reason: 'ADD' as const, isEnabled: true }],
    };
    expect(receiptTotals(receipt)).toEqual({
      totalCents: 14023,
      returnedCents: 0,
      netTotalCents: 14023,
      paidCents: 30,
      balanceCents: 13993,
    });
  });

  it('prices decimal quantities line by line, each rounded to the centavo', () => {
    // 0.755 kg × $89.90 = $67.8745 → $67.87; 3 × $10.01 = $30.03
    const totals = totalsFromCents(
      [
        { quantity: 0.755, priceCents: 8990 },
        { quantity: 3, priceCents: 1001 },
      ],
      [],
    );
    expect(totals.totalCents).toBe(9790);
  });

  it('is zero for a receipt without items or payments', () => {
    expect(totalsFromCents([], [])).toEqual({
      totalCents: 0,
      returnedCents: 0,
      netTotalCents: 0,
      paidCents: 0,
      balanceCents: 0,
    });
  });
});

describe('clientFullName', () => {
  it('joins first and last name, tolerating a missing last name', () => {
    expect(clientFullName({ firstName: 'María', lastName: 'López' })).toBe('María López');
    expect(clientFullName({ firstName: 'María', lastName: null })).toBe('María');
    expect(clientFullName(null)).toBeNull();
  });
});

describe('receiptInputTotalCents', () => {
  it('sums a create payload in centavos: 3 × $19.99 + 1 × $0.50 = 6047', () => {
    expect(
      receiptInputTotalCents([
        { quantity: 3, price: 19.99 },
        { quantity: 1, price: 0.5 },
      ]),
    ).toBe(6047);
    expect(receiptInputTotalCents([{ quantity: 3, price: 0.1 }])).toBe(30);
  });

  it('counts lines without a typed price as 0 (the server prices them)', () => {
    expect(receiptInputTotalCents([{ quantity: 0.75, price: 189.9 }, { quantity: 2 }])).toBe(14243);
  });

  it('is Infinity, not an exception, for a line of 1e308', () => {
    expect(receiptInputTotalCents([{ quantity: 1, price: 1e308 }])).toBe(Infinity);
    expect(receiptInputTotalCents([{ quantity: 1e308, price: 1 }])).toBe(Infinity);
  });
});

describe('createReceiptBodySchema', () => {
  const valid = { paymentMode: 'Cash', date: '2026-11-21T23:30:00', items: [{ productId: 1, quantity: 1, price: 1 }] };
  const firstMessage = (body: unknown) => createReceiptBodySchema.safeParse(body).error?.issues[0]?.message;

  it('accepts a valid sale and defaults printReceipt to false', () => {
    expect(createReceiptBodySchema.parse(valid)).toEqual({ ...valid, printReceipt: false });
    expect(createReceiptBodySchema.safeParse({ ...valid, date: '2026-11-21T23:30' }).success).toBe(true);
  });

  it('refuses impossible times of day, not only impossible days', () => {
    for (const date of ['2026-11-21T24:00:00', '2026-11-21T23:60:00', '2026-11-21T23:30:61', '2026-02-30T10:00:00']) {
      expect(firstMessage({ ...valid, date }), date).toBe('La fecha debe tener la forma AAAA-MM-DDTHH:mm:ss.');
    }
  });

  it('asks for a missing or empty date, and for the format of any other', () => {
    const { date: _date, ...withoutDate } = valid;
    expect(firstMessage(withoutDate)).toBe('La fecha es obligatoria.');
    expect(createReceiptBodySchema.safeParse({ ...valid, date: '' }).error?.issues).toMatchObject([
      { path: ['date'], message: 'La fecha es obligatoria.' },
    ]);
    expect(firstMessage({ ...valid, date: '21/11/2026' })).toBe('La fecha debe tener la forma AAAA-MM-DDTHH:mm:ss.');
  });

  it('bounds the total at $10,000,000.00', () => {
    const at = (price: number) => ({ ...valid, items: [{ productId: 1, quantity: 2, price }] });
    expect(createReceiptBodySchema.safeParse(at(5_000_000)).success).toBe(true);
    expect(firstMessage(at(5_000_000.01))).toBe('El total de la remisión no puede exceder $10,000,000.00.');
  });

  it('takes lines without a price and quantities with up to three decimals', () => {
    const items = [
      { productId: 1, quantity: 0.75 },
      { productId: 2, quantity: 2, price: null },
    ];
    expect(createReceiptBodySchema.safeParse({ ...valid, items }).success).toBe(true);
    const quantity = (q: number) => firstMessage({ ...valid, items: [{ productId: 1, quantity: q }] });
    expect(quantity(0.7505)).toBe('La cantidad debe ser un número mayor que 0, con hasta 3 decimales.');
    expect(quantity(0)).toBe('La cantidad debe ser un número mayor que 0, con hasta 3 decimales.');
  });

  it('says what is wrong with extreme numbers instead of throwing', () => {
    const line = (quantity: number, price: number) =>
      firstMessage({ ...valid, items: [{ productId: 1, quantity, price }] });
    expect(line(1, 1e308)).toBe('El monto es demasiado grande.');
    expect(line(1e308, 1)).toBe('La cantidad es demasiado grande.');
    expect(line(2 ** 53 + 1, 1)).toBe('La cantidad es demasiado grande.');
    expect(line(1, -0)).toBe('El precio debe ser mayor que 0.');
    // Under a centavo or a thousandth, the amount would be stored as zero.
    expect(line(1, 1e-9)).toBe('El precio debe ser mayor que 0.');
    expect(line(1e-10, 1)).toBe('La cantidad debe ser un número mayor que 0, con hasta 3 decimales.');
  });
});

describe('listReceiptsQuerySchema', () => {
  it('defaults includePending to true and reads query-string booleans and numbers', () => {
    expect(listReceiptsQuerySchema.parse({})).toEqual({ includePending: true });
    expect(listReceiptsQuerySchema.parse({ includePending: 'false', pageSize: '50' })).toEqual({
      includePending: false,
      pageSize: 50,
    });
  });

  it('reads a receipt number', () => {
    expect(listReceiptsQuerySchema.parse({ number: '1042' })).toEqual({ includePending: true, number: 1042 });
    expect(listReceiptsQuerySchema.safeParse({ number: 'abc' }).success).toBe(false);
  });
});

describe('addPaymentBodySchema', () => {
  const note = (text: string) => addPaymentBodySchema.safeParse({ receiptId: 1, amount: 10, note: text });

  it('refuses control characters in the note, keeping line breaks and tabs', () => {
    for (const text of ['abono\u0000', 'abono\u001b[31m', 'a\u007fb', 'a\u0085b']) {
      const result = note(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('No se permiten caracteres de control.');
    }
    expect(note('Abono de\nseptiembre\tefectivo').success).toBe(true);
  });
});

describe('refundedCents', () => {
  it('adds the enabled REMOVE payments only', () => {
    const payments = [
      { amount: 20, reason: 'ADD' as const, isEnabled: true },
      { amount: 0.1, reason: 'REMOVE' as const, isEnabled: true },
      { amount: 19.9, reason: 'REMOVE' as const, isEnabled: true },
      { amount: 5, reason: 'REMOVE' as const, isEnabled: false },
    ];
    expect(refundedCents({ payments })).toBe(2000);
    expect(refundedCents({ payments: [] })).toBe(0);
  });
});
