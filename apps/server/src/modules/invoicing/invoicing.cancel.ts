import { type InvoiceCancelBody, type InvoiceDetails, type InvoiceStatus, RFC_GENERIC } from '@mostrador/shared';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { detailsById, emisorOf, INVOICE_ERRORS, type InvoicingContext, notConfigured } from './invoicing.context.js';
import * as q from './invoicing.queries.js';
import { releaseComplement } from './payment-complements.queries.js';

// Cancelling a stamped invoice before the SAT, through the PAC, signed with the shop's CSD.

/** Up to this total the SAT cancels without asking the receiver (centavos). */
const WITHOUT_ACCEPTANCE_MAX_CENTS = 100_000;
/** Within this long of its stamp an invoice is cancelled without asking the receiver. */
const WITHOUT_ACCEPTANCE_WINDOW_MS = 24 * 3_600_000;

/**
 * POST /invoice/cancel. The SAT's answer (EstatusUUID 201 accepted, 202 already asked) does not
 * say whether the receiver must accept; its rules do: an invoice of up to $1,000, one to the
 * general public, or one within 24 h of its stamp is cancelled at once ('cancelled'); any other
 * waits for the receiver ('cancelling'). Either way its receipts are free to be invoiced again.
 */
export async function cancelInvoice(ctx: InvoicingContext, body: InvoiceCancelBody): Promise<InvoiceDetails> {
  const { db, transact, clock, pac } = ctx;
  if (!pac) throw notConfigured();
  const row = await q.findInvoice(db, body.id);
  if (!row) throw notFound(INVOICE_ERRORS.invoiceMissing);
  if ((row.status !== 'stamped' && row.status !== 'cancelling') || !row.uuid) {
    throw conflict(INVOICE_ERRORS.onlyStampedCancel);
  }
  if (body.replacementUuid && body.replacementUuid === row.uuid) throw badRequest(INVOICE_ERRORS.sameUuid);
  const { emisor } = await emisorOf(db);
  const files = await ctx.fiscal.csdFiles();
  const requestedAt = clock();
  const result = await pac.cancel({
    uuid: row.uuid,
    rfc: emisor.rfc,
    motivo: body.motive,
    ...(body.motive === '01' && body.replacementUuid ? { folioSustitucion: body.replacementUuid } : {}),
    certificate: files.certificate,
    key: files.key,
    password: files.password,
  });
  if (result.statusCode !== '201' && result.statusCode !== '202') {
    throw new AppError(502, 'BAD_GATEWAY', INVOICE_ERRORS.cancelCode(result.statusCode));
  }
  const at = clock();
  const immediate =
    Number(row.totalCents) <= WITHOUT_ACCEPTANCE_MAX_CENTS ||
    row.receiverRfc === RFC_GENERIC ||
    at - Number(row.stampedAt ?? row.issuedAt) <= WITHOUT_ACCEPTANCE_WINDOW_MS;
  const status: InvoiceStatus = immediate ? 'cancelled' : 'cancelling';
  await transact(async (trx) => {
    await q.updateInvoice(trx, row.id, {
      status,
      cancelMotive: body.motive,
      replacementUuid: body.motive === '01' ? (body.replacementUuid ?? null) : null,
      cancelRequestedAt: requestedAt,
      cancelledAt: status === 'cancelled' ? at : null,
      cancelAcuse: result.acuse,
      updatedAt: at,
    });
    await q.releaseReceipts(trx, row.id, at);
    // A complemento de pago no longer states its payments: they may get another.
    if (row.kind === 'payment') await releaseComplement(trx, row.id, at);
  });
  return detailsById(db, row.id);
}
