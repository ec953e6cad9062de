import { mayInvoiceReceipts, type Receipt, type Role } from '@mostrador/shared';

/**
 * Whether the 'Facturar' entry shows on a receipt for this user: not for a cancelled receipt nor
 * one already in an invoice;
 * Admin and Manager always, a Seller on the receipt they sold within the window (mayInvoiceReceipts).
 */
export function mayInvoiceReceipt(
  actor: { id: number; role: Role } | null,
  receipt: Pick<Receipt, 'state' | 'createdAt' | 'user' | 'invoice'>,
  now: number,
): boolean {
  if (!actor || receipt.state === 'Cancelled' || receipt.invoice) return false;
  return mayInvoiceReceipts(actor, [{ userId: receipt.user.id, createdAt: Date.parse(receipt.createdAt) }], now);
}
