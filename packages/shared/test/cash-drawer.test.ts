import { describe, expect, it } from 'vitest';
import {
  cashDifference,
  countedTotalCents,
  DENOMINATION_KEYS,
  expectedCashCents,
  MXN_DENOMINATIONS,
} from '../src/cash-drawer.js';
import { canSeeShift } from '../src/permissions.js';
import { closeShiftBodySchema, cashMovementBodySchema, openShiftBodySchema } from '../src/schemas/cash.js';
import { addPaymentBodySchema, createReceiptBodySchema } from '../src/schemas/receipts.js';

describe('drawer count', () => {
  it('has every MXN bill and coin once, the $20 bill and coin under different keys', () => {
    expect(DENOMINATION_KEYS).toEqual(['1000', '500', '200', '100', '50', '20', 'm20', '10', '5', '2', '1', '0.5']);
    expect(MXN_DENOMINATIONS.filter((d) => d.cents === 2000).map((d) => d.kind)).toEqual(['bill', 'coin']);
  });

  it('adds pieces × face value in centavos, 50-centavo coins included', () => {
    expect(countedTotalCents({})).toBe(0);
    expect(countedTotalCents({ '500': 2, '0.5': 3 })).toBe(100_150);
    expect(countedTotalCents({ '20': 1, m20: 2, '1': 7, '0.5': 1 })).toBe(6_750);
    expect(
      countedTotalCents({
        '1000': 1,
        '500': 1,
        '200': 1,
        '100': 1,
        '50': 1,
        '20': 1,
        m20: 1,
        '10': 1,
        '5': 1,
        '2': 1,
        '1': 1,
        '0.5': 1,
      }),
    ).toBe(190_850);
  });
});

describe('expected cash', () => {
  it('is float + cash sales + cash abonos − refunds + entradas − salidas, to the centavo', () => {
    expect(
      expectedCashCents({
        openingFloatCents: 50_000,
        cashSalesCents: 12_345,
        cashPaymentsCents: 10_001,
        cashRefundsCents: 2_050,
        entradasCents: 30_000,
        salidasCents: 15_099,
      }),
    ).toBe(85_197);
  });

  it('stores the difference as counted − expected, never forced to zero', () => {
    expect(cashDifference(85_000, 85_197)).toEqual({ differenceCents: -197, result: 'Faltante' });
    expect(cashDifference(85_250, 85_197)).toEqual({ differenceCents: 53, result: 'Sobrante' });
    expect(cashDifference(85_197, 85_197)).toEqual({ differenceCents: 0, result: 'Exacto' });
  });
});

describe('cash schemas', () => {
  it('closes with exactly one of countedTotal or counted', () => {
    expect(closeShiftBodySchema.safeParse({ countedTotal: 10.5 }).success).toBe(true);
    expect(closeShiftBodySchema.safeParse({ counted: { m20: 1, '0.5': 2 } }).success).toBe(true);
    const both = closeShiftBodySchema.safeParse({ countedTotal: 1, counted: {} });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe(
      'Indica el total contado o el conteo por denominación (solo uno de los dos).',
    );
    expect(closeShiftBodySchema.safeParse({}).success).toBe(false);
    expect(closeShiftBodySchema.safeParse({ counted: { '0.25': 1 } }).success).toBe(false);
    expect(closeShiftBodySchema.safeParse({ counted: { '1': 1.5 } }).error?.issues[0]?.message).toBe(
      'Cada cantidad de billetes o monedas debe ser un entero entre 0 y 100000.',
    );
  });

  it('needs a note on a movement and a float of at least 0', () => {
    expect(cashMovementBodySchema.safeParse({ type: 'Salida', amount: 10, note: '  ' }).error?.issues[0]?.message).toBe(
      'La nota es obligatoria.',
    );
    expect(cashMovementBodySchema.parse({ type: 'Entrada', amount: 0.5, note: ' cambio ' }).note).toBe('cambio');
    expect(openShiftBodySchema.safeParse({ openingFloat: -1 }).success).toBe(false);
    expect(openShiftBodySchema.safeParse({ openingFloat: 0 }).success).toBe(true);
  });

  it('accepts a payment method on payments and sales, and refuses an unknown one', () => {
    expect(addPaymentBodySchema.parse({ receiptId: 1, amount: 5, method: 'Tarjeta' }).method).toBe('Tarjeta');
    expect(addPaymentBodySchema.safeParse({ receiptId: 1, amount: 5, method: 'Cheque' }).success).toBe(false);
    const sale = { paymentMode: 'Cash', items: [{ productId: 1, quantity: 1 }], date: '2026-11-24T10:00:00' };
    expect(createReceiptBodySchema.parse({ ...sale, paymentMethod: 'Transferencia' }).paymentMethod).toBe(
      'Transferencia',
    );
  });

  it('lets a user see their own shift and Admin/Manager any', () => {
    expect(canSeeShift({ id: 3, role: 'Seller' }, 3)).toBe(true);
    expect(canSeeShift({ id: 3, role: 'Seller' }, 4)).toBe(false);
    expect(canSeeShift({ id: 3, role: 'Manager' }, 4)).toBe(true);
  });
});
