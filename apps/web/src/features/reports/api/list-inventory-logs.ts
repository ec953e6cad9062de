import type { InventoryLog, ListReportsQuery, ListReportsResponse } from '@mostrador/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api';
import { reportKeys } from './keys';

export const LOGS_PAGE_SIZE = 30;

/** Inventory movements, newest first, one page at a time ('Cargar más'); no cuts in these calls. */
export const inventoryLogsQuery = infiniteQueryOptions({
  queryKey: reportKeys.logs(),
  queryFn: async ({ pageParam, signal }) => {
    const params: ListReportsQuery = {
      limit: LOGS_PAGE_SIZE,
      cutsLimit: 0,
      ...(pageParam ? { cursor: pageParam } : {}),
    };
    return (await api.get<ListReportsResponse>('/reports/list', { params, signal })).data;
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  // Sales and stock changes elsewhere add movements: always fresh when the page opens.
  staleTime: 0,
});

export function useInventoryLogs() {
  const query = useInfiniteQuery(inventoryLogsQuery);
  const logs = useMemo<InventoryLog[]>(() => query.data?.pages.flatMap((p) => p.inventoryLogs) ?? [], [query.data]);
  return { query, logs };
}
