/** Query keys of the settings feature: everything lives under ['settings']. */
export const settingsKeys = {
  all: ['settings'] as const,
  current: () => [...settingsKeys.all, 'current'] as const,
};
