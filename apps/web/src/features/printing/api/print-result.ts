import type { PrintResult } from '@mostrador/shared';
import { isAxiosError } from 'axios';
import { es } from '../../../i18n/es';
import { notifyError, notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify';
import { printPdf } from './print-receipt';

const t = es.printing;

/**
 * A print that failed: 'Hubo un problema al imprimir el recibo…'. A printer that is off or does not answer is a 502/504 whose message the
 * server wrote for the user ("No se pudo conectar con la impresora."), so it is shown too.
 */
export function notifyPrintFailure(error: unknown) {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  const message = isAxiosError(error) ? (error.response?.data as { message?: unknown } | undefined)?.message : null;
  if ((status === 502 || status === 504) && typeof message === 'string' && message) {
    notifyError(`${t.failed} ${message}`);
    return;
  }
  notifyFailure(t.failed, error);
}

/** The toast of a print that worked: sent to the thermal printer, or the PDF's dialog opened. */
export function notifyPrinted(result: PrintResult) {
  notifySuccess(result.pdfUrl ? t.ready : t.sent);
}

/**
 * After receipt/create with printReceipt: the sale is made whatever happens here. A failed print
 * is a warning that the receipt was created but not printed; without a thermal printer the PDF's print dialog opens.
 */
export async function handleCreatedPrintResult(printResult: PrintResult | undefined): Promise<void> {
  if (!printResult) return;
  if (!printResult.ok) {
    notifyWarning(t.createdButPrintFailed);
    return;
  }
  if (!printResult.pdfUrl) {
    notifyPrinted(printResult);
    return;
  }
  try {
    await printPdf(printResult.pdfUrl);
  } catch {
    notifyWarning(t.createdButPrintFailed);
  }
}
