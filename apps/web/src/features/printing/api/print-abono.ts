import type { PrintAbonoBody, PrintResult } from '@mostrador/shared';
import { api } from '../../../lib/api';
import { handleCreatedPrintResult, notifyPrintFailure } from './print-result';

/** POST /client/printAbono: the abono's ticket on the thermal printer, or where its PDF is. */
export async function printAbono(body: PrintAbonoBody): Promise<PrintResult> {
  return (await api.post<PrintResult>('/client/printAbono', body)).data;
}

/**
 * After an abono is recorded: its ticket printed as a sale's is (the printer, else the 80 mm PDF
 * in the print dialog). The abono stands whatever happens here; a failure is a toast.
 */
export async function printAbonoTicket(paymentIds: number[]): Promise<void> {
  let result: PrintResult;
  try {
    result = await printAbono({ paymentIds });
  } catch (error) {
    notifyPrintFailure(error);
    return;
  }
  await handleCreatedPrintResult(result);
}
