import { centsToPesos, fromMilli, lineTotalCents, type Receipt, toIso, totalsFromCents } from '@mostrador/shared';
import type { PaymentRow, ReceiptItemRow, ReceiptRow } from '../../db/schema.js';
import { groupBy } from '../../lib/group-by.js';
import type { findReceiptRelations } from './receipts.queries.js';

type ClientName = { id: number; firstName: string; lastName: string | null };
type PaymentTotalsRow = Pick<PaymentRow, 'amountCents' | 'reason' | 'isEnabled'>;

/** Total, paid and balance in centavos, from the rows as stored (flags as 0/1). */
export function totalsOfRows(
  items: ReadonlyArray<Pick<ReceiptItemRow, 'priceCents' | 'quantityMilli'>>,
  payments: readonly PaymentTotalsRow[],
) {
  return totalsFromCents(
    items.map((item) => ({ quantity: fromMilli(item.quantityMilli), priceCents: item.priceCents })),
    payments.map((p) => ({ amountCents: p.amountCents, reason: p.reason, isEnabled: p.isEnabled === 1 })),
  );
}

/** One receipt in the API's shape, from its rows (pure: the caller has loaded them). */
export function toReceipt(
  row: ReceiptRow,
  items: readonly ReceiptItemRow[],
  payments: readonly PaymentRow[],
  client: ClientName | undefined,
  sellerName: string,
): Receipt {
  const totals = totalsOfRows(items, payments);
  return {
    id: row.id,
    state: row.state,
    paymentMode: row.paymentMode,
    date: toIso(row.date),
    createdAt: toIso(row.createdAt),
    clientId: row.clientId,
    client: client
      ? {
          id: client.id,
          firstName: client.firstName,
          lastName: client.lastName,
          name: [client.firstName, client.lastName].filter(Boolean).join(' '),
        }
      : null,
    user: { id: row.userId, name: sellerName },
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      quantity: fromMilli(item.quantityMilli),
      price: centsToPesos(item.priceCents),
      total: centsToPesos(lineTotalCents(item.priceCents, item.quantityMilli)),
      product: { id: item.productId, name: item.productName, units: item.units },
    })),
    payments: payments.map((p) => ({
      id: p.id,
      receiptId: p.receiptId,
      amount: centsToPesos(p.amountCents),
      reason: p.reason,
      method: p.method,
      isEnabled: p.isEnabled === 1,
      note: p.note,
      createdAt: toIso(p.createdAt),
    })),
    total: centsToPesos(totals.totalCents),
    paid: centsToPesos(totals.paidCents),
    balance: centsToPesos(totals.balanceCents),
  };
}

/** Receipts in the API's shape, from their rows and the related rows loaded for all of them. */
export function toReceipts(
  rows: readonly ReceiptRow[],
  related: Awaited<ReturnType<typeof findReceiptRelations>>,
): Receipt[] {
  const itemsOf = groupBy(related.items, (i) => i.receiptId);
  const paymentsOf = groupBy(related.payments, (p) => p.receiptId);
  const clientById = new Map(related.clients.map((c) => [c.id, c]));
  const userById = new Map(related.users.map((u) => [u.id, u]));
  return rows.map((row) =>
    toReceipt(
      row,
      itemsOf.get(row.id) ?? [],
      paymentsOf.get(row.id) ?? [],
      row.clientId === null ? undefined : clientById.get(row.clientId),
      userById.get(row.userId)?.name ?? '',
    ),
  );
}
