import {
  AUTOFACTURA_MESSAGES,
  type Autofactura,
  type AutofacturaInvoice,
  type AutofacturaIssueBody,
  type AutofacturaQuery,
  type AutofacturaState,
  BUSINESS_TIME_ZONE,
  INVOICE_MESSAGES,
  type InvoiceShareLink,
  type InvoiceSummary,
  publicLink,
  type PublicInvoiceQuery,
  type Receipt,
  toIso,
} from '@mostrador/shared';
import type { Config } from '../../config.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { FiscalService } from '../fiscal/index.js';
import type { ReceiptsService } from '../receipts/receipts.service.js';
import type { SettingsService } from '../settings/index.js';
import {
  autofacturaDeadline,
  autofacturaPath,
  isTokenFor,
  receiptIdOfToken,
  signAutofacturaToken,
} from './autofactura-link.js';
import type { AutofacturaInvoicing, ReceiptInvoice } from './autofactura.invoicing.js';
import { INVOICE_LINK_TTL_MS, invoiceDownloadPath, invoiceIdOfToken, signInvoiceToken } from './invoice-link.js';

// The customer's own invoice of their ticket (autofactura), by the signed link printed on it:
// which state the receipt is in, the page's summary, issuing it, and the downloads. Every answer
// is read from the database on each request; the token only names the receipt.

export interface AutofacturaDeps {
  /** The server's secret: the tokens' keys are derived from it. */
  secret: string;
  clock: Clock;
  /** Invoicing works only with a PAC configured. */
  config: Pick<Config, 'PAC_URL'>;
  receipts: Pick<ReceiptsService, 'details'>;
  settings: Pick<SettingsService, 'current' | 'identity'>;
  fiscal: Pick<FiscalService, 'get'>;
  invoicing: AutofacturaInvoicing;
}

/** A trusted reader: the link, not a user, decides which receipt is read. */
const LINK_READER = { id: 0 } as const;

/** "noviembre de 2026": the month a sale's link ran to. */
const monthOf = (instant: number) =>
  new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: BUSINESS_TIME_ZONE }).format(instant);

/** Invoices that hold a receipt: a refused or cancelled one frees it. */
const holds = (invoice: ReceiptInvoice | null): invoice is ReceiptInvoice =>
  invoice !== null && invoice.status !== 'refused' && invoice.status !== 'cancelled';

const downloadable = (invoice: InvoiceSummary) => invoice.status === 'stamped' || invoice.status === 'cancelling';

export function createAutofacturaService({
  secret,
  clock,
  config,
  receipts,
  settings,
  fiscal,
  invoicing,
}: AutofacturaDeps) {
  const claimsOf = (receipt: Receipt) => ({ receiptId: receipt.id, createdAt: Date.parse(receipt.createdAt) });

  /**
   * Whether the shop can invoice today: a PAC configured, its fiscal identity saved and a CSD in
   * force. Otherwise tickets print no link and the page says to ask the shop.
   */
  async function canInvoice(): Promise<boolean> {
    if (!config.PAC_URL) return false;
    const identity = await fiscal.get();
    return Boolean(
      identity.rfc &&
      identity.legalName &&
      identity.taxRegime &&
      identity.zipCode &&
      identity.csd &&
      Date.parse(identity.csd.validTo) > clock(),
    );
  }

  /** The receipt the token was signed for; 403 for anything else, a missing receipt included. */
  async function receiptOf(token: string): Promise<Receipt> {
    const invalid = () => forbidden(AUTOFACTURA_MESSAGES.invalidLink);
    const id = receiptIdOfToken(token);
    if (id === null) throw invalid();
    const receipt = await receipts.details(id, LINK_READER).catch((error: unknown) => {
      throw error instanceof AppError && error.statusCode === 404 ? invalid() : error;
    });
    if (!isTokenFor(secret, token, claimsOf(receipt))) throw invalid();
    return receipt;
  }

  function invoiceAnswer(invoice: InvoiceSummary): AutofacturaInvoice {
    const token = signInvoiceToken(secret, { invoiceId: invoice.id, expires: clock() + INVOICE_LINK_TTL_MS });
    return {
      id: invoice.id,
      kind: invoice.kind,
      series: invoice.series,
      folio: invoice.folio,
      uuid: invoice.uuid,
      status: invoice.status,
      receiverRfc: invoice.receiverRfc,
      receiverName: invoice.receiverName,
      total: invoice.total,
      downloads: downloadable(invoice)
        ? {
            pdf: invoiceDownloadPath(token, 'pdf'),
            xml: invoiceDownloadPath(token, 'xml'),
          }
        : null,
    };
  }

  /** The state and its reason, in this order: cancelled, invoiced, in a global, expired, not configured. */
  async function stateOf(
    receipt: Receipt,
  ): Promise<{ state: AutofacturaState; reason: string | null; invoice: AutofacturaInvoice | null }> {
    if (receipt.state === 'Cancelled')
      return { state: 'cancelled', reason: AUTOFACTURA_MESSAGES.cancelled, invoice: null };
    const held = await invoicing.receiptInvoiceState(receipt.id);
    if (holds(held) && held.kind === 'receipts') {
      const invoice = invoiceAnswer(await invoicing.summary(held.invoiceId));
      const reason = invoice.downloads ? AUTOFACTURA_MESSAGES.invoiced : AUTOFACTURA_MESSAGES.pending;
      return { state: 'invoiced', reason, invoice };
    }
    if (holds(held)) return { state: 'in-global', reason: AUTOFACTURA_MESSAGES.inGlobal, invoice: null };
    const saleDate = Date.parse(receipt.date);
    if (clock() >= autofacturaDeadline(saleDate)) {
      return { state: 'expired', reason: AUTOFACTURA_MESSAGES.expired(monthOf(saleDate)), invoice: null };
    }
    if (!(await canInvoice()))
      return { state: 'not-configured', reason: AUTOFACTURA_MESSAGES.notConfigured, invoice: null };
    return { state: 'available', reason: null, invoice: null };
  }

  async function answerOf(receipt: Receipt): Promise<Autofactura> {
    const [state, business] = await Promise.all([stateOf(receipt), settings.identity()]);
    return {
      ...state,
      business,
      receipt: {
        id: receipt.id,
        date: receipt.date,
        lines: receipt.items.map((item) => ({
          name: item.product.name,
          quantity: item.quantity,
          units: item.product.units,
          price: item.price,
          total: item.total,
        })),
        subtotal: receipt.subtotal,
        ieps: receipt.ieps,
        iva: receipt.iva,
        total: receipt.total,
        returned: receipt.returned,
        netTotal: receipt.netTotal,
      },
      expiresAt: toIso(autofacturaDeadline(Date.parse(receipt.date)) - 1),
    };
  }

  return {
    /**
     * The link a receipt's ticket prints, or null: when the shop cannot invoice, has no public
     * address, or the receipt is cancelled or past its month (a reprint carries no dead link).
     */
    async ticketLink(receipt: Receipt): Promise<string | null> {
      if (receipt.state === 'Cancelled' || clock() >= autofacturaDeadline(Date.parse(receipt.date))) return null;
      const { publicUrl } = await settings.current();
      if (publicUrl === null || !(await canInvoice())) return null;
      return publicLink(publicUrl, autofacturaPath(signAutofacturaToken(secret, claimsOf(receipt))));
    },

    /** GET /public/autofactura: the ticket, the shop and what the customer can do. */
    async show({ token }: AutofacturaQuery): Promise<Autofactura> {
      return answerOf(await receiptOf(token));
    },

    /**
     * POST /public/autofactura/issue. An invoiced receipt answers its invoice again (a second try,
     * another tab); any other state but 'available' is refused with its reason.
     */
    async issue({ token, receiver }: AutofacturaIssueBody): Promise<Autofactura> {
      const receipt = await receiptOf(token);
      const { state, reason } = await stateOf(receipt);
      if (state === 'not-configured')
        throw new AppError(503, 'SERVICE_UNAVAILABLE', reason ?? INVOICE_MESSAGES.notConfigured);
      if (state !== 'available' && state !== 'invoiced') throw conflict(reason ?? AUTOFACTURA_MESSAGES.notConfigured);
      if (state === 'available') {
        try {
          await invoicing.issue(receipt.id, receiver);
        } catch (error) {
          // Two submissions at once: the other one's invoice holds the receipt now.
          if (!(error instanceof AppError && error.statusCode === 409)) throw error;
          const now = await stateOf(receipt);
          if (now.state !== 'invoiced') throw error;
        }
      }
      return answerOf(receipt);
    },

    /**
     * POST /invoice/shareLink: a signed link to a stamped invoice's PDF for 'Compartir por
     * WhatsApp' (the same kind of link the autofactura answers). 404 unknown, 409 not stamped.
     */
    async shareLink(invoiceId: number): Promise<InvoiceShareLink> {
      const invoice = await invoicing.summary(invoiceId);
      if (!downloadable(invoice) && invoice.status !== 'cancelled') throw conflict(AUTOFACTURA_MESSAGES.notStamped);
      const expires = clock() + INVOICE_LINK_TTL_MS;
      const path = invoiceDownloadPath(signInvoiceToken(secret, { invoiceId, expires }), 'pdf');
      const { publicUrl } = await settings.current();
      return {
        path,
        url: publicUrl === null ? null : publicLink(publicUrl, path),
        expiresAt: toIso(Math.floor(expires / 1000) * 1000),
      };
    },

    /** GET /public/invoice: an invoice's XML or PDF by its signed download link. */
    async download({ token, format }: PublicInvoiceQuery): Promise<{ name: string; type: string; data: Buffer }> {
      const id = invoiceIdOfToken(secret, token, clock());
      if (id === null) throw forbidden(AUTOFACTURA_MESSAGES.downloadInvalid);
      if (format === 'xml') {
        const { name, xml } = await invoicing.xml(id);
        return { name, type: 'application/xml', data: Buffer.from(xml, 'utf8') };
      }
      const { name, pdf } = await invoicing.pdf(id);
      return { name, type: 'application/pdf', data: pdf };
    },
  };
}

export type AutofacturaService = ReturnType<typeof createAutofacturaService>;
