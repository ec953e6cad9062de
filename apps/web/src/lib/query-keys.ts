// The query keys more than one feature uses: a sale refreshes a client's receipts and the stock, a
// client's new name shows on their receipts, an abono changes both. Kept here rather than in each
// feature so features never import one another just for a key (which tied receipts and clients in
// a loop). A feature's private keys stay in its own api/keys.ts. Every key starts with its
// feature's name, so one invalidation of `.all` refreshes everything of that feature.

/** Receipts: every list and detail lives under ['receipts']. */
export const receiptKeys = {
  all: ['receipts'] as const,
  lists: () => [...receiptKeys.all, 'list'] as const,
  list: (params: { fromDate?: string; toDate?: string; includePending: boolean }) =>
    [...receiptKeys.lists(), params] as const,
  details: () => [...receiptKeys.all, 'detail'] as const,
  detail: (id: number) => [...receiptKeys.details(), id] as const,
};

/** Clients: every list and detail lives under ['clients'], so one invalidation refreshes both. */
export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
  details: (id: number) => [...clientKeys.all, 'details', id] as const,
  credit: (id: number) => [...clientKeys.all, 'credit', id] as const,
  statement: (id: number, from: string, to: string) => [...clientKeys.all, 'statement', id, from, to] as const,
  shared: (query: string) => [...clientKeys.all, 'shared', query] as const,
  statementLinks: (id: number) => [...clientKeys.all, 'statementLinks', id] as const,
};

/** Products: everything lives under ['products']. */
export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  lookup: (code: string) => [...productKeys.all, 'lookup', code] as const,
  /** Under `all`: saving or importing a product refreshes the 'Revisa los impuestos' count. */
};
