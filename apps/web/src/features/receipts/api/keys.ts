/** Query keys of the receipts feature: every list and detail lives under ['receipts']. */
export const receiptKeys = {
  all: ['receipts'] as const,
  lists: () => [...receiptKeys.all, 'list'] as const,
  list: (params: { fromDate?: string; toDate?: string; includePending: boolean }) =>
    [...receiptKeys.lists(), params] as const,
  details: () => [...receiptKeys.all, 'detail'] as const,
  detail: (id: number) => [...receiptKeys.details(), id] as const,
};
