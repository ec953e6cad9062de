import { centsToPesos, type PaymentReason, type Receipt, toIso, totalsFromCents } from '@mostrador/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { PaymentRow, ReceiptItemRow, ReceiptRow } from '../../db/schema.js';
import { groupBy } from '../../lib/group-by.js';

type ClientName = { id: number; firstName: string; lastName: string | null };

/** One receipt in the API's shape, from its rows (pure: the caller has loaded them). */
export function assembleReceipt(
  row: ReceiptRow,
  items: readonly ReceiptItemRow[],
  payments: readonly PaymentRow[],
  client: ClientName | undefined,
  sellerName: string,
): Receipt {
  const rowPayments = payments.map((p) => ({ ...p, isEnabled: p.isEnabled === 1 }));
  const totals = totalsFromCents(items, rowPayments);
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
}

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

  return rows.map((row) =>
    assembleReceipt(
      row,
      itemsOf.get(row.id) ?? [],
      paymentsOf.get(row.id) ?? [],
      row.clientId === null ? undefined : clientById.get(row.clientId),
      userById.get(row.userId)?.name ?? '',
    ),
  );
}

export async function findReceipt(db: Executor, id: number): Promise<Receipt | undefined> {
  const row = await findReceiptRow(db, id);
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

/** A position in the newest-first order (date desc, id desc). */
export interface ReceiptKey {
  date: number;
  id: number;
}

export interface ReceiptPageFilter {
  /** Inclusive epoch-ms bounds on receipts.date; either may be absent. */
  from?: number;
  to?: number;
  /** Only receipts of this state (the pending stream). */
  state?: ReceiptRow['state'];
  /** Only receipts strictly after this key in the newest-first order. */
  after?: ReceiptKey;
  limit: number;
}

/**
 * One newest-first keyset page of receipt rows. Each filter keeps to one index:
 * receipts(date, id) for a date range, receipts(state, date, id) for one state.
 */
export function findReceiptRowsPage(db: Executor, filter: ReceiptPageFilter): Promise<ReceiptRow[]> {
  let query = db.selectFrom('receipts').selectAll();
  if (filter.state !== undefined) query = query.where('state', '=', filter.state);
  if (filter.from !== undefined) query = query.where('date', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('date', '<=', filter.to);
  const after = filter.after;
  if (after) query = query.where(sql<boolean>`(${sql.ref('date')}, ${sql.ref('id')}) < (${after.date}, ${after.id})`);
  return query.orderBy('date', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

export function findReceiptRow(db: Executor, id: number): Promise<ReceiptRow | undefined> {
  return db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the receipt's write lock for the rest of the transaction by touching its row: a row
 * lock on PostgreSQL (a parallel request waits here, then reads the committed state), the
 * database write lock on SQLite. Undefined when there is no such receipt.
 */
export function lockReceiptRow(db: Executor, id: number, now: number): Promise<ReceiptRow | undefined> {
  return db.updateTable('receipts').set({ updatedAt: now }).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function setReceiptState(db: Executor, id: number, state: ReceiptRow['state'], now: number) {
  await db.updateTable('receipts').set({ state, updatedAt: now }).where('id', '=', id).execute();
}

export function findReceiptItemRows(db: Executor, receiptId: number) {
  return db.selectFrom('receiptItems').selectAll().where('receiptId', '=', receiptId).orderBy('id').execute();
}

export function findPaymentRows(db: Executor, receiptId: number) {
  return db.selectFrom('payments').selectAll().where('receiptId', '=', receiptId).orderBy('id').execute();
}

export function findPaymentRow(db: Executor, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPayment(
  db: Executor,
  payment: {
    receiptId: number;
    amountCents: number;
    note: string;
    userId: number;
    createdAt: number;
    reason?: PaymentReason;
  },
) {
  return db
    .insertInto('payments')
    .values({ reason: 'ADD', ...payment, isEnabled: 1, cancelledAt: null, cancelledBy: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Disables an enabled payment; false when it was already disabled. */
export async function disablePayment(db: Executor, id: number, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ isEnabled: 0, cancelledAt: now, cancelledBy: userId })
    .where('id', '=', id)
    .where('isEnabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findProductsForSale(db: Executor, ids: number[]) {
  return db.selectFrom('products').select(['id', 'name', 'units']).where('id', 'in', ids).execute();
}

export function findClientForSale(db: Executor, id: number) {
  return db
    .selectFrom('clients')
    .select(['id', 'firstName', 'lastName', 'isEnabled'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertReceiptRow(db: Executor, receipt: Omit<ReceiptRow, 'id'>): Promise<ReceiptRow> {
  return db.insertInto('receipts').values(receipt).returningAll().executeTakeFirstOrThrow();
}

export async function insertReceiptItems(
  db: Executor,
  items: Array<{
    receiptId: number;
    productId: number;
    productName: string;
    units: string;
    quantity: number;
    priceCents: number;
  }>,
) {
  return db.insertInto('receiptItems').values(items).returningAll().execute();
}
