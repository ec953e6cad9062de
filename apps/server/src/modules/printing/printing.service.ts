import {
  abonoPdfPath,
  creditDueDay,
  type CutData,
  type PrintingSettings,
  type PrintResult,
  type Receipt,
  receiptPdfPath,
  type Shift,
} from '@mostrador/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import type { AutofacturaService } from '../autofactura/index.js';
import type { AbonoTicketData, CreditService } from '../credit/credit.service.js';
import type { ReceiptsService, ReceiptViewer } from '../receipts/receipts.service.js';
import type { SettingsService } from '../settings/index.js';
import { abonoTicket } from './abono-ticket.js';
import { COLUMNS, drawerKickJob, ticketToEscPos } from './escpos.js';
import { parsePrinterUrl, sendToPrinter } from './printer.js';
import { renderReceiptPdf } from './receipt.pdf.js';
import { cutTicket, shiftTicket } from './summaries.js';
import { type BusinessInfo, buildTicket, businessInfoOf } from './ticket.js';

// The server re-reads the receipt by id and prints what the database holds, never what a client sent.
// With PRINTER_URL it sends ESC/POS to the thermal printer; without it, it answers where the
// receipt's PDF is and the web app opens that in the browser's print dialog.

export const PRINT_MESSAGES = {
  sent: 'El recibo se envió a la impresora.',
  pdfReady: 'Recibo listo para imprimir.',
  failed: 'No se pudo imprimir el recibo.',
  shiftSent: 'El resumen del turno se envió a la impresora.',
  shiftPdfReady: 'Resumen del turno listo para imprimir.',
  cutSent: 'El corte se envió a la impresora.',
  cutPdfReady: 'Corte listo para imprimir.',
  abonoSent: 'El ticket del abono se envió a la impresora.',
  abonoPdfReady: 'Ticket del abono listo para imprimir.',
} as const;

/** Where a shift's 80 mm summary PDF is (the web opens it when there is no thermal printer). */
export const shiftPdfPath = (id: number) => `/api/cash/pdf/${id}`;

export type PrintingConfig = Pick<
  Config,
  'PRINTER_URL' | 'PRINTER_TIMEOUT_MS' | 'PAPER_WIDTH_MM' | 'TICKET_PDF_FALLBACK'
>;

export interface PrintingDeps {
  config: PrintingConfig;
  /** Where the receipt to print is read from (404 when there is none). */
  receipts: Pick<ReceiptsService, 'details'>;
  /** The shop's identity every ticket and PDF prints (name, address, phone, RFC, footer, logo). */
  settings: Pick<SettingsService, 'current' | 'logo'>;
  /** A credit ticket's due day comes from the client's plazo; an abono's ticket, from its payments (404 when they are not one abono). */
  credit: Pick<CreditService, 'creditDays' | 'abono'>;
  /** A receipt's autofactura link, printed at the bottom with its QR when the shop can invoice it. */
  autofactura: Pick<AutofacturaService, 'ticketLink'>;
}

export function createPrintingService({ config, receipts, settings, credit, autofactura }: PrintingDeps) {
  const printer = config.PRINTER_URL ? parsePrinterUrl(config.PRINTER_URL) : null;

  /** The business as the settings say now. */
  async function businessInfo(): Promise<BusinessInfo> {
    const [current, logo] = await Promise.all([settings.current(), settings.logo()]);
    return businessInfoOf({ ...current, logo });
  }

  /**
   * A receipt's ticket: the shop's identity, a credit sale's due day from the client's plazo, and
   * the autofactura link when the shop can invoice it.
   */
  async function ticketOf(receipt: Receipt) {
    const creditDays =
      receipt.paymentMode === 'Credit' && receipt.clientId !== null ? await credit.creditDays(receipt.clientId) : null;
    const dueDay = creditDays === null ? null : creditDueDay(Date.parse(receipt.date), creditDays);
    const [business, invoiceLink] = await Promise.all([businessInfo(), autofactura.ticketLink(receipt)]);
    return buildTicket(receipt, business, { dueDay, invoiceLink });
  }

  /** Prints a receipt already read from the database; throws the printer's 502/504. */
  async function print(receipt: Receipt, copies: number): Promise<PrintResult> {
    if (!printer) return { ok: true, message: PRINT_MESSAGES.pdfReady, pdfUrl: receiptPdfPath(receipt.id, copies) };
    const job = ticketToEscPos(await ticketOf(receipt), { columns: COLUMNS[config.PAPER_WIDTH_MM], copies });
    await sendToPrinter(printer, job, config.PRINTER_TIMEOUT_MS);
    return { ok: true, message: PRINT_MESSAGES.sent };
  }

  /** Drawer kicks on their way to the printer. */
  const kicks = new Set<Promise<unknown>>();

  return {
    /** How the counter prints right after a sale. */
    settings(): PrintingSettings {
      return { printerConfigured: printer !== null, pdfTicketFallback: config.TICKET_PDF_FALLBACK };
    },

    hasPrinter: printer !== null,

    /** POST /api/printReceipt: a receipt the viewer reads. */
    async printReceipt(id: number, copies: number, viewer: ReceiptViewer): Promise<PrintResult> {
      return print(await receipts.details(id, viewer), copies);
    },

    /**
     * After receipt/create with printReceipt. The sale is committed, so a failure is reported in
     * the answer (`ok: false`) and never thrown. An idempotent replay is not printed again on the
     * thermal printer (the first request did); without one it gets the PDF address again, since
     * the browser that lost the first answer never opened it.
     */
    async printAfterSale(
      receipt: Receipt,
      { replayed, log }: { replayed: boolean; log: FastifyBaseLogger },
    ): Promise<PrintResult | undefined> {
      if (replayed && printer) return undefined;
      try {
        return await print(receipt, 1);
      } catch (error) {
        log.warn({ err: error, receiptId: receipt.id }, 'printing a new receipt failed');
        return { ok: false, message: error instanceof AppError ? error.message : PRINT_MESSAGES.failed };
      }
    },

    /** POST /api/cash/print/:id: the shift's summary on the thermal printer (502/504 when it fails), or its PDF's address. */
    async printShift(shift: Shift): Promise<PrintResult> {
      if (!printer) return { ok: true, message: PRINT_MESSAGES.shiftPdfReady, pdfUrl: shiftPdfPath(shift.id) };
      const job = ticketToEscPos(shiftTicket(shift, await businessInfo()), {
        columns: COLUMNS[config.PAPER_WIDTH_MM],
        copies: 1,
      });
      await sendToPrinter(printer, job, config.PRINTER_TIMEOUT_MS);
      return { ok: true, message: PRINT_MESSAGES.shiftSent };
    },

    /** GET /api/cash/pdf/:id: the shift's summary on thermal-paper width. */
    async shiftPdf(shift: Shift): Promise<Buffer> {
      const business = await businessInfo();
      return renderReceiptPdf(shiftTicket(shift, business), {
        paperWidthMm: config.PAPER_WIDTH_MM,
        copies: 1,
        title: `Turno de caja #${shift.id}`,
        author: business.name,
      });
    },

    /** GET /api/reports/pdf/:id?format=80mm: the cut's summary on thermal-paper width. */
    async cutPdf(cut: CutData, createdAt: string, id: number): Promise<Buffer> {
      const business = await businessInfo();
      return renderReceiptPdf(cutTicket(cut, createdAt, business), {
        paperWidthMm: config.PAPER_WIDTH_MM,
        copies: 1,
        title: `Corte de caja ${cut.date} #${id}`,
        author: business.name,
      });
    },

    /** POST /api/reports/print/:id: the cut's summary on the thermal printer, or its 80 mm PDF's address. */
    async printCut(cut: CutData, createdAt: string, id: number): Promise<PrintResult> {
      if (!printer)
        return { ok: true, message: PRINT_MESSAGES.cutPdfReady, pdfUrl: `/api/reports/pdf/${id}?format=80mm` };
      const job = ticketToEscPos(cutTicket(cut, createdAt, await businessInfo()), {
        columns: COLUMNS[config.PAPER_WIDTH_MM],
        copies: 1,
      });
      await sendToPrinter(printer, job, config.PRINTER_TIMEOUT_MS);
      return { ok: true, message: PRINT_MESSAGES.cutSent };
    },

    /**
     * Opens the cash drawer (ESC/POS pulse) after a committed cash sale or a shift's close.
     * Fire-and-forget: without a printer it does nothing, and a failing printer is only logged.
     */
    kickDrawer(log: Pick<FastifyBaseLogger, 'warn'>): void {
      if (!printer) return;
      const kick = sendToPrinter(printer, drawerKickJob(), config.PRINTER_TIMEOUT_MS)
        .catch((error: unknown) => log.warn({ err: error }, 'opening the cash drawer failed'))
        .finally(() => kicks.delete(kick));
      kicks.add(kick);
    },

    /** Once every drawer kick sent so far has reached the printer or failed (the server's close waits for it). */
    async kicksSettled(): Promise<void> {
      while (kicks.size > 0) await Promise.all(kicks);
    },

    /** POST /api/client/printAbono: an abono's ticket on the thermal printer (502/504 when it fails), or its PDF's address. */
    async printAbono(paymentIds: readonly number[], viewer: ReceiptViewer): Promise<PrintResult> {
      const abono = await credit.abono(paymentIds, viewer);
      const ids = abono.payments.map((p) => p.paymentId);
      if (!printer) return { ok: true, message: PRINT_MESSAGES.abonoPdfReady, pdfUrl: abonoPdfPath(ids) };
      const job = ticketToEscPos(abonoTicket(abono, await businessInfo()), {
        columns: COLUMNS[config.PAPER_WIDTH_MM],
        copies: 1,
      });
      await sendToPrinter(printer, job, config.PRINTER_TIMEOUT_MS);
      return { ok: true, message: PRINT_MESSAGES.abonoSent };
    },

    /** GET /api/client/abonoPdf: an abono's ticket on thermal-paper width. */
    async abonoPdf(
      paymentIds: readonly number[],
      viewer: ReceiptViewer,
    ): Promise<{ abono: AbonoTicketData; pdf: Buffer }> {
      const abono = await credit.abono(paymentIds, viewer);
      const business = await businessInfo();
      const pdf = await renderReceiptPdf(abonoTicket(abono, business), {
        paperWidthMm: config.PAPER_WIDTH_MM,
        copies: 1,
        title: `Abono de ${abono.client.name}`,
        author: business.name,
      });
      return { abono, pdf };
    },

    /** GET /api/receipt/pdf/:id: a receipt the viewer reads. */
    async pdf(id: number, copies: number, viewer: ReceiptViewer): Promise<{ receipt: Receipt; pdf: Buffer }> {
      const receipt = await receipts.details(id, viewer);
      const ticket = await ticketOf(receipt);
      const pdf = await renderReceiptPdf(ticket, {
        paperWidthMm: config.PAPER_WIDTH_MM,
        copies,
        title: `Remisión #${receipt.id}`,
        author: ticket.business.name,
      });
      return { receipt, pdf };
    },
  };
}

export type PrintingService = ReturnType<typeof createPrintingService>;
