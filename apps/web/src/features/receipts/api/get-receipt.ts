import type { InfiniteData } from '@tanstack/react-query';
import type { ListReceiptsResponse, Receipt } from '@mostrador/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { receiptKeys } from '../../../lib/query-keys';

export const receiptQuery = (id: number) =>
  queryOptions({
    queryKey: receiptKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<Receipt>(`/receipt/details/${id}`, { signal })).data,
  });

/** One receipt; a copy already in a loaded list shows at once while the fresh one loads. */
export function useReceipt(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...receiptQuery(id ?? 0),
    enabled: id !== null,
    placeholderData: () =>
      id === null ? undefined : findInLists(queryClient.getQueriesData({ queryKey: receiptKeys.lists() }), id),
  });
}

function findInLists(entries: Array<[unknown, unknown]>, id: number): Receipt | undefined {
  for (const [, data] of entries) {
    const pages = (data as InfiniteData<ListReceiptsResponse> | undefined)?.pages ?? [];
    for (const page of pages) {
      const found = page.data.find((r) => r.id === id);
      if (found) return found;
    }
  }
  return undefined;
}
