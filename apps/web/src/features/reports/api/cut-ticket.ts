import type { CashCountReport, CutsOfDayResponse, PrintResult } from '@mostrador/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { openPrintDialog, printingSettingsQuery } from '../../printing';

/**
 * The cut's 80 mm version: on the thermal printer when the server has one (POST /reports/print/{id}),
 * else GET /reports/pdf/{id}?format=80mm in the browser's print dialog. Answers where it went.
 */
export function usePrintCutTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cut: Pick<CashCountReport, 'id' | 'date'>): Promise<'printer' | 'pdf'> => {
      const settings = await queryClient.fetchQuery(printingSettingsQuery).catch(() => null);
      if (settings?.printerConfigured) {
        const result = (await api.post<PrintResult>(`/reports/print/${cut.id}`)).data;
        if (!result.pdfUrl) return 'printer';
      }
      const { data } = await api.get<Blob>(`/reports/pdf/${cut.id}`, {
        params: { format: '80mm' },
        responseType: 'blob',
      });
      await openPrintDialog(new Blob([data], { type: 'application/pdf' }), `corte-${cut.date}-${cut.id}-80mm.pdf`);
      return 'pdf';
    },
  });
}

/** GET /reports/cuts-of-day: the cuts already made of a day (the web warns before another). */
export async function fetchCutsOfDay(date: string): Promise<CutsOfDayResponse['cuts']> {
  return (await api.get<CutsOfDayResponse>('/reports/cuts-of-day', { params: { date } })).data.cuts;
}
