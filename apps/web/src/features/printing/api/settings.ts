import type { PrintingSettings } from '@mostrador/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { printingKeys } from './keys';

/** GET /printing/settings: whether a thermal printer is configured, and the PDF fallback. */
export const printingSettingsQuery = queryOptions({
  queryKey: printingKeys.settings(),
  staleTime: 5 * 60_000,
  queryFn: async ({ signal }) => (await api.get<PrintingSettings>('/printing/settings', { signal })).data,
});

export function usePrintingSettings() {
  return useQuery(printingSettingsQuery);
}

/** A sale prints its ticket on the printer when there is one, else opens the 80 mm PDF if allowed. */
export const printsOnSale = (settings: PrintingSettings | undefined) =>
  !!settings && (settings.printerConfigured || settings.pdfTicketFallback);
