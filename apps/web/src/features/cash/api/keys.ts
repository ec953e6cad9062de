import type { ListShiftsQuery } from '@mostrador/shared';

/** Query keys of the cash drawer: everything lives under ['cash']. */
export const cashKeys = {
  all: ['cash'] as const,
  current: () => [...cashKeys.all, 'current'] as const,
  lists: () => [...cashKeys.all, 'list'] as const,
  list: (filter: Omit<ListShiftsQuery, 'cursor' | 'limit'>) => [...cashKeys.lists(), filter] as const,
};
