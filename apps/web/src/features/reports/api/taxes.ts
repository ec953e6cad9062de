import type { TaxReport } from '@mostrador/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { reportKeys } from './keys';

/** GET /reports/taxes?month=YYYY-MM: the month's sales by rate, less its returns. */
export const monthTaxesQuery = (month: string) =>
  queryOptions({
    queryKey: reportKeys.taxes(month),
    queryFn: async ({ signal }) => (await api.get<TaxReport>('/reports/taxes', { params: { month }, signal })).data,
    placeholderData: keepPreviousData,
  });

export function useMonthTaxes(month: string) {
  return useQuery(monthTaxesQuery(month));
}

/** GET /reports/taxes/csv needs the Bearer token: the file comes through the API client as a blob. */
export function useDownloadMonthTaxes() {
  return useMutation({
    mutationFn: async (month: string) => {
      const { data } = await api.get<Blob>('/reports/taxes/csv', { params: { month }, responseType: 'blob' });
      saveBlob(new Blob([data], { type: 'text/csv;charset=utf-8' }), `impuestos-${month}.csv`);
    },
  });
}
