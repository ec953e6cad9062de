/** Query keys of the printing feature: everything lives under ['printing']. */
export const printingKeys = {
  all: ['printing'] as const,
  settings: () => [...printingKeys.all, 'settings'] as const,
};
