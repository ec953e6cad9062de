import { describe, expect, it } from 'vitest';
import { cutPaymentLabel } from '../src/index.js';

describe('cutPaymentLabel', () => {
  it("keeps the mode's label, and names a cash sale's method when it was not cash", () => {
    expect(cutPaymentLabel({ paymentMode: 'Cash', method: 'Efectivo' })).toBe('Efectivo');
    expect(cutPaymentLabel({ paymentMode: 'Cash', method: 'Tarjeta' })).toBe('Efectivo · Tarjeta');
    expect(cutPaymentLabel({ paymentMode: 'Cash', method: 'Transferencia' })).toBe('Efectivo · Transferencia');
    // A cut made before payment methods, and credit sales, show the mode alone.
    expect(cutPaymentLabel({ paymentMode: 'Cash' })).toBe('Efectivo');
    expect(cutPaymentLabel({ paymentMode: 'Credit', method: 'Tarjeta' })).toBe('Crédito');
  });
});
