import { businessDayBounds, businessDayOf, centsToPesos, dayjs, type PendingComplements } from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import { badRequest } from '../../lib/errors.js';
import {
  buildPagos,
  cfdiDate,
  type Comprobante,
  comprobanteXml,
  sealComprobante,
  type Traslado,
  validateComprobante,
} from './cfdi/index.js';
import { FORMA_PAGO } from './invoice-lines.js';
import { cancelInvoice } from './invoicing.cancel.js';
import { emisorOf, type InvoicingContext } from './invoicing.context.js';
import * as q from './invoicing.queries.js';
import * as pq from './payment-complements.queries.js';

// Complementos de pago (issue 35 part 1, decision 097): an abono that reaches a receipt of a
// stamped PPD invoice gets a CFDI tipo P with the Pagos 2.0 complemento. The abono commits
// first, on its own: the complemento is issued after it (one attempt at once, then the
// background job), so the PAC never fails nor rolls back an abono; with the monthly setting the
// job issues a client's month in one, from the 1st of the next month. Like an invoice, it is
// written 'pending' with its sealed XML and its own folio before the PAC is called (stamping.ts
// sends it and retries the same XML). The payments it states are linked to it under a partial
// unique index: two processes never state one payment twice.

/** Forma de pago by the payment's method; an unknown one is Efectivo's. */
const formaOf = (method: string) => FORMA_PAGO[method as keyof typeof FORMA_PAGO] ?? FORMA_PAGO.Efectivo;

/** The comprobante-level traslados of a sealed invoice (after its Conceptos), as the model holds them. */
export function invoiceTrasladosOf(sealedXml: string): Traslado[] {
  const summary = sealedXml.slice(sealedXml.lastIndexOf('</cfdi:Conceptos>'));
  return [...summary.matchAll(/<cfdi:Traslado\s([^>]*?)\/?>/g)].map(([, attributes]) => {
    const a = Object.fromEntries([...attributes!.matchAll(/([A-Za-z]+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!]));
    return {
      base: a.Base!,
      impuesto: a.Impuesto as Traslado['impuesto'],
      tipoFactor: a.TipoFactor as Traslado['tipoFactor'],
      ...(a.TasaOCuota !== undefined ? { tasaOCuota: a.TasaOCuota } : {}),
      ...(a.Importe !== undefined ? { importe: a.Importe } : {}),
    };
  });
}

/** An abono: the payments one user took at one instant by one method, for one receiver. */
const abonoKey = (p: pq.DuePayment) => `${Number(p.createdAt)}|${p.userId}|${p.method}|${p.receiverRfc}`;

function groupedBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

const isUniqueViolation = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    (code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('payment_complement'))
  );
};

/** An abono that reaches only invoices already settled (by complementos and notas de crédito). */
class NothingDue extends Error {}

/** What one DoctoRelacionado states. */
interface DocumentRow {
  relatedInvoiceId: number;
  installment: number;
  previousBalanceCents: number;
  paidCents: number;
  remainingCents: number;
}

/**
 * The Pagos of these abonos, in order: per invoice, ImpSaldoAnt = Total − live complementos'
 * ImpPagado − notas de crédito in force, then carried from one Pago to the next with its parcialidad.
 */
function chainedPagos(
  abonos: pq.DuePayment[][],
  invoiceIds: number[],
  { invoices, live, credited }: { invoices: pq.RelatedInvoice[]; live: pq.LiveDocument[]; credited: pq.CreditedNote[] },
) {
  // Each invoice's saldo and last parcialidad so far, carried from one Pago to the next.
  const state = new Map(
    invoiceIds.map((invoiceId) => {
      const previous = live.filter((d) => d.relatedInvoiceId === invoiceId);
      const paidBefore = previous.reduce((sum, d) => sum + Number(d.paidCents), 0);
      const creditedCents = credited
        .filter((note) => note.relatedInvoiceId === invoiceId)
        .reduce((sum, note) => sum + Number(note.totalCents), 0);
      const invoice = invoices.find((row) => row.id === invoiceId)!;
      return [
        invoiceId,
        {
          invoice,
          balanceCents: Number(invoice.totalCents) - paidBefore - creditedCents,
          installment: Math.max(0, ...previous.map((d) => d.installment)),
        },
      ];
    }),
  );
  return abonos.flatMap((payments) => {
    const byInvoice = groupedBy(payments, (p) => p.invoiceId);
    const documents = [...byInvoice.keys()]
      .sort((a, b) => a - b)
      .flatMap((invoiceId) => {
        const invoice = state.get(invoiceId)!;
        const previousBalanceCents = invoice.balanceCents;
        const received = byInvoice.get(invoiceId)!.reduce((sum, p) => sum + Number(p.amountCents), 0);
        // ImpPagado never exceeds ImpSaldoAnt (CRP20218): what the abono gave beyond the saldo
        // settles nothing of this invoice, so the complemento states the saldo (decision 097).
        const paidCents = Math.min(received, previousBalanceCents);
        if (paidCents <= 0) return [];
        invoice.balanceCents -= paidCents;
        invoice.installment += 1;
        const row: DocumentRow = {
          relatedInvoiceId: invoiceId,
          installment: invoice.installment,
          previousBalanceCents,
          paidCents,
          remainingCents: invoice.balanceCents,
        };
        return [{ invoice: invoice.invoice, row }];
      });
    return documents.length > 0 ? [{ first: payments[0]!, payments, documents }] : [];
  });
}

/**
 * One stored row per related invoice (the table's key): an invoice paid in several Pagos of a
 * month keeps the first's ImpSaldoAnt, their ImpPagado summed, the last's parcialidad and saldo
 * insoluto, so the next complemento reads the same saldo and parcialidad as the XML states.
 */
function documentRowsOf(rows: DocumentRow[]): DocumentRow[] {
  const merged = new Map<number, DocumentRow>();
  for (const row of rows) {
    const before = merged.get(row.relatedInvoiceId);
    merged.set(
      row.relatedInvoiceId,
      before
        ? { ...row, previousBalanceCents: before.previousBalanceCents, paidCents: before.paidCents + row.paidCents }
        : row,
    );
  }
  return [...merged.values()];
}

/**
 * Writes the complemento of these abonos 'pending' (one Pago each, in order: one abono, or a
 * client's month), or null when another process stated their payments first.
 */
async function writePending(ctx: InvoicingContext, abonos: pq.DuePayment[][]): Promise<number | null> {
  const csd = await ctx.fiscal.openCsd();
  try {
    return await ctx.transact(async (trx) => {
      const { emisor, zipCode } = await emisorOf(trx);
      const { paymentSeries, paymentNextFolio } = await pq.takePaymentFolio(trx);
      const folio = Number(paymentNextFolio) - 1;
      const invoiceIds = [...new Set(abonos.flat().map((p) => p.invoiceId))].sort((a, b) => a - b);
      // Read after the folio's lock: a concurrent complemento of these invoices is committed by now.
      const [invoices, live, credited] = await Promise.all([
        pq.findRelatedInvoices(trx, invoiceIds),
        pq.findLiveDocuments(trx, invoiceIds),
        pq.findCreditedCents(trx, invoiceIds),
      ]);
      const pagos = chainedPagos(abonos, invoiceIds, { invoices, live, credited });
      // Every invoice of these abonos was already settled: no complemento is due; the folio goes back.
      if (pagos.length === 0) throw new NothingDue();
      const first = pagos[0]!.first;
      const documents = pagos.flatMap((pago) => pago.documents);
      const receiver = documents[0]!.invoice;
      const at = ctx.clock();
      const comprobante: Comprobante = {
        serie: paymentSeries,
        folio: String(folio),
        fecha: cfdiDate(at),
        noCertificado: '',
        subTotal: '0',
        moneda: 'XXX',
        total: '0',
        tipoDeComprobante: 'P',
        exportacion: '01',
        lugarExpedicion: zipCode,
        emisor,
        receptor: {
          rfc: receiver.receiverRfc,
          nombre: receiver.receiverName,
          domicilioFiscalReceptor: receiver.receiverZip,
          regimenFiscalReceptor: receiver.receiverRegime,
          usoCFDI: 'CP01',
        },
        conceptos: [
          {
            claveProdServ: '84111506',
            cantidad: '1',
            claveUnidad: 'ACT',
            descripcion: 'Pago',
            valorUnitario: '0',
            importe: '0',
            objetoImp: '01',
            traslados: [],
          },
        ],
        pagos: buildPagos(
          pagos.map((pago) => ({
            fechaPago: cfdiDate(Number(pago.first.createdAt)),
            formaDePagoP: formaOf(pago.first.method),
            invoices: pago.documents.map(({ invoice, row }) => ({
              uuid: invoice.uuid!,
              series: invoice.series,
              folio: Number(invoice.folio),
              totalCents: Number(invoice.totalCents),
              previousBalanceCents: row.previousBalanceCents,
              installment: row.installment,
              paidCents: row.paidCents,
              traslados: invoiceTrasladosOf(invoice.sealedXml),
            })),
          })),
        ),
      };
      const problems = validateComprobante(comprobante);
      if (problems.length > 0) throw badRequest(problems.join(' '));
      const sealed = sealComprobante(comprobante, csd);
      const row = await q.insertInvoice(trx, {
        kind: 'payment',
        series: paymentSeries,
        folio,
        status: 'pending',
        uuid: null,
        issuedAt: at,
        stampedAt: null,
        clientId: receiver.clientId,
        receiverRfc: receiver.receiverRfc,
        receiverName: receiver.receiverName,
        receiverRegime: receiver.receiverRegime,
        receiverZip: receiver.receiverZip,
        cfdiUse: 'CP01',
        // The invoices it pays are PPD; its FormaDePagoP is the payment's.
        paymentMethod: 'PPD',
        paymentForm: formaOf(first.method),
        subtotalCents: 0,
        iepsCents: 0,
        ivaCents: 0,
        totalCents: 0,
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
        createdBy: first.userId,
        createdAt: at,
        updatedAt: at,
      });
      await pq.insertLinks(
        trx,
        row.id,
        pagos.flatMap((pago) => pago.payments.map((p) => p.id)),
        documentRowsOf(documents.map((d) => d.row)),
      );
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error) || error instanceof NothingDue) return null;
    throw error;
  }
}

/** A client's month (Monterrey): what one monthly complemento states. */
const clientMonthKey = (p: pq.DuePayment) =>
  `${p.clientId}|${p.receiverRfc}|${businessDayOf(Number(p.createdAt)).slice(0, 7)}`;

/** The instant the current month began in Monterrey. */
const monthStartOf = (now: number) => businessDayBounds(`${businessDayOf(now).slice(0, 7)}-01`).start;

/**
 * Issues the complementos the abonos on these receipts still need: one per abono, written
 * pending and tried once. Without receipts (the background job), every abono taken more than a
 * retry interval ago: a newer one is the abono's own request's to issue. Nothing when no PAC is
 * configured. When the shop chose one complemento a month, an abono issues nothing at once; the
 * job, from the 1st of the next month (Monterrey), issues one per client and month with one Pago
 * per abono, in order (decision 097).
 */
export async function issueDueComplements(ctx: InvoicingContext, receiptIds?: readonly number[]): Promise<number[]> {
  if (!ctx.stamping) return [];
  const setting = await pq.findPaymentComplementsSetting(ctx.db);
  const monthly = setting?.paymentComplements === 'monthly';
  if (monthly && receiptIds) return [];
  const now = ctx.clock();
  const due = receiptIds
    ? await pq.findDuePayments(ctx.db, receiptIds)
    : await pq.findDuePayments(ctx.db, undefined, monthly ? monthStartOf(now) : now - ctx.config.INVOICE_RETRY_MS);
  const abonos = [...groupedBy(due, abonoKey).values()];
  const complements = monthly
    ? [...groupedBy(abonos, (payments) => clientMonthKey(payments[0]!)).values()]
    : abonos.map((payments) => [payments]);
  const issued: number[] = [];
  // One complemento that cannot be issued does not hold back the others; the first failure is thrown last.
  let failure: unknown = null;
  for (const group of complements) {
    try {
      const id = await writePending(ctx, group);
      if (id === null) continue;
      await ctx.stamping.attempt(id);
      issued.push(id);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return issued;
}

/** Cancels a stamped complemento (motive 02) and issues one for its payments still standing. */
async function cancelAndReissue(ctx: InvoicingContext, complementId: number): Promise<void> {
  const payments = await pq.findComplementPaymentIds(ctx.db, complementId);
  await cancelInvoice(ctx, { id: complementId, motive: '02' });
  await issueDueComplements(
    ctx,
    payments.map((p) => p.receiptId),
  );
}

/**
 * A cancelled payment's complemento is cancelled before the SAT with motive 02; the abono's other
 * payments, still standing, get a complemento of their own. One still pending, or whose
 * cancellation fails, is left to the background job (repairComplements).
 */
export async function cancelComplementOf(ctx: InvoicingContext, paymentId: number): Promise<void> {
  const complement = await pq.findComplementOfPayment(ctx.db, paymentId);
  if (!complement || complement.status !== 'stamped') return;
  await cancelAndReissue(ctx, complement.id);
}

/**
 * The background job's part: complementos the abonos still need, and the cancellation of stamped
 * ones that state a payment cancelled since (pending then, or the PAC failed the cancellation).
 */
export async function repairComplements(ctx: InvoicingContext): Promise<void> {
  const failures: unknown[] = [];
  const keep = (error: unknown) => void failures.push(error);
  await issueDueComplements(ctx).catch(keep);
  if (ctx.pac) {
    // The payment's own request cancels at once: the job waits as long as that request may take.
    const cancelledBefore = ctx.clock() - ctx.config.PAC_TIMEOUT_MS - ctx.config.INVOICE_RETRY_MS;
    for (const { id } of await pq.findStaleComplements(ctx.db, cancelledBefore)) {
      await cancelAndReissue(ctx, id).catch(keep);
    }
  }
  if (failures.length > 0) throw failures[0];
}

/**
 * GET /invoice/pendingComplements: the abonos whose complemento is not stamped yet, and the day
 * the oldest one's is due (the 5th of the next month, RMF 2.7.1.32). A refused one counts as
 * stamped here: its refusal shows on Facturas with the PAC's words.
 */
export async function pendingComplements(db: Executor, now: number): Promise<PendingComplements> {
  const payments = await pq.findUnstampedPayments(db);
  const oldest = payments[0];
  const dueDate = oldest
    ? dayjs(businessDayOf(Number(oldest.createdAt)))
        .startOf('month')
        .add(1, 'month')
        .date(5)
        .format('YYYY-MM-DD')
    : null;
  return {
    payments: payments.length,
    amount: centsToPesos(payments.reduce((sum, p) => sum + Number(p.amountCents), 0)),
    dueDate,
    daysLeft: dueDate ? dayjs(dueDate).diff(dayjs(businessDayOf(now)), 'day') : null,
  };
}
