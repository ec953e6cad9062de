/** Query keys of the backups feature: everything lives under ['backups']. */
export const backupKeys = {
  all: ['backups'] as const,
  list: () => [...backupKeys.all, 'list'] as const,
};
