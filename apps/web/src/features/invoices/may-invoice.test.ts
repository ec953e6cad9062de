import { SELLER_INVOICE_WINDOW_MS } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { mayInvoiceReceipt } from './may-invoice';

const SOLD_AT = Date.parse('2026-11-27T15:00:00.000Z');
const receipt = (state: 'Paid' | 'Cancelled' = 'Paid') => ({
  state,
  createdAt: new Date(SOLD_AT).toISOString(),
  user: { id: 5, name: 'Vendedora' },
});

describe("the receipt's 'Facturar' entry", () => {
  it('is for Admin and Manager on any receipt not cancelled', () => {
    const later = SOLD_AT + 30 * 24 * 60 * 60_000;
    expect(mayInvoiceReceipt({ id: 1, role: 'Admin' }, receipt(), later)).toBe(true);
    expect(mayInvoiceReceipt({ id: 2, role: 'Manager' }, receipt(), later)).toBe(true);
    expect(mayInvoiceReceipt({ id: 1, role: 'Admin' }, receipt('Cancelled'), SOLD_AT)).toBe(false);
  });

  it('is for a Seller only on the receipt they sold, within the window', () => {
    const seller = { id: 5, role: 'Seller' as const };
    expect(mayInvoiceReceipt(seller, receipt(), SOLD_AT + SELLER_INVOICE_WINDOW_MS)).toBe(true);
    expect(mayInvoiceReceipt(seller, receipt(), SOLD_AT + SELLER_INVOICE_WINDOW_MS + 1)).toBe(false);
    expect(mayInvoiceReceipt({ id: 6, role: 'Seller' }, receipt(), SOLD_AT)).toBe(false);
  });

  it('is not on a receipt already in an invoice (its own or a global)', () => {
    const invoiced = {
      ...receipt(),
      invoice: { id: 3, kind: 'global' as const, number: 'A-3', status: 'stamped' as const },
    };
    expect(mayInvoiceReceipt({ id: 1, role: 'Admin' }, invoiced, SOLD_AT)).toBe(false);
    expect(mayInvoiceReceipt({ id: 1, role: 'Admin' }, { ...invoiced, invoice: null }, SOLD_AT)).toBe(true);
  });

  it('is for nobody before the session is known', () => {
    expect(mayInvoiceReceipt(null, receipt(), SOLD_AT)).toBe(false);
  });
});
