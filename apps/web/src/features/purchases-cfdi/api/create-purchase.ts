import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKeys } from '../../../lib/query-keys';
import type { PurchaseFromCfdi } from '../draft-review';

/** POST /purchase/create with a reviewed draft: stock in, costs updated, the supplier's codes remembered. */
export function useCreatePurchaseFromCfdi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PurchaseFromCfdi) => (await api.post<{ id: number }>('/purchase/create', body)).data,
    // Stock and costs changed; the purchases' own lists refresh on their screens.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
