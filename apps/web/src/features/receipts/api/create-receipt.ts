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

/** A random UUID, also where crypto.randomUUID is missing (plain http on a shop's LAN). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
