import { SAT_CFDI_USES, type PaymentMethod } from '@mostrador/shared';
import type { InvoiceRow } from '../../db/schema.js';
import {
  buildComprobante,
  cfdiDate,
  type CfdiLine,
  comprobanteXml,
  type Receptor,
  sealComprobante,
  TIPO_RELACION_NOTA_DE_CREDITO,
  validateComprobante,
} from './cfdi/index.js';
import * as cq from './credit.queries.js';
import { netLinesOf } from './invoice-lines.js';
import { cancelInvoice } from './invoicing.cancel.js';
import { emisorOf, type InvoicingContext } from './invoicing.context.js';
import { amountsOf, isUniqueViolation } from './invoicing.issue.js';
import * as q from './invoicing.queries.js';

// Notas de crédito (CFDI de egreso, decision 098). A return of lines of a receipt that has its
// own stamped invoice, or the cancellation of such a receipt when its invoice cannot simply be
// cancelled, credits that invoice: TipoDeComprobante E, TipoRelacion 01 to the invoice's UUID,
// the invoice's Receptor, one Concepto per credited line from its stored split, PUE.
// They are called after the return or the cancellation committed: the sale's side never waits
// for, nor fails because of, the PAC. Written 'pending' with the sealed XML (own series, own
// gap-free folio) and sent once at once; the background job sends what is still pending.

/** c_FormaPago of a refund by the shop's methods. */
const FORMA_PAGO: Record<PaymentMethod, string> = { Efectivo: '01', Tarjeta: '04', Transferencia: '03' };
/** c_FormaPago 15 Condonación: the credit lowered what the customer owed; no money went back. */
const FORMA_CONDONACION = '15';
/** c_UsoCFDI G02 Devoluciones, descuentos o bonificaciones: the receiver's use of an egreso. */
const USO_DEVOLUCIONES = 'G02';

/** Why a nota de crédito is written: a return, or the cancellation of the whole receipt. */
type Cause = { returnId: number; receiptId: number } | { cancelledReceiptId: number };

/** The invoice's receiver, with UsoCFDI G02 when the receiver's régimen allows it. */
function receptorOf(invoice: InvoiceRow): Receptor {
  const g02 = SAT_CFDI_USES.find((use) => use.code === USO_DEVOLUCIONES);
  const allowed = g02?.regimes.includes(invoice.receiverRegime) ?? false;
  return {
    rfc: invoice.receiverRfc,
    nombre: invoice.receiverName,
    domicilioFiscalReceptor: invoice.receiverZip,
    regimenFiscalReceptor: invoice.receiverRegime,
    usoCFDI: allowed ? USO_DEVOLUCIONES : invoice.cfdiUse,
  };
}

/** A receipt's invoice of its own, stamped: what a nota de crédito relates (a factura global is not). */
async function creditableInvoiceOf(ctx: InvoicingContext, receiptId: number) {
  const invoice = await cq.findOwnInvoiceOf(ctx.db, receiptId);
  return invoice && invoice.kind === 'receipts' && invoice.status === 'stamped' && invoice.uuid ? invoice : null;
}

/**
 * Takes the credit folio, builds, validates and seals the egreso and writes it 'pending' with its
 * link, in one transaction. Written once per cause: a second call finds the first one's row.
 */
async function writeCreditNote(
  ctx: InvoicingContext,
  invoice: InvoiceRow,
  cause: Cause,
  lines: CfdiLine[],
  formaPago: string,
): Promise<number> {
  const csd = await ctx.fiscal.openCsd();
  const receiptId = 'returnId' in cause ? cause.receiptId : cause.cancelledReceiptId;
  try {
    return await ctx.transact(async (trx) => {
      const { emisor, zipCode } = await emisorOf(trx);
      const { creditSeries: series, creditNextFolio } = await cq.takeCreditFolio(trx);
      const folio = Number(creditNextFolio) - 1;
      const at = ctx.clock();
      const comprobante = buildComprobante({
        tipoDeComprobante: 'E',
        serie: series,
        folio: String(folio),
        issuedAt: at,
        emisor,
        receptor: receptorOf(invoice),
        lugarExpedicion: zipCode,
        metodoPago: 'PUE',
        formaPago,
        cfdiRelacionados: [{ tipoRelacion: TIPO_RELACION_NOTA_DE_CREDITO, uuids: [invoice.uuid!] }],
        lines,
      });
      const problems = validateComprobante(comprobante);
      if (problems.length > 0)
        throw new Error(`Nota de crédito de la factura ${invoice.series}-${invoice.folio}: ${problems.join(' ')}`);
      const sealed = sealComprobante(comprobante, csd);
      const { receptor } = comprobante;
      const row = await q.insertInvoice(trx, {
        kind: 'credit',
        series,
        folio,
        status: 'pending',
        uuid: null,
        issuedAt: at,
        stampedAt: null,
        clientId: invoice.clientId,
        receiverRfc: receptor.rfc,
        receiverName: receptor.nombre,
        receiverRegime: receptor.regimenFiscalReceptor,
        receiverZip: receptor.domicilioFiscalReceptor,
        cfdiUse: receptor.usoCFDI,
        paymentMethod: 'PUE',
        paymentForm: formaPago,
        ...amountsOf(comprobante),
        sealedXml: comprobanteXml(sealed.comprobante),
        stampedXml: null,
        satCertificateNumber: null,
        pacMessage: null,
        nextAttemptAt: at + ctx.config.PAC_TIMEOUT_MS + ctx.config.INVOICE_RETRY_MS,
        globalPeriodicity: null,
        globalFrom: null,
        globalTo: null,
        cancelMotive: null,
        replacementUuid: null,
        cancelRequestedAt: null,
        cancelledAt: null,
        cancelAcuse: null,
        createdBy: null,
        createdAt: at,
        updatedAt: at,
      });
      await cq.insertCreditNote(trx, {
        invoiceId: row.id,
        relatedInvoiceId: invoice.id,
        receiptId,
        returnId: 'returnId' in cause ? cause.returnId : null,
      });
      return row.id;
    });
  } catch (error) {
    // Another call for the same cause committed first: its nota de crédito is the one.
    if (isUniqueViolation(error, 'credit_notes')) {
      const existing = await cq.findCreditNote(ctx.db, cause);
      if (existing) return existing.invoiceId;
    }
    throw error;
  }
}

/** Writes it (or finds it) and sends it once; the job sends it again when the PAC does not answer. */
async function issue(ctx: InvoicingContext, invoice: InvoiceRow, cause: Cause, lines: CfdiLine[], formaPago: string) {
  const existing = await cq.findCreditNote(ctx.db, cause);
  const id = existing?.invoiceId ?? (await writeCreditNote(ctx, invoice, cause, lines, formaPago));
  await ctx.stamping?.attempt(id);
  return id;
}

/**
 * After a return: the nota de crédito of the returned lines, when the receipt has its own stamped
 * invoice; null otherwise (not invoiced, a factura global, an invoice not yet stamped).
 * FormaPago: the refund's method; 15 Condonación when the return only lowered the balance.
 */
export async function creditNoteForReturn(ctx: InvoicingContext, returnId: number): Promise<number | null> {
  if (!ctx.stamping) return null;
  const found = await cq.findReturn(ctx.db, returnId);
  if (!found) return null;
  const invoice = await creditableInvoiceOf(ctx, found.receiptId);
  if (!invoice) return null;
  const lines: CfdiLine[] = (await cq.findReturnLines(ctx.db, returnId)).map((line) => ({
    productName: line.productName,
    units: line.units,
    quantityMilli: Number(line.quantityMilli),
    satProductCode: line.satProductCode,
    satUnitCode: line.satUnitCode,
    ivaRate: line.ivaRate,
    iepsRatePpm: line.iepsRatePpm === null ? null : Number(line.iepsRatePpm),
    iepsQuotaMicros: line.iepsQuotaMicros === null ? null : Number(line.iepsQuotaMicros),
    baseCents: Number(line.baseCents),
    iepsCents: Number(line.iepsCents),
    ivaCents: Number(line.ivaCents),
  }));
  const formaPago = Number(found.refundCents) > 0 ? FORMA_PAGO[found.method] : FORMA_CONDONACION;
  return issue(ctx, invoice, { returnId, receiptId: found.receiptId }, lines, formaPago);
}

/**
 * The background job's part: the notas de crédito owed (findOwedReturns), one after the other; one
 * that cannot be written does not keep the others waiting (the round's error names the first).
 */
export async function issueOwedCreditNotes(ctx: InvoicingContext): Promise<void> {
  const failures: unknown[] = [];
  for (const { id } of await cq.findOwedReturns(ctx.db, 50)) {
    await creditNoteForReturn(ctx, id).catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw failures[0];
}

/** What became of an invoiced receipt's invoice when the receipt was cancelled. */
export type CancelledReceiptOutcome = { invoiceCancelled: number } | { creditNote: number } | null;

/**
 * After an invoiced receipt was cancelled whole (decision 098): its invoice is cancelled (motive
 * 02) when the invoice is that receipt's alone, was issued this same month (Monterrey), the
 * month its income is declared in, and no nota de crédito in force relates to it; otherwise (an invoice of several receipts, an earlier month)
 * the receipt's remaining lines get a nota de crédito. Should the PAC not cancel it (down, or the
 * SAT's refusal), the nota de crédito is issued instead, pending for the job if need be: the
 * invoice's income is then offset either way.
 */
export async function afterReceiptCancelled(
  ctx: InvoicingContext,
  receiptId: number,
  refundNote: string,
): Promise<CancelledReceiptOutcome> {
  if (!ctx.stamping) return null;
  const invoice = await creditableInvoiceOf(ctx, receiptId);
  if (!invoice) return null;
  const receipts = (await q.receiptIdsOf(ctx.db, [invoice.id])).get(invoice.id) ?? [];
  const sameMonth = cfdiDate(Number(invoice.issuedAt)).slice(0, 7) === cfdiDate(ctx.clock()).slice(0, 7);
  // The SAT does not cancel a CFDI that CFDIs in force relate to (an earlier return's nota).
  if (receipts.length === 1 && sameMonth && !(await cq.hasLiveCreditNotes(ctx.db, invoice.id))) {
    try {
      await cancelInvoice(ctx, { id: invoice.id, motive: '02' });
      return { invoiceCancelled: invoice.id };
    } catch {
      // Not cancelled: the nota de crédito below offsets it instead.
    }
  }
  const lines = (await netLinesOf(ctx.db, [receiptId])).get(receiptId) ?? [];
  if (lines.length === 0) return null;
  const refunds = await cq.findRefundsByNote(ctx.db, receiptId, refundNote);
  const [largest] = refunds
    .map((refund) => ({ method: refund.method, cents: Number(refund.amountCents) }))
    .sort((a, b) => b.cents - a.cents || a.method.localeCompare(b.method));
  const formaPago = largest ? FORMA_PAGO[largest.method] : FORMA_CONDONACION;
  return { creditNote: await issue(ctx, invoice, { cancelledReceiptId: receiptId }, lines, formaPago) };
}
