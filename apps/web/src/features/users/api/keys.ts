/** Query keys of the users feature: everything lives under ['users']. */
export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};
