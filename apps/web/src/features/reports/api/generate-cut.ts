import type { CashCountReport, GenerateCutBody } from '@mostrador/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reportKeys } from './keys';

export function useGenerateCut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GenerateCutBody) => (await api.post<CashCountReport>('/reports/generate', body)).data,
    onSuccess: () => queryClient.resetQueries({ queryKey: reportKeys.cuts() }),
  });
}
