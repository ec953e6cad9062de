import type { PrintReceiptInput, PrintResult } from '@mostrador/shared';
import { useMutation } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { api } from '../../../lib/api';
import { toApiPath } from './api-path';
import { openPrintDialog } from './print-dialog';

/** POST /printReceipt: the server prints on its thermal printer, or says where the PDF is. */
export async function printReceipt(input: PrintReceiptInput): Promise<PrintResult> {
  return (await api.post<PrintResult>('/printReceipt', input)).data;
}

/** The receipt's PDF, fetched with the session's token (a plain link would carry none). */
export async function fetchReceiptPdf(pdfUrl: string): Promise<Blob> {
  try {
    return (await api.get<Blob>(toApiPath(pdfUrl), { responseType: 'blob' })).data;
  } catch (error) {
    // An error answer arrives as a Blob too: read its JSON so the toast can show the message.
    const data: unknown = isAxiosError(error) ? error.response?.data : undefined;
    if (isAxiosError(error) && error.response && data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await data.text());
      } catch {
        // Not JSON: keep the generic message.
      }
    }
    throw error;
  }
}

/** Fetches the PDF at pdfUrl and opens the browser's print dialog with it. */
export async function printPdf(pdfUrl: string): Promise<void> {
  await openPrintDialog(await fetchReceiptPdf(pdfUrl));
}

export interface PrintReceiptVariables {
  receipt: PrintReceiptInput['receipt'];
  copies: number;
}

export function usePrintReceipt() {
  return useMutation({
    mutationFn: async ({ receipt, copies }: PrintReceiptVariables) => {
      const result = await printReceipt({ copies, receipt });
      if (result.pdfUrl) await printPdf(result.pdfUrl);
      return result;
    },
  });
}
