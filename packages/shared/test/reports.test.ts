import { describe, expect, it } from 'vitest';
import {
  CUT_COLUMN_OF_REASON,
  cutTotalsFromCents,
  expectedFinal,
  inventoryIdentityHolds,
  movementsFromLogs,
} from '../src/cash-count.js';
import { INVENTORY_REASONS } from '../src/enums.js';
import { type CutData, generateCutBodySchema, listReportsQuerySchema, parseCutData } from '../src/schemas/reports.js';

describe('cut inventory rows', () => {
  const logs = [
    { reason: 'ADD' as const, delta: 20 },
    { reason: 'SALE' as const, delta: -3 },
    { reason: 'SALE' as const, delta: -5 },
    { reason: 'RETURN' as const, delta: 5 },
    { reason: 'REMOVE' as const, delta: 1 },
    { reason: 'MERMA' as const, delta: -2 },
    { reason: 'ADJUSTMENT' as const, delta: -4 },
    { reason: 'ADJUSTMENT' as const, delta: 1 },
  ];

  it('puts every reason in its column with the sign the identity needs', () => {
    expect(movementsFromLogs(logs)).toEqual({ sales: 8, returned: 6, adds: 20, merma: 2, adjustments: -3 });
    expect(Object.keys(CUT_COLUMN_OF_REASON).sort()).toEqual([...INVENTORY_REASONS].sort());
  });

  it('final = initial − sales + returned + adds − merma + adjustments = initial + Σ delta', () => {
    const row = { initial: 100, ...movementsFromLogs(logs) };
    const sumOfDeltas = logs.reduce((sum, log) => sum + log.delta, 0);
    expect(expectedFinal(row)).toBe(113);
    expect(expectedFinal(row)).toBe(100 + sumOfDeltas);
    expect(inventoryIdentityHolds({ ...row, final: 113 })).toBe(true);
    expect(inventoryIdentityHolds({ ...row, final: 112 })).toBe(false);
  });

  it('holds exactly for thousandths that floating point would not add up (0.1 + 0.2)', () => {
    const weighed = [
      { reason: 'SALE' as const, delta: -0.1 },
      { reason: 'SALE' as const, delta: -0.2 },
      { reason: 'ADD' as const, delta: 0.75 },
    ];
    const row = { initial: 10, ...movementsFromLogs(weighed) };
    expect(row.sales).toBe(0.3);
    expect(expectedFinal(row)).toBe(10.45);
    expect(inventoryIdentityHolds({ ...row, final: 10.45 })).toBe(true);
  });
});

describe('cut totals', () => {
  it('adds quantities per unit and centavos exactly (no floating-point drift)', () => {
    const totals = cutTotalsFromCents({
      sales: [
        { unit: 'pza', units: 3, totalCents: 30 },
        { unit: 'kg', units: 0.1, totalCents: 13993 },
        { unit: 'pza', units: 8, totalCents: 1 },
        { unit: 'kg', units: 0.2, totalCents: 0 },
      ],
      netPaymentsCents: 12345,
      pending: [{ pendingCents: 8840 }, { pendingCents: 5050 }],
    });
    expect(totals).toEqual({
      totalQuantities: [
        { unit: 'pza', quantity: 11 },
        { unit: 'kg', quantity: 0.3 },
      ],
      totalAmountCents: 14024,
      totalPaymentsCents: 12345,
      totalDueCents: 13890,
    });
  });
});

describe('reports schemas', () => {
  it('the cut date is required and a real YYYY-MM-DD day', () => {
    const message = (value: unknown) => generateCutBodySchema.safeParse(value).error?.issues[0]?.message;
    expect(message({})).toBe('La fecha es obligatoria.');
    expect(message({ date: ' ' })).toBe('La fecha es obligatoria.');
    expect(message({ date: '2026-02-30' })).toBe('La fecha debe tener la forma AAAA-MM-DD.');
    expect(generateCutBodySchema.parse({ date: '2026-11-21' })).toEqual({ date: '2026-11-21' });
  });

  it('list paging: defaults, 0 leaves a list out, bounds', () => {
    expect(listReportsQuerySchema.parse({})).toEqual({ limit: 50, cutsLimit: 10 });
    expect(listReportsQuerySchema.parse({ limit: '0', cutsLimit: '0' })).toMatchObject({ limit: 0, cutsLimit: 0 });
    expect(listReportsQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(listReportsQuerySchema.safeParse({ cutsLimit: '101' }).success).toBe(false);
  });

  it('parseCutData reads a snapshot back and rejects anything else', () => {
    const cut: CutData = {
      date: '2026-11-21',
      from: '2026-11-21T06:00:00.000Z',
      to: '2026-11-22T05:59:59.999Z',
      inventory: [],
      sales: [{ productId: 1, productCuid: 'A', name: 'Arroz', units: 2, price: 18.5, total: 37, paymentMode: 'Cash' }],
      pending: [],
      totals: { totalUnits: 2, totalAmount: 37, totalPayments: 37, totalDue: 0 },
    };
    expect(parseCutData(JSON.stringify(cut))).toEqual(cut);
    expect(parseCutData('{no es json')).toBeNull();
    expect(parseCutData('{}')).toBeNull();
    expect(parseCutData(JSON.stringify({ ...cut, totals: { totalUnits: '2' } }))).toBeNull();
  });
});
