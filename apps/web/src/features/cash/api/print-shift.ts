import type { PrintResult } from '@mostrador/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { openPrintDialog, printingSettingsQuery } from '../../printing';
import { fetchShiftPdf } from './cash';

/**
 * 'Imprimir resumen': on the thermal printer when the server has one (POST /cash/print/{id}),
 * else the 80 mm PDF in the browser's print dialog, like a receipt. Answers whether it went to
 * the printer.
 */
export function usePrintShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shiftId: number): Promise<'printer' | 'pdf'> => {
      const settings = await queryClient.fetchQuery(printingSettingsQuery).catch(() => null);
      if (settings?.printerConfigured) {
        const result = (await api.post<PrintResult>(`/cash/print/${shiftId}`)).data;
        if (!result.pdfUrl) return 'printer';
      }
      await openPrintDialog(await fetchShiftPdf(shiftId), `turno-${shiftId}.pdf`);
      return 'pdf';
    },
  });
}
