import type { ClearSupervisorPinBody, SetSupervisorPinBody, SupervisorPinStatus } from '@mostrador/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { supervisorKeys } from './keys';

export const supervisorPinQuery = () =>
  queryOptions({
    queryKey: supervisorKeys.pin(),
    queryFn: async () => (await api.get<SupervisorPinStatus>('/supervisor/pin')).data,
  });

/** Whether the signed-in Manager or Admin has a PIN (only asked while `enabled`). */
export const useSupervisorPin = (enabled: boolean) => useQuery({ ...supervisorPinQuery(), enabled });

export function useSetSupervisorPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetSupervisorPinBody) => {
      await api.post('/supervisor/setPin', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supervisorKeys.pin() }),
  });
}

export function useClearSupervisorPin() {
  return useMutation({
    mutationFn: async (body: ClearSupervisorPinBody) => {
      await api.post('/supervisor/clearPin', body);
    },
  });
}
