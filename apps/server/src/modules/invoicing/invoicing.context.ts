import { INVOICE_MESSAGES, type InvoiceDetails } from '@mostrador/shared';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/connection.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { FiscalService } from '../fiscal/index.js';
import { detailsOf } from './invoicing.mapping.js';
import * as q from './invoicing.queries.js';
import { creditLinksOf } from './credit.queries.js';
import type { Pac } from './pac/index.js';
import type { Stamping } from './stamping.js';
import type { SettingsService } from '../settings/index.js';

// What invoicing's parts share: their dependencies, their messages, and the few reads every
// part makes (the shop as Emisor, a receipt's active invoice, an invoice's details).

export const INVOICE_ERRORS = {
  receiptMissing: (id: number) => `No existe la remisión #${id}.`,
  cancelled: (id: number) => `La remisión #${id} está cancelada: no se puede facturar.`,
  invoiced: (id: number, series: string, folio: number) => `La remisión #${id} ya está facturada (${series}-${folio}).`,
  returned: (id: number) => `La remisión #${id} se devolvió completa: no hay nada que facturar.`,
  otherClient: (id: number) => `La remisión #${id} es de otro cliente: una factura es de las remisiones de un cliente.`,
  clientMissing: 'No existe el cliente.',
  receiverMissing: (missing: string[]) =>
    `Faltan datos fiscales de quien recibe la factura: ${missing.join(', ')}. Captúralos para facturar.`,
  sellerOnly: 'Solo puedes facturar la remisión que acabas de vender. Pide a un gerente que facture las demás.',
  shopMissing: (missing: string[]) =>
    `Faltan datos fiscales del negocio: ${missing.join(', ')}. El administrador los captura en Configuración › Datos fiscales.`,
  nothingGlobal: (from: string, to: string) =>
    from === to
      ? `No hay ventas pagadas sin facturar del ${from}: no hay factura global que emitir.`
      : `No hay ventas pagadas sin facturar del ${from} al ${to}: no hay factura global que emitir.`,
  globalOneMonth: 'Una factura global cubre días de un solo mes: divide el periodo por mes.',
  invoiceMissing: 'No existe la factura.',
  notYours: 'Solo puedes ver las facturas que tú emitiste.',
  notStamped: 'La factura aún no está timbrada: no tiene XML timbrado.',
  onlyStampedCancel: 'Solo se puede cancelar una factura vigente (timbrada).',
  onlyPendingRetry: 'Solo se reintenta una factura por timbrar.',
  sameUuid: 'La factura que sustituye no puede ser la misma que se cancela.',
  cancelCode: (code: string) => `El SAT respondió el código ${code} a la cancelación; la factura sigue vigente.`,
  folioTaken: (series: string, folio: number) =>
    `El folio ${series}-${folio} ya se usó. Revisa el folio siguiente en Configuración › Datos fiscales.`,
  refused: (series: string, folio: number, message: string) =>
    `El PAC rechazó la factura ${series}-${folio}: ${message}. El folio queda registrado como rechazado y las remisiones quedan libres para facturarse de nuevo.`,
} as const;

export interface InvoicingDeps {
  db: Executor;
  transact: TransactionRunner;
  clock: Clock;
  config: Pick<Config, 'INVOICE_RETRY_MS' | 'PAC_TIMEOUT_MS'>;
  fiscal: Pick<FiscalService, 'openCsd' | 'csdFiles'>;
  /** Null without PAC_URL, PAC_USER and PAC_PASSWORD: invoicing answers 503. */
  pac: Pac | null;
  /** The shop's identity and logo, printed on the invoice's PDF. */
  settings: Pick<SettingsService, 'current' | 'logo'>;
}

export interface InvoicingContext extends InvoicingDeps {
  /** Null without a PAC. */
  stamping: Stamping | null;
}

export const notConfigured = () => new AppError(503, 'INVOICING_NOT_CONFIGURED', INVOICE_MESSAGES.notConfigured);

/** The shop's identity as the Emisor, its zip code; 409 naming what is missing (the CSD too). */
export async function emisorOf(executor: Executor) {
  const row = await q.findShopFiscal(executor);
  const missing = [
    !row?.rfc && 'RFC',
    !row?.legalName && 'razón social',
    !row?.taxRegime && 'régimen fiscal',
    !row?.zipCode && 'código postal',
    !row?.csdCertificate && 'CSD (certificado de sello digital)',
  ].filter((entry): entry is string => Boolean(entry));
  if (!row?.rfc || !row.legalName || !row.taxRegime || !row.zipCode || missing.length > 0) {
    throw conflict(INVOICE_ERRORS.shopMissing(missing));
  }
  return { emisor: { rfc: row.rfc, nombre: row.legalName, regimenFiscal: row.taxRegime }, zipCode: row.zipCode };
}

/** 409 naming the first of the receipts already in an active invoice. */
export async function refuseInvoiced(executor: Executor, receiptIds: readonly number[]) {
  const [active] = await q.findActiveInvoicesOf(executor, receiptIds);
  if (active) throw conflict(INVOICE_ERRORS.invoiced(active.receiptId, active.series, Number(active.folio)));
}

export async function detailsById(db: Executor, id: number): Promise<InvoiceDetails> {
  const row = await q.findInvoice(db, id);
  if (!row) throw notFound(INVOICE_ERRORS.invoiceMissing);
  const credit = row.kind === 'credit' ? (await creditLinksOf(db, [id])).get(id) : undefined;
  return detailsOf(row, (await q.receiptIdsOf(db, [id])).get(id) ?? [], credit);
}
