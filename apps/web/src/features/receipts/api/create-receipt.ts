import { type CreateReceiptInput, type CreateReceiptResponse, IDEMPOTENCY_KEY_HEADER } from '@mostrador/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type AttemptRequest, retryUnansweredOnce } from '../../../lib/use-attempt';
import { storeReceipt } from './cache';

/** The body and its Idempotency-Key, as useAttempt froze them: the server answers a repeat with the first sale. */
export type CreateReceiptVariables = AttemptRequest<CreateReceiptInput>;

export async function createReceipt({ body, idempotencyKey }: CreateReceiptVariables) {
  return (
    await api.post<CreateReceiptResponse>('/receipt/create', body, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
  ).data;
}

export function useCreateReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReceipt,
    // Safe to repeat: the same variables are the same body under the same key.
    retry: retryUnansweredOnce,
    onSuccess: (receipt) => storeReceipt(queryClient, receipt, { touchedStock: true }),
  });
}
