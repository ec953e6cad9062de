import { z } from 'zod';
import { MAX_PRINT_COPIES, MIN_PRINT_COPIES, PRINT_COPIES_MAX_MESSAGE, PRINT_COPIES_MIN_MESSAGE } from '../printing.js';
import { MAX_ID } from './common.js';

// Printing: `POST /api/printReceipt { copies, receipt }` and the
// receipt's PDF `GET /api/receipt/pdf/{id}?copies=N`. Both answer with `printResultSchema`
// (schemas/receipts.ts) or the PDF itself.

const COPIES_INTEGER_MESSAGE = 'El número de copias debe ser un número entero.';
const RECEIPT_ID_MESSAGE = 'El ID debe ser un número positivo';

/** At least 1 copy, and at most 10 so one click cannot empty a paper roll. */
export const printCopiesSchema = z
  .number({ error: COPIES_INTEGER_MESSAGE })
  .int(COPIES_INTEGER_MESSAGE)
  .min(MIN_PRINT_COPIES, PRINT_COPIES_MIN_MESSAGE)
  .max(MAX_PRINT_COPIES, PRINT_COPIES_MAX_MESSAGE);

export const printReceiptBodySchema = z.strictObject({
  copies: printCopiesSchema.default(MIN_PRINT_COPIES),
  // The web app sends the whole receipt it has. The server reads only its id and prints
  // what the database holds (never client-sent amounts), so this is the one body whose inner
  // receipt fields are not checked: any other field is accepted and ignored.
  receipt: z.looseObject(
    {
      id: z
        .number({ error: RECEIPT_ID_MESSAGE })
        .int(RECEIPT_ID_MESSAGE)
        .positive(RECEIPT_ID_MESSAGE)
        .max(MAX_ID, RECEIPT_ID_MESSAGE),
    },
    { error: 'La remisión a imprimir es obligatoria.' },
  ),
});
export type PrintReceiptBody = z.infer<typeof printReceiptBodySchema>;
export type PrintReceiptInput = z.input<typeof printReceiptBodySchema>;

export const receiptPdfQuerySchema = z.strictObject({
  copies: z.coerce
    .number({ error: COPIES_INTEGER_MESSAGE })
    .int(COPIES_INTEGER_MESSAGE)
    .min(MIN_PRINT_COPIES, PRINT_COPIES_MIN_MESSAGE)
    .max(MAX_PRINT_COPIES, PRINT_COPIES_MAX_MESSAGE)
    .default(MIN_PRINT_COPIES),
});
export type ReceiptPdfQuery = z.input<typeof receiptPdfQuerySchema>;

/** Where the PDF of a receipt is (server path, with the /api prefix). */
export function receiptPdfPath(id: number, copies: number): string {
  return `/api/receipt/pdf/${id}?copies=${copies}`;
}

/** GET /printing/settings: how the counter prints a ticket right after a sale. */
export const printingSettingsSchema = z.object({
  /** A thermal printer is configured (PRINTER_URL): printReceipt sends ESC/POS. */
  printerConfigured: z.boolean(),
  /** Without a printer, open the 80 mm PDF ticket (TICKET_PDF_FALLBACK). */
  pdfTicketFallback: z.boolean(),
});
export type PrintingSettings = z.infer<typeof printingSettingsSchema>;

const ABONO_PAYMENTS_MESSAGE = 'Indica los pagos del abono.';
/** An abono reaches at most this many receipts in one ticket (the oldest first). */
export const MAX_ABONO_PAYMENTS = 200;

/**
 * An abono's ticket: the payments `client/addPayment` answered (one per receipt it reached), as
 * ids separated by commas in the PDF's address ('12,13').
 */
const paymentIdsSchema = z
  .array(z.number({ error: RECEIPT_ID_MESSAGE }).int(RECEIPT_ID_MESSAGE).positive(RECEIPT_ID_MESSAGE).max(MAX_ID))
  .min(1, ABONO_PAYMENTS_MESSAGE)
  .max(MAX_ABONO_PAYMENTS, ABONO_PAYMENTS_MESSAGE);

/** POST /client/printAbono: the abono ticket on the thermal printer, or its PDF's address. */
export const printAbonoBodySchema = z.strictObject({ paymentIds: paymentIdsSchema });
export type PrintAbonoBody = z.infer<typeof printAbonoBodySchema>;

/** GET /client/abonoPdf?payments=12,13 */
export const abonoPdfQuerySchema = z.strictObject({
  payments: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+(,\d+)*$/.test(v) ? v.split(',').map(Number) : v),
    paymentIdsSchema,
  ),
});

/** Where an abono's ticket PDF is (server path, with the /api prefix). */
export function abonoPdfPath(paymentIds: readonly number[]): string {
  return `/api/client/abonoPdf?payments=${paymentIds.join(',')}`;
}
