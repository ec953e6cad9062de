import {
  centsToPesos,
  fromMilli,
  lineTotalCents,
  microsToPesos,
  ppmToPercent,
  type Receipt,
  type ReceiptReturn,
  sumTaxes,
  toIso,
  totalsFromCents,
} from '@mostrador/shared';
import type { PaymentRow, ReceiptItemRow, ReceiptRow } from '../../db/schema.js';
import { groupBy } from '../../lib/group-by.js';
import type { findReceiptRelations } from './receipts.queries.js';
import type { ReturnRelations } from './returns.queries.js';

type ClientName = { id: number; firstName: string; lastName: string | null };
type PaymentTotalsRow = Pick<PaymentRow, 'amountCents' | 'reason' | 'isEnabled'>;

/** Total, returned, paid and balance in centavos, from the rows as stored (flags as 0/1). */
export function totalsOfRows(
  items: ReadonlyArray<Pick<ReceiptItemRow, 'priceCents' | 'quantityMilli'>>,
  payments: readonly PaymentTotalsRow[],
  returnedCents = 0,
) {
  return totalsFromCents(
    items.map((item) => ({ quantity: fromMilli(item.quantityMilli), priceCents: item.priceCents })),
    payments.map((p) => ({ amountCents: p.amountCents, reason: p.reason, isEnabled: p.isEnabled === 1 })),
    returnedCents,
  );
}

/** One receipt's returns and their lines (of ReturnRelations). */
export interface ReceiptReturnRows {
  returns: ReturnRelations['returns'];
  returnItems: ReturnRelations['returnItems'];
}

const NO_RETURNS: ReceiptReturnRows = { returns: [], returnItems: [] };

function toReturns({ returns, returnItems }: ReceiptReturnRows): ReceiptReturn[] {
  const itemsOf = groupBy(returnItems, (i) => i.returnId);
  return returns.map((r) => ({
    id: r.id,
    createdAt: toIso(r.createdAt),
    user: { id: r.userId, name: r.userName },
    method: r.method,
    reason: r.reason,
    amount: centsToPesos(r.amountCents),
    refund: centsToPesos(r.refundCents),
    authorizedBy: r.authorizedBy === null ? null : { id: r.authorizedBy, name: r.authorizedByName ?? '' },
    items: (itemsOf.get(r.id) ?? []).map((i) => ({
      itemId: i.itemId,
      productId: i.productId,
      productName: i.productName,
      units: i.units,
      quantity: fromMilli(i.quantityMilli),
      amount: centsToPesos(i.amountCents),
    })),
  }));
}

/** One receipt in the API's shape, from its rows (pure: the caller has loaded them). */
export function toReceipt(
  row: ReceiptRow,
  items: readonly ReceiptItemRow[],
  payments: readonly PaymentRow[],
  client: ClientName | undefined,
  sellerName: string,
  returnRows: ReceiptReturnRows = NO_RETURNS,
): Receipt {
  const returnedCents = returnRows.returns.reduce((sum, r) => sum + r.amountCents, 0);
  const totals = totalsOfRows(items, payments, returnedCents);
  const taxes = sumTaxes(items);
  const returnedMilli = new Map<number, number>();
  for (const i of returnRows.returnItems)
    returnedMilli.set(i.itemId, (returnedMilli.get(i.itemId) ?? 0) + i.quantityMilli);
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
      returnedQuantity: fromMilli(returnedMilli.get(item.id) ?? 0),
      ivaRate: item.ivaRate,
      iepsRate: item.iepsRatePpm === null ? null : ppmToPercent(item.iepsRatePpm),
      iepsPerUnit: item.iepsQuotaMicros === null ? null : microsToPesos(item.iepsQuotaMicros),
      base: centsToPesos(item.baseCents),
      ieps: centsToPesos(item.iepsCents),
      iva: centsToPesos(item.ivaCents),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      receiptId: p.receiptId,
      amount: centsToPesos(p.amountCents),
      reason: p.reason,
      method: p.method,
      ...(p.receivedCents != null && { received: centsToPesos(p.receivedCents) }),
      isEnabled: p.isEnabled === 1,
      note: p.note,
      createdAt: toIso(p.createdAt),
    })),
    subtotal: centsToPesos(taxes.baseCents),
    ieps: centsToPesos(taxes.iepsCents),
    iva: centsToPesos(taxes.ivaCents),
    total: centsToPesos(totals.totalCents),
    returns: toReturns(returnRows),
    returned: centsToPesos(totals.returnedCents),
    netTotal: centsToPesos(totals.netTotalCents),
    paid: centsToPesos(totals.paidCents),
    balance: centsToPesos(totals.balanceCents),
  };
}

/**
 * Receipts in the API's shape, from their rows and the related rows loaded for all of them, with
 * who authorised what (the sale's own answer, toReceipt alone, has not read them back).
 */
export function toReceipts(
  rows: readonly ReceiptRow[],
  related: Awaited<ReturnType<typeof findReceiptRelations>> & ReturnRelations,
): Receipt[] {
  const itemsOf = groupBy(related.items, (i) => i.receiptId);
  const returnsOf = groupBy(related.returns, (r) => r.receiptId);
  const returnIdsOf = new Map(related.returns.map((r) => [r.id, r.receiptId]));
  const returnItemsOf = groupBy(related.returnItems, (i) => returnIdsOf.get(i.returnId)!);
  const paymentsOf = groupBy(related.payments, (p) => p.receiptId);
  const clientById = new Map(related.clients.map((c) => [c.id, c]));
  const userById = new Map(related.users.map((u) => [u.id, u]));
  const authorizationsOf = groupBy(related.authorizations, (a) => a.receiptId);
  const invoiceOf = new Map(related.invoices.map((i) => [i.receiptId, i]));
  const creditNotesOf = groupBy(related.creditNotes, (c) => c.receiptId);
  return rows.map((row) => {
    const overLimitBy = row.overLimitAuthorizedBy ?? null;
    const invoice = invoiceOf.get(row.id);
    return {
      ...toReceipt(
        row,
        itemsOf.get(row.id) ?? [],
        paymentsOf.get(row.id) ?? [],
        row.clientId === null ? undefined : clientById.get(row.clientId),
        userById.get(row.userId)?.name ?? '',
        { returns: returnsOf.get(row.id) ?? [], returnItems: returnItemsOf.get(row.id) ?? [] },
      ),
      overLimitAuthorizedBy:
        overLimitBy === null ? null : { id: overLimitBy, name: userById.get(overLimitBy)?.name ?? '' },
      authorizations: (authorizationsOf.get(row.id) ?? []).map((a) => ({
        kind: a.kind,
        authorizedBy: { id: a.authorizedBy, name: a.authorizerName },
        userId: a.userId,
        createdAt: toIso(a.createdAt),
      })),
      invoice: invoice
        ? { id: invoice.id, kind: invoice.kind, number: `${invoice.series}-${invoice.folio}`, status: invoice.status }
        : null,
      creditNotes: (creditNotesOf.get(row.id) ?? []).map((c) => ({
        id: c.id,
        number: `${c.series}-${c.folio}`,
        status: c.status,
      })),
    };
  });
}
