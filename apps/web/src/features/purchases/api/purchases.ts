import type {
  CreatePurchaseInput,
  ListPurchasesQuery,
  ListPurchasesResponse,
  Purchase,
  Reorder,
} from '@mostrador/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKeys } from '../../../lib/query-keys';
import { purchaseKeys } from './keys';

/** GET /purchase/list: a page of purchases, newest first, with how many match. */
export const purchasesQuery = (query: ListPurchasesQuery) =>
  queryOptions({
    queryKey: purchaseKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<ListPurchasesResponse>('/purchase/list', { params: query, signal })).data,
  });

export function usePurchases(query: ListPurchasesQuery) {
  // Another page or filter keeps the rows on screen while it loads.
  return useQuery({ ...purchasesQuery(query), placeholderData: keepPreviousData });
}

export function usePurchase(id: number | null) {
  return useQuery({
    queryKey: purchaseKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<Purchase>(`/purchase/details/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** GET /purchase/reorder: the products at their minimum, by last supplier. */
export function useReorder() {
  return useQuery({
    queryKey: purchaseKeys.reorder(),
    queryFn: async ({ signal }) => (await api.get<Reorder>('/purchase/reorder', { signal })).data,
  });
}

/** A purchase changes stock, costs and the reorder: products and purchases are read afresh. */
function useRefreshAfterPurchase() {
  const queryClient = useQueryClient();
  return (purchase: Purchase) => {
    queryClient.setQueryData(purchaseKeys.detail(purchase.id), purchase);
    void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
  };
}

/** POST /purchase/create, with the form's Idempotency-Key: a retry after a lost answer registers it once. */
export function useCreatePurchase() {
  const refresh = useRefreshAfterPurchase();
  return useMutation({
    mutationFn: async ({ body, key }: { body: CreatePurchaseInput; key: string }) =>
      (await api.post<Purchase>('/purchase/create', body, { headers: { 'Idempotency-Key': key } })).data,
    onSuccess: refresh,
  });
}

export function useCancelPurchase() {
  const refresh = useRefreshAfterPurchase();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<Purchase>(`/purchase/cancel/${id}`)).data,
    onSuccess: refresh,
  });
}
