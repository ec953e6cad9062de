import type { Receivables } from '@mostrador/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reportKeys } from './keys';

/** GET /reports/receivables: who owes, most overdue first, with the aging buckets. */
export const receivablesQuery = queryOptions({
  queryKey: reportKeys.receivables(),
  queryFn: async ({ signal }) => (await api.get<Receivables>('/reports/receivables', { signal })).data,
});

export function useReceivables() {
  return useQuery(receivablesQuery);
}
