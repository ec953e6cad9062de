import type { InvoiceStatus } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { invoicedReceiptIds, selectableReceipts } from './receipt-selection';

const invoice = (status: InvoiceStatus, receiptIds: number[]) => ({ status, receiptIds });

describe("a client's receipts to invoice", () => {
  it('holds the receipts of pending, stamped and cancelling invoices; refused and cancelled ones free them', () => {
    const held = invoicedReceiptIds([
      invoice('pending', [1]),
      invoice('stamped', [2, 3]),
      invoice('cancelling', [4]),
      invoice('refused', [5]),
      invoice('cancelled', [6]),
    ]);
    expect([...held].sort()).toEqual([1, 2, 3, 4]);
  });

  it('offers the receipts neither cancelled nor held, in their order', () => {
    const receipts = [
      { id: 9, state: 'Paid' as const },
      { id: 8, state: 'Cancelled' as const },
      { id: 7, state: 'Pending' as const },
      { id: 6, state: 'Paid' as const },
    ];
    expect(selectableReceipts(receipts, new Set([6])).map((r) => r.id)).toEqual([9, 7]);
  });

  it('offers a receipt again once its invoice is cancelled', () => {
    const receipts = [{ id: 3, state: 'Paid' as const }];
    const held = invoicedReceiptIds([invoice('cancelled', [3]), invoice('refused', [3])]);
    expect(selectableReceipts(receipts, held).map((r) => r.id)).toEqual([3]);
  });
});
