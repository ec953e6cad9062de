import type { Executor } from '../../db/connection.js';

// The complementos de pago's queries (decision 097): which payments still need one, what the
// invoices they pay owed before, and the links between a complemento, its payments and its
// DoctoRelacionados.

/**
 * Enabled abonos (ADD payments) on receipts of a stamped PPD invoice of receipts, stated by no
 * live complemento; of `receiptIds` only, and taken before `takenBefore` only, when given.
 */
export function findDuePayments(db: Executor, receiptIds?: readonly number[], takenBefore?: number) {
  let select = db
    .selectFrom('payments as p')
    .innerJoin('invoiceReceipts as ir', (join) => join.onRef('ir.receiptId', '=', 'p.receiptId'))
    .innerJoin('invoices as i', 'i.id', 'ir.invoiceId')
    .select([
      'p.id',
      'p.receiptId',
      'p.amountCents',
      'p.method',
      'p.createdAt',
      'p.userId',
      'i.id as invoiceId',
      'i.clientId',
      'i.receiverRfc',
    ])
    .where('ir.releasedAt', 'is', null)
    .where('i.kind', '=', 'receipts')
    .where('i.status', '=', 'stamped')
    .where('i.paymentMethod', '=', 'PPD')
    .where('p.reason', '=', 'ADD')
    .where('p.isEnabled', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('paymentComplementPayments as cp')
            .select('cp.paymentId')
            .whereRef('cp.paymentId', '=', 'p.id')
            .where('cp.releasedAt', 'is', null),
        ),
      ),
    );
  if (takenBefore !== undefined) select = select.where('p.createdAt', '<', takenBefore);
  if (receiptIds) {
    if (receiptIds.length === 0) return Promise.resolve([]);
    select = select.where('p.receiptId', 'in', receiptIds);
  }
  return select.orderBy('p.createdAt').orderBy('p.id').execute();
}
export type DuePayment = Awaited<ReturnType<typeof findDuePayments>>[number];

/** Takes the next complemento folio (the fiscal row's lock serialises complementos too). */
export function takePaymentFolio(trx: Executor) {
  return trx
    .updateTable('businessFiscal')
    .set((eb) => ({ paymentNextFolio: eb('paymentNextFolio', '+', 1) }))
    .where('id', '=', 1)
    .returning(['paymentSeries', 'paymentNextFolio', 'paymentComplements'])
    .executeTakeFirstOrThrow();
}

export function findPaymentComplementsSetting(db: Executor) {
  return db.selectFrom('businessFiscal').select('paymentComplements').where('id', '=', 1).executeTakeFirst();
}

/** The invoices paid, with the DoctoRelacionados of their live complementos (pending or stamped). */
export function findRelatedInvoices(db: Executor, invoiceIds: readonly number[]) {
  return db
    .selectFrom('invoices')
    .select([
      'id',
      'uuid',
      'series',
      'folio',
      'totalCents',
      'sealedXml',
      'clientId',
      'receiverRfc',
      'receiverName',
      'receiverRegime',
      'receiverZip',
    ])
    .where('id', 'in', invoiceIds)
    .execute();
}

export type RelatedInvoice = Awaited<ReturnType<typeof findRelatedInvoices>>[number];

export function findLiveDocuments(db: Executor, relatedInvoiceIds: readonly number[]) {
  return db
    .selectFrom('paymentComplementDocuments as d')
    .innerJoin('invoices as c', 'c.id', 'd.invoiceId')
    .select(['d.relatedInvoiceId', 'd.installment', 'd.paidCents'])
    .where('d.relatedInvoiceId', 'in', relatedInvoiceIds)
    .where('d.releasedAt', 'is', null)
    .where('c.status', 'in', ['pending', 'stamped'])
    .execute();
}

/**
 * What the notas de crédito in force (pending, stamped or being cancelled: not refused nor
 * cancelled) took off each of these invoices: a return lowers the saldo the next parcialidad starts from.
 */
export function findCreditedCents(db: Executor, relatedInvoiceIds: readonly number[]) {
  return db
    .selectFrom('creditNotes as n')
    .innerJoin('invoices as c', 'c.id', 'n.invoiceId')
    .select(['n.relatedInvoiceId', 'c.totalCents'])
    .where('n.relatedInvoiceId', 'in', relatedInvoiceIds)
    .where('c.kind', '=', 'credit')
    .where('c.status', 'in', ['pending', 'stamped', 'cancelling'])
    .execute();
}

export type LiveDocument = Awaited<ReturnType<typeof findLiveDocuments>>[number];
export type CreditedNote = Awaited<ReturnType<typeof findCreditedCents>>[number];

export async function insertLinks(
  trx: Executor,
  invoiceId: number,
  paymentIds: readonly number[],
  documents: ReadonlyArray<{
    relatedInvoiceId: number;
    installment: number;
    previousBalanceCents: number;
    paidCents: number;
    remainingCents: number;
  }>,
) {
  await trx
    .insertInto('paymentComplementPayments')
    .values(paymentIds.map((paymentId) => ({ invoiceId, paymentId, releasedAt: null })))
    .execute();
  await trx
    .insertInto('paymentComplementDocuments')
    .values(documents.map((document) => ({ invoiceId, ...document, releasedAt: null })))
    .execute();
}

/** A cancelled complemento no longer states its payments nor counts in the saldos. */
export async function releaseComplement(trx: Executor, invoiceId: number, at: number) {
  await trx
    .updateTable('paymentComplementPayments')
    .set({ releasedAt: at })
    .where('invoiceId', '=', invoiceId)
    .where('releasedAt', 'is', null)
    .execute();
  await trx
    .updateTable('paymentComplementDocuments')
    .set({ releasedAt: at })
    .where('invoiceId', '=', invoiceId)
    .where('releasedAt', 'is', null)
    .execute();
}

/** The live complemento stating a payment, if any. */
export function findComplementOfPayment(db: Executor, paymentId: number) {
  return db
    .selectFrom('paymentComplementPayments as cp')
    .innerJoin('invoices as c', 'c.id', 'cp.invoiceId')
    .select(['c.id', 'c.status'])
    .where('cp.paymentId', '=', paymentId)
    .where('cp.releasedAt', 'is', null)
    .executeTakeFirst();
}

/** The payments a complemento states. */
export function findComplementPaymentIds(db: Executor, invoiceId: number) {
  return db
    .selectFrom('paymentComplementPayments as cp')
    .innerJoin('payments as p', 'p.id', 'cp.paymentId')
    .select(['p.id', 'p.receiptId'])
    .where('cp.invoiceId', '=', invoiceId)
    .execute();
}

/** Enabled abonos on stamped PPD invoices stated by no stamped complemento (pending, or none yet). */
export function findUnstampedPayments(db: Executor) {
  return db
    .selectFrom('payments as p')
    .innerJoin('invoiceReceipts as ir', (join) => join.onRef('ir.receiptId', '=', 'p.receiptId'))
    .innerJoin('invoices as i', 'i.id', 'ir.invoiceId')
    .select(['p.id', 'p.amountCents', 'p.createdAt'])
    .where('ir.releasedAt', 'is', null)
    .where('i.kind', '=', 'receipts')
    .where('i.status', '=', 'stamped')
    .where('i.paymentMethod', '=', 'PPD')
    .where('p.reason', '=', 'ADD')
    .where('p.isEnabled', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('paymentComplementPayments as cp')
            .innerJoin('invoices as c', 'c.id', 'cp.invoiceId')
            .select('cp.paymentId')
            .whereRef('cp.paymentId', '=', 'p.id')
            .where('cp.releasedAt', 'is', null)
            .where('c.status', 'in', ['stamped', 'refused']),
        ),
      ),
    )
    .orderBy('p.createdAt')
    .execute();
}

/**
 * Stamped complementos that state a payment cancelled since (their cancellation failed or came
 * first), before `cancelledBefore`: a newer one is its own request's to cancel (one PAC call, not two).
 */
export function findStaleComplements(db: Executor, cancelledBefore: number) {
  return db
    .selectFrom('invoices as c')
    .select('c.id')
    .where('c.kind', '=', 'payment')
    .where('c.status', '=', 'stamped')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('paymentComplementPayments as cp')
          .innerJoin('payments as p', 'p.id', 'cp.paymentId')
          .select('cp.paymentId')
          .whereRef('cp.invoiceId', '=', 'c.id')
          .where('cp.releasedAt', 'is', null)
          .where('p.isEnabled', '=', 0)
          .where((eb) => eb.or([eb('p.cancelledAt', 'is', null), eb('p.cancelledAt', '<', cancelledBefore)])),
      ),
    )
    .orderBy('c.id')
    .execute();
}
