/** Suppliers: the list lives under ['suppliers'], so one invalidation refreshes every use. */
export const supplierKeys = {
  all: ['suppliers'] as const,
  list: () => [...supplierKeys.all, 'list'] as const,
};
