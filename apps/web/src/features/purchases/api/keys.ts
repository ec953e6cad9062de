import type { ListPurchasesQuery } from '@mostrador/shared';

/** Purchases: every list, detail and the reorder live under ['purchases']. */
export const purchaseKeys = {
  all: ['purchases'] as const,
  lists: () => [...purchaseKeys.all, 'list'] as const,
  list: (query: ListPurchasesQuery) => [...purchaseKeys.lists(), query] as const,
  detail: (id: number) => [...purchaseKeys.all, 'detail', id] as const,
  reorder: () => [...purchaseKeys.all, 'reorder'] as const,
};
