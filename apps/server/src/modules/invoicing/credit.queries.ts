import type { Insertable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { CreditNotesTable } from '../../db/schema.js';

// The notas de crédito's queries (decision 098): their folio, their link to the invoice they
// credit and to their cause, and what they read of a return.

/** A receipt's invoice of its own (kind 'receipts') that a nota de crédito may relate: the active one. */
export function findOwnInvoiceOf(db: Executor, receiptId: number) {
  return db
    .selectFrom('invoiceReceipts as ir')
    .innerJoin('invoices as i', 'i.id', 'ir.invoiceId')
    .selectAll('i')
    .where('ir.receiptId', '=', receiptId)
    .where('ir.releasedAt', 'is', null)
    .where('i.kind', 'in', ['receipts', 'global'])
    .executeTakeFirst();
}

/** The return's receipt, its refund and how it went back. */
export function findReturn(db: Executor, returnId: number) {
  return db
    .selectFrom('receiptReturns')
    .select(['id', 'receiptId', 'method', 'refundCents'])
    .where('id', '=', returnId)
    .executeTakeFirst();
}

/** The returned lines with the sold line's name, keys and units, and the returned split as stored. */
export function findReturnLines(db: Executor, returnId: number) {
  return db
    .selectFrom('receiptReturnItems as ri')
    .innerJoin('receiptItems as i', 'i.id', 'ri.itemId')
    .select([
      'i.productName',
      'i.units',
      'i.satProductCode',
      'i.satUnitCode',
      'ri.quantityMilli',
      'ri.ivaRate',
      'ri.iepsRatePpm',
      'ri.iepsQuotaMicros',
      'ri.baseCents',
      'ri.iepsCents',
      'ri.ivaCents',
    ])
    .where('ri.returnId', '=', returnId)
    .orderBy('ri.itemId')
    .execute();
}

/** What was refunded per method when a receipt was cancelled (its REMOVE payments with that note). */
export function findRefundsByNote(db: Executor, receiptId: number, note: string) {
  return db
    .selectFrom('payments')
    .select(['method', 'amountCents'])
    .where('receiptId', '=', receiptId)
    .where('reason', '=', 'REMOVE')
    .where('note', '=', note)
    .where('isEnabled', '=', 1)
    .execute();
}

/** The nota de crédito already written for a return, or for a receipt's cancellation (returnId null). */
export function findCreditNote(db: Executor, cause: { returnId: number } | { cancelledReceiptId: number }) {
  const select = db.selectFrom('creditNotes').select(['invoiceId']);
  return (
    'returnId' in cause
      ? select.where('returnId', '=', cause.returnId)
      : select.where('receiptId', '=', cause.cancelledReceiptId).where('returnId', 'is', null)
  ).executeTakeFirst();
}

/** Whether an invoice has notas de crédito in force (pending, stamped or being cancelled). */
export async function hasLiveCreditNotes(db: Executor, invoiceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('creditNotes as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoiceId')
    .select('c.invoiceId')
    .where('c.relatedInvoiceId', '=', invoiceId)
    .where('i.status', 'in', ['pending', 'stamped', 'cancelling'])
    .executeTakeFirst();
  return row !== undefined;
}

/** A nota de crédito's credited receipt and related invoice, by the nota's id. */
export async function creditLinksOf(db: Executor, ids: readonly number[]) {
  const links = new Map<
    number,
    { receiptId: number; relatedInvoice: { id: number; number: string; uuid: string | null } }
  >();
  if (ids.length === 0) return links;
  const rows = await db
    .selectFrom('creditNotes as c')
    .innerJoin('invoices as i', 'i.id', 'c.relatedInvoiceId')
    .select(['c.invoiceId', 'c.receiptId', 'i.id', 'i.series', 'i.folio', 'i.uuid'])
    .where('c.invoiceId', 'in', ids)
    .execute();
  for (const row of rows) {
    links.set(row.invoiceId, {
      receiptId: row.receiptId,
      relatedInvoice: { id: row.id, number: `${row.series}-${row.folio}`, uuid: row.uuid },
    });
  }
  return links;
}

/**
 * Returns owed a nota de crédito: of a receipt in its own stamped invoice, recorded after that
 * invoice was written (so not in its XML), with none yet — a return made while the invoice was
 * still pending, or one whose nota could not be written then.
 */
export function findOwedReturns(db: Executor, limit: number) {
  return db
    .selectFrom('receiptReturns as r')
    .innerJoin('invoiceReceipts as ir', 'ir.receiptId', 'r.receiptId')
    .innerJoin('invoices as i', 'i.id', 'ir.invoiceId')
    .leftJoin('creditNotes as c', 'c.returnId', 'r.id')
    .select('r.id')
    .where('ir.releasedAt', 'is', null)
    .where('i.kind', '=', 'receipts')
    .where('i.status', '=', 'stamped')
    .whereRef('r.createdAt', '>', 'i.createdAt')
    .where('c.invoiceId', 'is', null)
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** Takes the next nota de crédito folio, as takeFolio does the invoices' (the row's lock, no gap). */
export function takeCreditFolio(trx: Executor) {
  return trx
    .updateTable('businessFiscal')
    .set((eb) => ({ creditNextFolio: eb('creditNextFolio', '+', 1) }))
    .where('id', '=', 1)
    .returning(['creditSeries', 'creditNextFolio'])
    .executeTakeFirstOrThrow();
}

export async function insertCreditNote(trx: Executor, row: Insertable<CreditNotesTable>) {
  await trx.insertInto('creditNotes').values(row).execute();
}
