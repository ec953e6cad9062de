import type { ProfitGrouping, ProfitReport } from '@mostrador/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { reportKeys } from './keys';

export interface ProfitQuery {
  from: string;
  to: string;
  by: ProfitGrouping;
}

/** GET /report/profit: a range's profit by product, category or day. */
export const profitReportQuery = (query: ProfitQuery) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'profit', query] as const,
    queryFn: async ({ signal }) => (await api.get<ProfitReport>('/report/profit', { params: query, signal })).data,
    placeholderData: keepPreviousData,
  });

export function useProfitReport(query: ProfitQuery) {
  return useQuery(profitReportQuery(query));
}

/** The CSV needs the Bearer token: it comes through the API client as a blob. */
export function useDownloadProfitCsv() {
  return useMutation({
    mutationFn: async (query: ProfitQuery) => {
      const { data } = await api.get<Blob>('/report/profit', {
        params: { ...query, format: 'csv' },
        responseType: 'blob',
      });
      const range = query.from === query.to ? query.from : `${query.from}_${query.to}`;
      saveBlob(new Blob([data], { type: 'text/csv;charset=utf-8' }), `utilidad-${range}-${query.by}.csv`);
    },
  });
}
