import type {
  InvoiceCancelBody,
  InvoiceCreateBody,
  InvoiceGlobalBody,
  InvoiceKind,
  InvoiceStatus,
} from '@mostrador/shared';
import type { Actor } from '../../lib/actor.js';
import { cancelInvoice } from './invoicing.cancel.js';
import { detailsById, type InvoicingContext, type InvoicingDeps } from './invoicing.context.js';
import {
  invoiceDetails,
  type InvoiceListFilters,
  invoicePdfOf,
  invoiceXml,
  listInvoices,
  monthZip,
  pendingGlobal,
} from './invoicing.documents.js';
import { createInvoice, globalInvoice, type InvoiceIssuer, retryInvoice } from './invoicing.issue.js';
import * as q from './invoicing.queries.js';
import type { InvoicePdfFormat } from './pdf/index.js';
import {
  cancelComplementOf,
  issueDueComplements,
  pendingComplements,
  repairComplements,
} from './payment-complements.js';
import { createStamping } from './stamping.js';
import { afterReceiptCancelled, creditNoteForReturn, issueOwedCreditNotes } from './invoicing.credit.js';
import { REFUND_PAYMENT_NOTE } from '../receipts/receipts.service.js';

// Invoicing (issue 34, decision 093): invoices of receipts and facturas globales, built from the
// stored receipt lines, sealed with the shop's CSD and stamped through the PAC; their
// cancellation; the documents. The parts live in invoicing.issue.ts, .cancel.ts, .documents.ts
// and stamping.ts; this is the service the routes and other modules call.

/** Where the abono's routes log what the complemento could not do. */
interface ErrorLog {
  error(object: { err: unknown }, message: string): void;
}

export function createInvoicingService(deps: InvoicingDeps) {
  const { db, clock, config, pac } = deps;
  const stamping = pac
    ? createStamping({
        ...deps,
        pac,
        retryMs: config.INVOICE_RETRY_MS,
        pacTimeoutMs: config.PAC_TIMEOUT_MS,
        // The complementos de pago not written, or not cancelled, at once (decision 097).
        beforeRound: () => repairComplements(ctx),
        // A return made while its invoice was pending gets its nota once the invoice is stamped.
        alsoEachRound: () => issueOwedCreditNotes(ctx),
      })
    : null;
  const ctx: InvoicingContext = { ...deps, stamping };

  return {
    /** Starts the background retry of pending invoices (with the app; `onError` hears a failed round). */
    startRetries(onError: (error: unknown) => void) {
      stamping?.start(onError);
    },
    /** Stops it, waiting for a round under way (on close). */
    stopRetries: () => stamping?.stop() ?? Promise.resolve(),
    /** One round of the background retry now. */
    retryDue: () => stamping?.round() ?? Promise.resolve(),

    create: (body: InvoiceCreateBody, issuer: InvoiceIssuer) => createInvoice(ctx, body, issuer),
    global: (body: InvoiceGlobalBody, actor: Actor) => globalInvoice(ctx, body, actor),
    retry: (id: number) => retryInvoice(ctx, id),
    cancel: (body: InvoiceCancelBody) => cancelInvoice(ctx, body),
    /** After a return committed: the nota de crédito of an invoiced receipt's lines (decision 098). */
    creditNoteForReturn: (returnId: number) => creditNoteForReturn(ctx, returnId),
    /** After an invoiced receipt was cancelled: its invoice cancelled (02) or credited (decision 098). */
    afterReceiptCancelled: (receiptId: number) => afterReceiptCancelled(ctx, receiptId, REFUND_PAYMENT_NOTE),

    /**
     * After an abono committed: the complementos de pago its receipts need, tried once. Never
     * throws (the abono stands whatever the PAC does): `log` hears what failed, and the
     * background job tries again.
     */
    async afterPayments(receiptIds: readonly number[], log: ErrorLog): Promise<void> {
      try {
        await issueDueComplements(ctx, receiptIds);
      } catch (err) {
        log.error({ err }, 'complemento de pago no emitido');
      }
    },
    /** After a payment was cancelled: its complemento cancelled (motive 02); never throws. */
    async afterPaymentCancelled(paymentId: number, log: ErrorLog): Promise<void> {
      try {
        await cancelComplementOf(ctx, paymentId);
      } catch (err) {
        log.error({ err }, 'complemento de pago no cancelado');
      }
    },

    list: (query: InvoiceListFilters) => listInvoices(db, query),
    details: (id: number, actor: Actor) => invoiceDetails(db, id, actor),
    xml: (id: number, actor: Actor) => invoiceXml(db, id, actor),
    /** The PDF; `actor` null for a signed link's download (no permission check). */
    pdf: (id: number, format: InvoicePdfFormat, actor: Actor | null) =>
      invoicePdfOf(db, deps.settings, id, format, actor),
    zip: (month: string) => monthZip(db, month, clock()),
    pendingGlobal: (now: number = clock()) => pendingGlobal(db, now),
    pendingComplements: () => pendingComplements(db, clock()),

    /** For the autofactura page: the receipt's active invoice, if any. */
    async receiptInvoiceState(
      receiptId: number,
    ): Promise<{ invoiceId: number; kind: InvoiceKind; status: InvoiceStatus } | null> {
      const [active] = await q.findActiveInvoicesOf(db, [receiptId]);
      return active ? { invoiceId: active.id, kind: active.kind, status: active.status } : null;
    },
    /** An invoice's details with no permission check (the PDF, the share link, the autofactura). */
    detailsById: (id: number) => detailsById(db, id),
    /** The stored invoice row (the PDF reads its stamped XML). */
    row: (id: number) => q.findInvoice(db, id),
  };
}

export type InvoicingService = ReturnType<typeof createInvoicingService>;
