import { type CreateReceiptInput, type CreateReceiptResponse, IDEMPOTENCY_KEY_HEADER } from '@mostrador/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { api } from '../../../lib/api';
import { storeReceipt } from './cache';

export interface CreateReceiptVariables {
  body: CreateReceiptInput;
  /** One per form submission, reused on retry: the server answers a repeat with the first sale. */
  idempotencyKey: string;
}

export async function createReceipt({ body, idempotencyKey }: CreateReceiptVariables) {
  return (
    await api.post<CreateReceiptResponse>('/receipt/create', body, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
  ).data;
}

/** No answer reached us (time-out, dropped connection): the sale may or may not have happened. */
const isNoAnswer = (error: unknown) => isAxiosError(error) && !error.response;

export function useCreateReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReceipt,
    // Safe to repeat thanks to the idempotency key: the same variables carry the same key.
    retry: (failureCount, error) => failureCount < 1 && isNoAnswer(error),
    onSuccess: (receipt) => storeReceipt(queryClient, receipt, { touchedStock: true }),
  });
}
