import { centsToPesos, type Receipt, toIso, totalsFromCents } from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { ReceiptRow } from '../../db/schema.js';

/**
 * Turns receipt rows into the API's Receipt (items, payments, client, seller, totals) with one
 * query per related table, whatever the number of receipts (no N+1).
 */
export async function hydrateReceipts(db: Executor, rows: ReceiptRow[]): Promise<Receipt[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const clientIds = [...new Set(rows.map((r) => r.clientId).filter((id): id is number => id !== null))];
  const userIds = [...new Set(rows.map((r) => r.userId))];

  const [items, payments, clients, users] = await Promise.all([
    db.selectFrom('receiptItems').selectAll().where('receiptId', 'in', ids).orderBy('id').execute(),
    db.selectFrom('payments').selectAll().where('receiptId', 'in', ids).orderBy('id').execute(),
    clientIds.length
      ? db.selectFrom('clients').select(['id', 'firstName', 'lastName']).where('id', 'in', clientIds).execute()
      : Promise.resolve([]),
    db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute(),
  ]);

  const itemsOf = groupBy(items, (i) => i.receiptId);
  const paymentsOf = groupBy(payments, (p) => p.receiptId);
  const clientById = new Map(clients.map((c) => [c.id, c]));
  const userById = new Map(users.map((u) => [u.id, u]));

  return rows.map((row) => {
    const rowItems = itemsOf.get(row.id) ?? [];
    const rowPayments = (paymentsOf.get(row.id) ?? []).map((p) => ({ ...p, isEnabled: p.isEnabled === 1 }));
    const totals = totalsFromCents(rowItems, rowPayments);
    const client = row.clientId === null ? undefined : clientById.get(row.clientId);
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
      user: { id: row.userId, name: userById.get(row.userId)?.name ?? '' },
      items: rowItems.map((item) => ({
        id: item.id,
        productId: item.productId,
        quantity: item.quantity,
        price: centsToPesos(item.priceCents),
        total: centsToPesos(item.priceCents * item.quantity),
        product: { id: item.productId, name: item.productName, units: item.units },
      })),
      payments: rowPayments.map((p) => ({
        id: p.id,
        receiptId: p.receiptId,
        amount: centsToPesos(p.amountCents),
        reason: p.reason,
        isEnabled: p.isEnabled,
        note: p.note,
        createdAt: toIso(p.createdAt),
      })),
      total: centsToPesos(totals.totalCents),
      paid: centsToPesos(totals.paidCents),
      balance: centsToPesos(totals.balanceCents),
    };
  });
}

export async function findReceipt(db: Executor, id: number): Promise<Receipt | undefined> {
  const row = await db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await hydrateReceipts(db, [row]))[0] : undefined;
}

/** A client's receipts, newest first by date, then by creation. */
export async function findReceiptsOfClient(db: Executor, clientId: number): Promise<Receipt[]> {
  const rows = await db
    .selectFrom('receipts')
    .selectAll()
    .where('clientId', '=', clientId)
    .orderBy('date', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return hydrateReceipts(db, rows);
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
