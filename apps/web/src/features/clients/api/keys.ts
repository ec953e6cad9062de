/** Query keys of the clients feature: every list and detail lives under ['clients'], so one invalidation refreshes both. */
export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
  details: (id: number) => [...clientKeys.all, 'details', id] as const,
  credit: (id: number) => [...clientKeys.all, 'credit', id] as const,
  statement: (id: number, from: string, to: string) => [...clientKeys.all, 'statement', id, from, to] as const,
  shared: (query: string) => [...clientKeys.all, 'shared', query] as const,
};
