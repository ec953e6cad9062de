import type { CashCountReport, ListReportsQuery, ListReportsResponse } from '@mostrador/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api';
import { reportKeys } from './keys';

/** A cut can be large (every product that moved, every pending receipt): a few at a time. */
export const CUTS_PAGE_SIZE = 3;

/** Cash-count cuts, newest first, a page at a time as 'Anterior' walks back; no logs in these calls. */
export const cutsQuery = infiniteQueryOptions({
  queryKey: reportKeys.cuts(),
  queryFn: async ({ pageParam, signal }) => {
    const params: ListReportsQuery = {
      limit: 0,
      cutsLimit: CUTS_PAGE_SIZE,
      ...(pageParam ? { cutsCursor: pageParam } : {}),
    };
    return (await api.get<ListReportsResponse>('/reports/list', { params, signal })).data;
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCutsCursor ?? undefined,
});

export function useCuts() {
  const query = useInfiniteQuery(cutsQuery);
  const cuts = useMemo<CashCountReport[]>(
    () => query.data?.pages.flatMap((p) => p.cashCountReports) ?? [],
    [query.data],
  );
  return { query, cuts };
}
