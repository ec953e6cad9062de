import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { ReceiptItemsTable, ReceiptRow } from '../../db/schema.js';
import { type NewPaymentRow, newPaymentRow, type NewReceiptRow } from '../../db/rows.js';

/**
 * The rows a page of receipts shows besides its own (items, payments, client and seller names,
 * the supervisors' authorisations):
 * one query per table, whatever the number of receipts (no N+1).
 */
export async function findReceiptRelations(db: Executor, rows: readonly ReceiptRow[]) {
  const ids = rows.map((r) => r.id);
  const clientIds = [...new Set(rows.map((r) => r.clientId).filter((id): id is number => id !== null))];
  const overLimitBy = rows.flatMap((r) => (r.overLimitAuthorizedBy == null ? [] : [r.overLimitAuthorizedBy]));
  const userIds = [...new Set([...rows.map((r) => r.userId), ...overLimitBy])];
  const [items, payments, clients, users, authorizations, invoices, creditNotes] = await Promise.all([
    db.selectFrom('receiptItems').selectAll().where('receiptId', 'in', ids).orderBy('id').execute(),
    db.selectFrom('payments').selectAll().where('receiptId', 'in', ids).orderBy('id').execute(),
    clientIds.length
      ? db.selectFrom('clients').select(['id', 'firstName', 'lastName']).where('id', 'in', clientIds).execute()
      : Promise.resolve([]),
    db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute(),
    db
      .selectFrom('receiptAuthorizations as a')
      .innerJoin('users as u', 'u.id', 'a.authorizedBy')
      .select(['a.receiptId', 'a.kind', 'a.authorizedBy', 'a.userId', 'a.createdAt', 'u.name as authorizerName'])
      .where('a.receiptId', 'in', ids)
      .orderBy('a.id')
      .execute(),
    db
      .selectFrom('invoiceReceipts as ir')
      .innerJoin('invoices as i', 'i.id', 'ir.invoiceId')
      .select(['ir.receiptId', 'i.id', 'i.kind', 'i.series', 'i.folio', 'i.status'])
      .where('ir.receiptId', 'in', ids)
      .where('ir.releasedAt', 'is', null)
      // The ingreso that holds the receipt; its complementos and notas de crédito relate to that.
      .where('i.kind', 'in', ['receipts', 'global'])
      .$narrowType<{ kind: 'receipts' | 'global' }>()
      .execute(),
    // Its notas de crédito (decision 098), oldest first.
    db
      .selectFrom('creditNotes as c')
      .innerJoin('invoices as i', 'i.id', 'c.invoiceId')
      .select(['c.receiptId', 'i.id', 'i.series', 'i.folio', 'i.status'])
      .where('c.receiptId', 'in', ids)
      .orderBy('i.id')
      .execute(),
  ]);
  return { items, payments, clients, users, authorizations, invoices, creditNotes };
}

/** Receipts of one user, or dated within [today.start, today.end] (epoch ms): what a Seller reads. */
export interface OwnOrToday {
  userId: number;
  today: { start: number; end: number };
}

/** A client's receipts, all of them or those of `only`. */
function receiptsOfClient(db: Executor, clientId: number, only: OwnOrToday | undefined) {
  const query = db.selectFrom('receipts').where('clientId', '=', clientId);
  if (!only) return query;
  return query.where((eb) =>
    eb.or([
      eb('userId', '=', only.userId),
      eb.and([eb('date', '>=', only.today.start), eb('date', '<=', only.today.end)]),
    ]),
  );
}

/** A page of a client's receipts, newest first (date desc, id desc), after a keyset position. */
export function findReceiptRowsOfClient(
  db: Executor,
  clientId: number,
  { after, limit, only }: { after?: ReceiptKey; limit: number; only?: OwnOrToday },
): Promise<ReceiptRow[]> {
  let query = receiptsOfClient(db, clientId, only).selectAll();
  if (after) query = query.where(sql<boolean>`(${sql.ref('date')}, ${sql.ref('id')}) < (${after.date}, ${after.id})`);
  return query.orderBy('date', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function countReceiptsOfClient(db: Executor, clientId: number, only?: OwnOrToday): Promise<number> {
  const row = await receiptsOfClient(db, clientId, only)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Lines (items plus payments) of each receipt: two grouped counts, whatever the number of receipts. */
export async function findLineCounts(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (ids.length === 0) return counts;
  const [items, payments] = await Promise.all([
    db
      .selectFrom('receiptItems')
      .select(['receiptId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('receiptId', 'in', ids)
      .groupBy('receiptId')
      .execute(),
    db
      .selectFrom('payments')
      .select(['receiptId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('receiptId', 'in', ids)
      .groupBy('receiptId')
      .execute(),
  ]);
  for (const row of [...items, ...payments])
    counts.set(row.receiptId, (counts.get(row.receiptId) ?? 0) + Number(row.n));
  return counts;
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
  /** Only receipts this user sold (a Seller's own). */
  userId?: number;
  /** Only receipts strictly after this key in the newest-first order. */
  after?: ReceiptKey;
  limit: number;
}

/**
 * One newest-first keyset page of receipt rows. Each filter keeps to one index:
 * receipts(date, id) for a date range, receipts(state, date, id) for one state. One seller's
 * receipts are those filtered on the way (receipts_date_totals_idx carries user_id).
 */
export function findReceiptRowsPage(db: Executor, filter: ReceiptPageFilter): Promise<ReceiptRow[]> {
  let query = db.selectFrom('receipts').selectAll();
  if (filter.state !== undefined) query = query.where('state', '=', filter.state);
  if (filter.userId !== undefined) query = query.where('userId', '=', filter.userId);
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

export async function insertPayment(db: Executor, payment: Parameters<typeof newPaymentRow>[0]) {
  return insertPaymentRow(db, newPaymentRow(payment));
}

export function insertPaymentRow(db: Executor, row: NewPaymentRow) {
  return db.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow();
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

/** What a sale reads of its products: prices, how each is sold, and the taxes its lines are split with. */
export function findProductsForSale(db: Executor, ids: number[]) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'units',
      'sellsByWeight',
      'priceCents',
      'wholesalePriceCents',
      'wholesaleMinMilli',
      'ivaRate',
      'iepsRatePpm',
      'iepsQuotaMicros',
      'satProductCode',
      'satUnitCode',
      'averageCostMicros',
    ])
    .where('id', 'in', ids)
    .execute();
}
export type ProductForSale = Awaited<ReturnType<typeof findProductsForSale>>[number];

export function findClientForSale(db: Executor, id: number) {
  return db
    .selectFrom('clients')
    .select(['id', 'firstName', 'lastName', 'isEnabled'])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type ClientForSale = NonNullable<Awaited<ReturnType<typeof findClientForSale>>>;

export function insertReceiptRow(db: Executor, receipt: NewReceiptRow): Promise<ReceiptRow> {
  return db.insertInto('receipts').values(receipt).returningAll().executeTakeFirstOrThrow();
}

export async function insertReceiptItems(db: Executor, items: Array<Insertable<ReceiptItemsTable>>) {
  return db.insertInto('receiptItems').values(items).returningAll().execute();
}

/** The invoice (serie-folio, kind, status) a receipt is in, pending or stamped, or undefined. */
export function findActiveInvoiceOfReceipt(db: Executor, receiptId: number) {
  return db
    .selectFrom('invoiceReceipts')
    .innerJoin('invoices', 'invoices.id', 'invoiceReceipts.invoiceId')
    .select(['invoices.series', 'invoices.folio', 'invoices.kind', 'invoices.status'])
    .where('invoiceReceipts.receiptId', '=', receiptId)
    .where('invoiceReceipts.releasedAt', 'is', null)
    .where('invoices.kind', 'in', ['receipts', 'global'])
    .executeTakeFirst();
}
