import type { InvoiceStatus } from '@mostrador/shared';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { InvoiceRow, InvoicesTable } from '../../db/schema.js';

// The invoicing module's queries: invoices and their receipts, and what an invoice reads of the
// receipts, their lines, returns and payments, and of the client.

/** The receipt's columns an invoice needs. */
export function findReceipts(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('receipts')
    .select(['id', 'state', 'clientId', 'userId', 'date', 'createdAt', 'totalCents', 'returnedCents'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}
export type InvoiceReceipt = Awaited<ReturnType<typeof findReceipts>>[number];

/** Paid receipts dated within [start, end] in no active invoice (for a factura global). */
export function findUninvoicedPaidReceipts(db: Executor, start: number, end: number) {
  return db
    .selectFrom('receipts as r')
    .select(['r.id', 'r.state', 'r.clientId', 'r.userId', 'r.date', 'r.createdAt', 'r.totalCents', 'r.returnedCents'])
    .where('r.state', '=', 'Paid')
    .where('r.date', '>=', start)
    .where('r.date', '<=', end)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('invoiceReceipts as ir')
            .select('ir.receiptId')
            .whereRef('ir.receiptId', '=', 'r.id')
            .where('ir.releasedAt', 'is', null),
        ),
      ),
    )
    .orderBy('r.date')
    .orderBy('r.id')
    .execute();
}

/** The sold lines of some receipts, with their stored tax split. */
export function findItems(db: Executor, receiptIds: readonly number[]) {
  if (receiptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('receiptItems')
    .select([
      'id',
      'receiptId',
      'productName',
      'units',
      'quantityMilli',
      'satProductCode',
      'satUnitCode',
      'ivaRate',
      'iepsRatePpm',
      'iepsQuotaMicros',
      'baseCents',
      'iepsCents',
      'ivaCents',
    ])
    .where('receiptId', 'in', receiptIds)
    .orderBy('id')
    .execute();
}

/** What was returned of each line of some receipts: quantity and split, summed per line. */
export function findReturnedByItem(db: Executor, receiptIds: readonly number[]) {
  if (receiptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('receiptReturnItems as ri')
    .innerJoin('receiptReturns as r', 'r.id', 'ri.returnId')
    .select((eb) => [
      'ri.itemId',
      eb.fn.sum<number>('ri.quantityMilli').as('quantityMilli'),
      eb.fn.sum<number>('ri.baseCents').as('baseCents'),
      eb.fn.sum<number>('ri.iepsCents').as('iepsCents'),
      eb.fn.sum<number>('ri.ivaCents').as('ivaCents'),
    ])
    .where('r.receiptId', 'in', receiptIds)
    .groupBy('ri.itemId')
    .execute();
}

/** Net amounts paid per method (enabled payments in, refunds out) over some receipts. */
export function findPaidByMethod(db: Executor, receiptIds: readonly number[]) {
  if (receiptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .select((eb) => [
      'method',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('reason', '=', 'ADD')
            .then(eb.ref('amountCents'))
            .else(eb.neg(eb.ref('amountCents')))
            .end(),
        )
        .as('cents'),
    ])
    .where('receiptId', 'in', receiptIds)
    .where('isEnabled', '=', 1)
    .groupBy('method')
    .execute();
}

export function findClient(db: Executor, id: number) {
  return db
    .selectFrom('clients')
    .select(['id', 'rfc', 'legalName', 'taxRegime', 'taxZipCode', 'cfdiUse', 'invoiceEmail'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function saveClientFiscal(
  db: Executor,
  id: number,
  data: {
    rfc: string;
    legalName: string;
    taxRegime: string;
    taxZipCode: string;
    cfdiUse?: string;
    invoiceEmail?: string;
  },
  at: number,
) {
  await db
    .updateTable('clients')
    .set({ ...data, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

/** The active invoices (receipt in it not released) of some receipts. */
export function findActiveInvoicesOf(db: Executor, receiptIds: readonly number[]) {
  if (receiptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoiceReceipts as ir')
    .innerJoin('invoices as i', 'i.id', 'ir.invoiceId')
    .select(['ir.receiptId', 'i.id', 'i.kind', 'i.status', 'i.series', 'i.folio'])
    .where('ir.receiptId', 'in', receiptIds)
    .where('ir.releasedAt', 'is', null)
    .execute();
}

/**
 * Takes the next folio: the row's lock makes concurrent invoices wait their turn, and a
 * transaction that fails gives its folio back with everything else (no gap).
 */
export function takeFolio(trx: Executor) {
  return trx
    .updateTable('businessFiscal')
    .set((eb) => ({ nextFolio: eb('nextFolio', '+', 1) }))
    .where('id', '=', 1)
    .returning(['series', 'nextFolio'])
    .executeTakeFirstOrThrow();
}

export function insertInvoice(trx: Executor, row: Insertable<InvoicesTable>) {
  return trx.insertInto('invoices').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertInvoiceReceipts(trx: Executor, invoiceId: number, receiptIds: readonly number[]) {
  await trx
    .insertInto('invoiceReceipts')
    .values(receiptIds.map((receiptId) => ({ invoiceId, receiptId, releasedAt: null })))
    .execute();
}

export async function releaseReceipts(trx: Executor, invoiceId: number, at: number) {
  await trx
    .updateTable('invoiceReceipts')
    .set({ releasedAt: at })
    .where('invoiceId', '=', invoiceId)
    .where('releasedAt', 'is', null)
    .execute();
}

export function findInvoice(db: Executor, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function receiptIdsOf(db: Executor, invoiceIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (invoiceIds.length === 0) return map;
  const rows = await db
    .selectFrom('invoiceReceipts')
    .select(['invoiceId', 'receiptId'])
    .where('invoiceId', 'in', invoiceIds)
    .orderBy('receiptId')
    .execute();
  for (const row of rows) map.set(row.invoiceId, [...(map.get(row.invoiceId) ?? []), row.receiptId]);
  return map;
}

/** Pending invoices whose next attempt is due (the background job's work). */
export function findDuePending(db: Executor, now: number, limit: number) {
  return db
    .selectFrom('invoices')
    .select('id')
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .orderBy('nextAttemptAt')
    .limit(limit)
    .execute();
}

/** The shop's fiscal row (identity, folio, periodicity, whether a CSD is loaded). */
export function findShopFiscal(db: Executor) {
  return db.selectFrom('businessFiscal').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Counts an attempt and leases the invoice until `until`: the job leaves it alone meanwhile. */
export async function startAttempt(db: Executor, id: number, until: number) {
  await db
    .updateTable('invoices')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: until }))
    .where('id', '=', id)
    .execute();
}

/** Changes a still pending invoice; undefined when it is pending no more (another attempt won). */
export function updatePending(db: Executor, id: number, changes: Updateable<InvoicesTable>) {
  return db
    .updateTable('invoices')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function updateInvoice(db: Executor, id: number, changes: Updateable<InvoicesTable>) {
  await db.updateTable('invoices').set(changes).where('id', '=', id).execute();
}

export interface InvoiceFilters {
  /** Instants of issue, epoch ms. */
  from?: number;
  to?: number;
  status?: InvoiceStatus;
  clientId?: number;
}

/** Invoices newest first (at most `limit`). */
export function listInvoices(db: Executor, filters: InvoiceFilters, limit: number) {
  let select = db.selectFrom('invoices').selectAll();
  if (filters.from !== undefined) select = select.where('issuedAt', '>=', filters.from);
  if (filters.to !== undefined) select = select.where('issuedAt', '<=', filters.to);
  if (filters.status) select = select.where('status', '=', filters.status);
  if (filters.clientId !== undefined) select = select.where('clientId', '=', filters.clientId);
  return select.orderBy('id', 'desc').limit(limit).execute();
}

/** The stamped XMLs of the invoices issued within [start, end], by series and folio. */
export function findStampedBetween(db: Executor, start: number, end: number) {
  return db
    .selectFrom('invoices')
    .select(['series', 'folio', 'uuid', 'stampedXml'])
    .where('stampedXml', 'is not', null)
    .where('issuedAt', '>=', start)
    .where('issuedAt', '<=', end)
    .orderBy('series')
    .orderBy('folio')
    .execute();
}
