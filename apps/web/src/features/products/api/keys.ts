/** Query keys of the products feature: everything lives under ['products']. */
export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  lookup: (code: string) => [...productKeys.all, 'lookup', code] as const,
};
