import {
  businessDayBounds,
  type InvoiceCreateBody,
  type InvoiceDetails,
  type InvoiceGlobalBody,
  type InvoiceKind,
  mayInvoiceReceipts,
  RFC_GENERIC,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import type { InvoiceRow } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  buildComprobante,
  type CfdiLine,
  type Comprobante,
  comprobanteXml,
  type Concepto,
  type Receptor,
  sealComprobante,
  validateComprobante,
} from './cfdi/index.js';
import { globalConceptsOf, netLinesOf, paymentFormOf } from './invoice-lines.js';
import {
  detailsById,
  emisorOf,
  INVOICE_ERRORS,
  type InvoicingContext,
  notConfigured,
  refuseInvoiced,
} from './invoicing.context.js';
import * as q from './invoicing.queries.js';
import { PacConfigError, PacRefusedError } from './pac/index.js';
import type { AttemptOutcome } from './stamping.js';

// Issuing an invoice: of receipts (create) or the factura global of a period (global). The CFDI
// is built from the stored receipt lines, validated, sealed and written 'pending' with its folio
// in one transaction; only then is the PAC called (stamping.ts).

/** Who issues an invoice: a signed-in user, or the customer's own autofactura (no session). */
export type InvoiceIssuer = { actor: Actor } | { autofactura: true };

/** The answer of an issue or a retry: the invoice, and whether it was stamped (201) or is still pending (202). */
export interface IssueResult {
  invoice: InvoiceDetails;
  stamped: boolean;
}

interface PendingInput {
  kind: InvoiceKind;
  receiptIds: number[];
  clientId: number | null;
  receptor: Receptor;
  metodoPago: 'PUE' | 'PPD';
  formaPago: string;
  lines: CfdiLine[];
  conceptos?: Concepto[];
  informacionGlobal?: Comprobante['informacionGlobal'];
  global?: { periodicity: string; from: string; to: string };
  createdBy: number | null;
  /** More writes of the same transaction (the receiver saved to the client). */
  alongside?: (trx: Executor) => Promise<void>;
}

export const centsOf = (text: string | undefined): number => {
  if (!text) return 0;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/** The invoice's amounts in centavos, read from the comprobante it states. */
export function amountsOf(comprobante: Comprobante) {
  const tax = (impuesto: string) =>
    (comprobante.impuestos?.traslados ?? [])
      .filter((traslado) => traslado.impuesto === impuesto)
      .reduce((sum, traslado) => sum + centsOf(traslado.importe), 0);
  return {
    subtotalCents: centsOf(comprobante.subTotal),
    iepsCents: tax('003'),
    ivaCents: tax('002'),
    totalCents: centsOf(comprobante.total),
  };
}

export function isUniqueViolation(error: unknown, table: string): boolean {
  const { code, message, constraint } = (error ?? {}) as { code?: unknown; message?: unknown; constraint?: unknown };
  if (code === '23505') return typeof constraint === 'string' && constraint.startsWith(table);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes(`${table}.`);
}

/**
 * Takes the folio, builds, validates and seals the CFDI and writes the invoice 'pending' with its
 * receipts, all in one transaction: a refusal at any step gives the folio back, and the partial
 * unique index on invoice_receipts lets only one of concurrent invoices of a receipt commit.
 */
async function writePending(ctx: InvoicingContext, input: PendingInput): Promise<InvoiceRow> {
  const { db, transact, clock, config } = ctx;
  const csd = await ctx.fiscal.openCsd();
  let taken: { series: string; folio: number } | null = null;
  try {
    return await transact(async (trx) => {
      const { emisor, zipCode } = await emisorOf(trx);
      const { series, nextFolio } = await q.takeFolio(trx);
      taken = { series, folio: Number(nextFolio) - 1 };
      // Concurrent invoices of a receipt waited for the folio's lock: the first one is visible now.
      await refuseInvoiced(trx, input.receiptIds);
      await input.alongside?.(trx);
      const at = clock();
      const comprobante = buildComprobante({
        serie: series,
        folio: String(taken.folio),
        issuedAt: at,
        emisor,
        // The general public's domicilio fiscal is the place of issue.
        receptor:
          input.receptor.rfc === RFC_GENERIC ? { ...input.receptor, domicilioFiscalReceptor: zipCode } : input.receptor,
        lugarExpedicion: zipCode,
        metodoPago: input.metodoPago,
        formaPago: input.formaPago,
        lines: input.lines,
        ...(input.conceptos ? { conceptos: input.conceptos } : {}),
        ...(input.informacionGlobal ? { informacionGlobal: input.informacionGlobal } : {}),
      });
      const problems = validateComprobante(comprobante);
      if (problems.length > 0) throw badRequest(problems.join(' '));
      const sealed = sealComprobante(comprobante, csd);
      const { receptor } = comprobante;
      const invoice = await q.insertInvoice(trx, {
        kind: input.kind,
        series,
        folio: taken.folio,
        status: 'pending',
        uuid: null,
        issuedAt: at,
        stampedAt: null,
        clientId: input.clientId,
        receiverRfc: receptor.rfc,
        receiverName: receptor.nombre,
        receiverRegime: receptor.regimenFiscalReceptor,
        receiverZip: receptor.domicilioFiscalReceptor,
        cfdiUse: receptor.usoCFDI,
        paymentMethod: input.metodoPago,
        paymentForm: input.formaPago,
        ...amountsOf(comprobante),
        sealedXml: comprobanteXml(sealed.comprobante),
        stampedXml: null,
        satCertificateNumber: null,
        pacMessage: null,
        // Should this process stop before the PAC answers, the background job sends it.
        nextAttemptAt: at + config.PAC_TIMEOUT_MS + config.INVOICE_RETRY_MS,
        globalPeriodicity: input.global?.periodicity ?? null,
        globalFrom: input.global?.from ?? null,
        globalTo: input.global?.to ?? null,
        cancelMotive: null,
        replacementUuid: null,
        cancelRequestedAt: null,
        cancelledAt: null,
        cancelAcuse: null,
        createdBy: input.createdBy,
        createdAt: at,
        updatedAt: at,
      });
      await q.insertInvoiceReceipts(trx, invoice.id, input.receiptIds);
      return invoice;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invoice_receipts')) {
      // Another invoice of one of these receipts committed first (another process).
      await refuseInvoiced(db, input.receiptIds);
    }
    const folio = taken as { series: string; folio: number } | null;
    if (folio && isUniqueViolation(error, 'invoices'))
      throw conflict(INVOICE_ERRORS.folioTaken(folio.series, folio.folio));
    throw error;
  }
}

/** The first attempt's answer: stamped (201), pending (202), or the refusal as an error (502). */
async function answerOf(ctx: InvoicingContext, { row, error }: AttemptOutcome): Promise<IssueResult> {
  if (row.status === 'refused' && error instanceof PacRefusedError) {
    throw new AppError(
      502,
      'BAD_GATEWAY',
      INVOICE_ERRORS.refused(row.series, Number(row.folio), row.pacMessage ?? error.pacMessage),
    );
  }
  if (error instanceof PacConfigError) throw error;
  return { invoice: await detailsById(ctx.db, row.id), stamped: row.status === 'stamped' };
}

/** The PAC's stamping, or 503 without a PAC; the shop's identity and CSD are checked next (409). */
const requireStamping = (ctx: InvoicingContext) => {
  if (!ctx.stamping) throw notConfigured();
  return ctx.stamping;
};

type ClientFiscal = NonNullable<Awaited<ReturnType<typeof q.findClient>>>;

/** The receiver of an invoice of receipts: typed on the spot, or the client's saved data. */
function receptorOf(body: InvoiceCreateBody, client: ClientFiscal | null): Receptor {
  const typed = body.receiver;
  const data = typed
    ? { ...typed }
    : {
        rfc: client?.rfc ?? null,
        legalName: client?.legalName ?? null,
        taxRegime: client?.taxRegime ?? null,
        taxZipCode: client?.taxZipCode ?? null,
        cfdiUse: client?.cfdiUse ?? undefined,
      };
  const missing = [
    !data.rfc && 'RFC',
    !data.legalName && 'razón social',
    !data.taxRegime && 'régimen fiscal',
    !data.taxZipCode && 'código postal',
  ].filter((entry): entry is string => Boolean(entry));
  if (!data.rfc || !data.legalName || !data.taxRegime || !data.taxZipCode) {
    throw badRequest(INVOICE_ERRORS.receiverMissing(missing));
  }
  return {
    rfc: data.rfc,
    nombre: data.legalName,
    domicilioFiscalReceptor: data.taxZipCode,
    regimenFiscalReceptor: data.taxRegime,
    usoCFDI: body.cfdiUse ?? data.cfdiUse ?? 'G03',
  };
}

/** The receipts, each one invoiceable by this issuer, and their client; the Spanish refusal otherwise. */
async function checkedReceipts(ctx: InvoicingContext, body: InvoiceCreateBody, issuer: InvoiceIssuer) {
  const { db, clock } = ctx;
  const ids = [...new Set(body.receiptIds)];
  const receipts = await q.findReceipts(db, ids);
  const missing = ids.find((id) => !receipts.some((receipt) => receipt.id === id));
  if (missing !== undefined) throw notFound(INVOICE_ERRORS.receiptMissing(missing));
  if ('actor' in issuer) {
    const allowed = mayInvoiceReceipts(
      { id: issuer.actor.id, role: issuer.actor.role ?? 'Seller' },
      receipts.map((receipt) => ({ userId: receipt.userId, createdAt: Number(receipt.createdAt) })),
      clock(),
    );
    if (!allowed) throw forbidden(INVOICE_ERRORS.sellerOnly);
  }
  const cancelled = receipts.find((receipt) => receipt.state === 'Cancelled');
  if (cancelled) throw conflict(INVOICE_ERRORS.cancelled(cancelled.id));
  await refuseInvoiced(db, ids);
  const clientId = body.clientId ?? receipts.find((receipt) => receipt.clientId !== null)?.clientId ?? null;
  const foreign = receipts.find((receipt) => receipt.clientId !== null && receipt.clientId !== clientId);
  if (foreign) throw badRequest(INVOICE_ERRORS.otherClient(foreign.id));
  const client = clientId === null ? null : ((await q.findClient(db, clientId)) ?? null);
  if (clientId !== null && !client) throw notFound(INVOICE_ERRORS.clientMissing);
  return { ids, receipts, client };
}

/**
 * POST /invoice/create: receipts of one client become one invoice (CFDI 'I'), PUE with the
 * payments' FormaPago when all are paid, else PPD 99. The autofactura calls it with
 * `{ autofactura: true }`: no permission check, nothing saved to the client.
 */
export async function createInvoice(
  ctx: InvoicingContext,
  body: InvoiceCreateBody,
  issuer: InvoiceIssuer,
): Promise<IssueResult> {
  const stamping = requireStamping(ctx);
  await emisorOf(ctx.db);
  const { ids, receipts, client } = await checkedReceipts(ctx, body, issuer);
  const receptor = receptorOf(body, client);
  const linesByReceipt = await netLinesOf(ctx.db, ids);
  const emptied = ids.find((id) => (linesByReceipt.get(id) ?? []).length === 0);
  if (emptied !== undefined) throw conflict(INVOICE_ERRORS.returned(emptied));
  const paid = receipts.every((receipt) => receipt.state === 'Paid');
  const typed = body.receiver;
  // Typed on the spot for a client by a user: saved with the invoice, so the next one finds it.
  const saveTo = 'actor' in issuer && typed && client ? client.id : null;
  const row = await writePending(ctx, {
    kind: 'receipts',
    receiptIds: ids,
    clientId: client?.id ?? null,
    receptor,
    metodoPago: paid ? 'PUE' : 'PPD',
    formaPago: paid ? (body.paymentForm ?? (await paymentFormOf(ctx.db, ids))) : '99',
    lines: ids.flatMap((id) => linesByReceipt.get(id) ?? []),
    createdBy: 'actor' in issuer ? issuer.actor.id : null,
    ...(saveTo !== null && typed
      ? {
          alongside: (trx: Executor) =>
            q.saveClientFiscal(
              trx,
              saveTo,
              {
                rfc: typed.rfc,
                legalName: typed.legalName,
                taxRegime: typed.taxRegime,
                taxZipCode: typed.taxZipCode,
                ...(typed.cfdiUse ? { cfdiUse: typed.cfdiUse } : {}),
                ...(typed.invoiceEmail ? { invoiceEmail: typed.invoiceEmail } : {}),
              },
              ctx.clock(),
            ),
        }
      : {}),
  });
  return answerOf(ctx, await stamping.attempt(row.id));
}

/** POST /invoice/global: the factura global of the paid, not yet invoiced receipts of from..to. */
export async function globalInvoice(
  ctx: InvoicingContext,
  body: InvoiceGlobalBody,
  actor: Actor,
): Promise<IssueResult> {
  const stamping = requireStamping(ctx);
  if (body.from.slice(0, 7) !== body.to.slice(0, 7)) throw badRequest(INVOICE_ERRORS.globalOneMonth);
  await emisorOf(ctx.db);
  const receipts = await q.findUninvoicedPaidReceipts(
    ctx.db,
    businessDayBounds(body.from).start,
    businessDayBounds(body.to).end,
  );
  const linesByReceipt = await netLinesOf(
    ctx.db,
    receipts.map((receipt) => receipt.id),
  );
  const ids = receipts.map((receipt) => receipt.id).filter((id) => (linesByReceipt.get(id) ?? []).length > 0);
  if (ids.length === 0) throw conflict(INVOICE_ERRORS.nothingGlobal(body.from, body.to));
  const row = await writePending(ctx, {
    kind: 'global',
    receiptIds: ids,
    clientId: null,
    // DomicilioFiscalReceptor: the LugarExpedicion, set once the shop's data is read.
    receptor: {
      rfc: RFC_GENERIC,
      nombre: 'PUBLICO EN GENERAL',
      domicilioFiscalReceptor: '',
      regimenFiscalReceptor: '616',
      usoCFDI: 'S01',
    },
    metodoPago: 'PUE',
    formaPago: await paymentFormOf(ctx.db, ids),
    lines: [],
    conceptos: ids.flatMap((id) => globalConceptsOf(id, linesByReceipt.get(id) ?? [])),
    informacionGlobal: { periodicidad: body.periodicity, meses: body.from.slice(5, 7), año: body.from.slice(0, 4) },
    global: { periodicity: body.periodicity, from: body.from, to: body.to },
    createdBy: actor.id,
  });
  return answerOf(ctx, await stamping.attempt(row.id));
}

/** POST /invoice/retry/{id} ('Reintentar'): sends a pending invoice again, the same XML. */
export async function retryInvoice(ctx: InvoicingContext, id: number): Promise<IssueResult> {
  // What is asked of an invoice that does not exist, or is not pending, is answered as such
  // whether or not a PAC is configured.
  const row = await q.findInvoice(ctx.db, id);
  if (!row) throw notFound(INVOICE_ERRORS.invoiceMissing);
  if (row.status !== 'pending') throw conflict(INVOICE_ERRORS.onlyPendingRetry);
  const stamping = requireStamping(ctx);
  return answerOf(ctx, await stamping.attempt(id));
}
