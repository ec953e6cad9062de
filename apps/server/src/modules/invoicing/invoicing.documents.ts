import {
  businessDayBounds,
  businessDayOf,
  centsToPesos,
  type GlobalPeriodicity,
  type InvoiceDetails,
  type invoiceListQuerySchema,
  type InvoiceSummary,
  type PendingGlobal,
} from '@mostrador/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/connection.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { detailsById, INVOICE_ERRORS } from './invoicing.context.js';
import { summaryOf } from './invoicing.mapping.js';
import { creditLinksOf } from './credit.queries.js';
import * as q from './invoicing.queries.js';
import { invoicePdf, type InvoicePdfFormat } from './pdf/index.js';
import { periodOf, previousMonthStart } from './periods.js';
import { businessInfoOf } from '../printing/index.js';
import type { SettingsService } from '../settings/index.js';
import { zipOf } from './zip.js';

// Reading invoices: the list, one invoice, its stamped XML, a month's XMLs in a zip, and the
// closed periods whose sales still wait for their factura global.

/** At most this many invoices in a list (a month of a busy shop fits). */
const LIST_LIMIT = 1000;

export type InvoiceListFilters = z.output<typeof invoiceListQuerySchema>;

/** GET /invoice/list: newest first, by Monterrey day of issue, status and client. */
export async function listInvoices(db: Executor, query: InvoiceListFilters): Promise<InvoiceSummary[]> {
  const rows = await q.listInvoices(
    db,
    {
      ...(query.from ? { from: businessDayBounds(query.from).start } : {}),
      ...(query.to ? { to: businessDayBounds(query.to).end } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.clientId ? { clientId: query.clientId } : {}),
    },
    LIST_LIMIT,
  );
  const receipts = await q.receiptIdsOf(
    db,
    rows.map((row) => row.id),
  );
  const credits = await creditLinksOf(
    db,
    rows.filter((row) => row.kind === 'credit').map((row) => row.id),
  );
  return rows.map((row) => summaryOf(row, receipts.get(row.id) ?? [], credits.get(row.id)));
}

/** A Seller reads only the invoices they issued. */
async function readable(db: Executor, id: number, actor: Actor) {
  const row = await q.findInvoice(db, id);
  if (!row) throw notFound(INVOICE_ERRORS.invoiceMissing);
  if (actor.role === 'Seller' && row.createdBy !== actor.id) throw forbidden(INVOICE_ERRORS.notYours);
  return row;
}

/** GET /invoice/details/{id}. */
export async function invoiceDetails(db: Executor, id: number, actor: Actor): Promise<InvoiceDetails> {
  await readable(db, id, actor);
  return detailsById(db, id);
}

/** GET /invoice/xml/{id}: the stamped CFDI exactly as the PAC returned it. */
export async function invoiceXml(db: Executor, id: number, actor: Actor): Promise<{ name: string; xml: string }> {
  const row = await readable(db, id, actor);
  if (!row.stampedXml) throw conflict(INVOICE_ERRORS.notStamped);
  return { name: `${row.series}-${row.folio}-${row.uuid}.xml`, xml: row.stampedXml };
}

/**
 * GET /invoice/pdf/{id}?format: the printed representation, read from the stamped XML; a
 * cancelled invoice carries the CANCELADA mark. `actor` null: a signed link's download.
 */
export async function invoicePdfOf(
  db: Executor,
  settings: Pick<SettingsService, 'current' | 'logo'>,
  id: number,
  format: InvoicePdfFormat,
  actor: Actor | null,
): Promise<{ name: string; pdf: Buffer }> {
  const row = actor ? await readable(db, id, actor) : await q.findInvoice(db, id);
  if (!row) throw notFound(INVOICE_ERRORS.invoiceMissing);
  if (!row.stampedXml) throw conflict(INVOICE_ERRORS.notStamped);
  const [current, logo] = await Promise.all([settings.current(), settings.logo()]);
  const pdf = await invoicePdf({
    stampedXml: row.stampedXml,
    format,
    shop: businessInfoOf({ ...current, logo }),
    status: row.status,
  });
  return { name: `${row.series}-${row.folio}-${row.uuid}.pdf`, pdf };
}

/** GET /invoice/zip?month: the month's stamped XMLs (by date of issue), cancelled ones included. */
export async function monthZip(db: Executor, month: string, now: number): Promise<{ name: string; zip: Buffer }> {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  const rows = await q.findStampedBetween(db, businessDayBounds(`${month}-01`).start, businessDayBounds(last).end);
  const entries = rows.map((row) => ({
    name: `${row.series}-${row.folio}-${row.uuid}.xml`,
    data: Buffer.from(row.stampedXml ?? '', 'utf8'),
  }));
  return { name: `facturas-${month}.zip`, zip: zipOf(entries, new Date(now)) };
}

/**
 * GET /invoice/pendingGlobal: the closed periods (of the shop's periodicity) since the start of
 * last month whose paid receipts are in no invoice. Nothing before a CSD is loaded: a shop that
 * does not invoice is not warned.
 */
export async function pendingGlobal(db: Executor, now: number): Promise<PendingGlobal> {
  const row = await q.findShopFiscal(db);
  const periodicity: GlobalPeriodicity = row?.globalPeriodicity ?? '01';
  if (!row?.csdCertificate) return { periodicity, periods: [] };
  const today = businessDayOf(now);
  const current = periodOf(today, periodicity);
  const receipts = await q.findUninvoicedPaidReceipts(
    db,
    businessDayBounds(previousMonthStart(today)).start,
    businessDayBounds(current.from).start - 1,
  );
  const periods = new Map<string, { from: string; to: string; receipts: number; cents: number }>();
  for (const receipt of receipts) {
    const net = Number(receipt.totalCents) - Number(receipt.returnedCents);
    if (net <= 0) continue;
    const period = periodOf(businessDayOf(Number(receipt.date)), periodicity);
    const entry = periods.get(period.from) ?? { ...period, receipts: 0, cents: 0 };
    entry.receipts += 1;
    entry.cents += net;
    periods.set(period.from, entry);
  }
  return {
    periodicity,
    periods: [...periods.values()]
      .sort((a, b) => a.from.localeCompare(b.from))
      .map(({ cents, ...period }) => ({ ...period, total: centsToPesos(cents) })),
  };
}
