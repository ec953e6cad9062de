import type { ListReceiptsQuery, ListReceiptsResponse, Receipt } from '@mostrador/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../../../lib/api';
import { receiptKeys } from '../../../lib/query-keys';

/** The server-side part of the list filter: Monterrey days and the pending rule. */
export interface ReceiptListParams {
  fromDate?: string;
  toDate?: string;
  includePending: boolean;
}

/** The first page is small so the screen shows something at once; the rest come in big pages. */
export const FIRST_PAGE_SIZE = 100;
export const NEXT_PAGE_SIZE = 1000;

interface PageParam {
  cursor: string | null;
  pageSize: number;
}

export async function fetchReceiptPage(params: ReceiptListParams, page: PageParam, signal?: AbortSignal) {
  const query: ListReceiptsQuery = {
    ...params,
    includePending: params.includePending ? 'true' : 'false',
    pageSize: page.pageSize,
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
  return (await api.get<ListReceiptsResponse>('/receipt/list', { params: query, signal })).data;
}

export const receiptListQuery = (params: ReceiptListParams) =>
  infiniteQueryOptions({
    queryKey: receiptKeys.list(params),
    queryFn: ({ pageParam, signal }) => fetchReceiptPage(params, pageParam, signal),
    initialPageParam: { cursor: null, pageSize: FIRST_PAGE_SIZE } as PageParam,
    getNextPageParam: (last): PageParam | undefined =>
      last.nextCursor ? { cursor: last.nextCursor, pageSize: NEXT_PAGE_SIZE } : undefined,
  });

/**
 * Every receipt of a date range (the server answers pages of at most 1,000, newest first): the pages
 * are fetched one after another and the list grows as they arrive, so the tiles and counts
 * end up covering the whole range, not only the first page.
 */
export function useReceiptList(params: ReceiptListParams) {
  const query = useInfiniteQuery({ ...receiptListQuery(params), placeholderData: keepPreviousData });
  const { hasNextPage, isFetching, isFetchNextPageError, isPlaceholderData, fetchNextPage } = query;

  useEffect(() => {
    if (hasNextPage && !isFetching && !isFetchNextPageError && !isPlaceholderData) void fetchNextPage();
  }, [hasNextPage, isFetching, isFetchNextPageError, isPlaceholderData, fetchNextPage]);

  const receipts = useMemo<Receipt[]>(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  return {
    query,
    receipts,
    /** Which receipts the server lets this user read (a Seller: their own and today's, by default). */
    scope: query.data?.pages[0]?.scope ?? null,
    /** More pages of this range are still on their way. */
    isLoadingMore: !!hasNextPage && !isFetchNextPageError,
  };
}
