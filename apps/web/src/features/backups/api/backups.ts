import type { Backup, BackupListResponse } from '@mostrador/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { backupKeys } from './keys';

export const backupListQuery = queryOptions({
  queryKey: backupKeys.list(),
  queryFn: async () => (await api.get<BackupListResponse>('/backup/list')).data,
});

export function useBackups() {
  return useQuery(backupListQuery);
}

/** POST /backup/create ('Respaldar ahora'); the list then shows the new backup first. */
export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<Backup>('/backup/create')).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

async function downloadBackup(backup: Backup) {
  const { data } = await api.get<Blob>(`/backup/download/${encodeURIComponent(backup.name)}`, { responseType: 'blob' });
  saveBlob(data, backup.name);
}

export function useDownloadBackup() {
  return useMutation({ mutationFn: downloadBackup });
}
