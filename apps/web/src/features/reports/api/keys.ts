/** Query keys of the reports feature: everything lives under ['reports']. */
export const reportKeys = {
  all: ['reports'] as const,
  logs: () => [...reportKeys.all, 'logs'] as const,
  cuts: () => [...reportKeys.all, 'cuts'] as const,
  receivables: () => [...reportKeys.all, 'receivables'] as const,
  taxes: (month: string) => [...reportKeys.all, 'taxes', month] as const,
};
