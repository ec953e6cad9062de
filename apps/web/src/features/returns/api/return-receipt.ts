import {
  IDEMPOTENCY_KEY_HEADER,
  type ListReceiptsResponse,
  type Receipt,
  type ReturnReceiptInput,
  type ReturnReceiptResponse,
} from '@mostrador/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withDrawerChoice } from '../../cash';
import { clientKeys, productKeys, receiptKeys } from '../../../lib/query-keys';
import { type AttemptRequest, retryUnansweredOnce } from '../../../lib/use-attempt';

export type ReturnReceiptVariables = AttemptRequest<ReturnReceiptInput>;

export async function returnReceipt({ body, idempotencyKey }: ReturnReceiptVariables) {
  return (
    await api.post<ReturnReceiptResponse>('/receipt/return', body, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
  ).data;
}

/** The receipt as it is after the return, wherever it is cached; stock and clients refreshed. */
function storeReturned(queryClient: ReturnType<typeof useQueryClient>, receipt: Receipt) {
  queryClient.setQueryData(receiptKeys.detail(receipt.id), receipt);
  queryClient.setQueriesData<InfiniteData<ListReceiptsResponse>>({ queryKey: receiptKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((r) => (r.id === receipt.id ? receipt : r)),
          })),
        }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: receiptKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: clientKeys.all });
  void queryClient.invalidateQueries({ queryKey: productKeys.all });
}

export function useReturnReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    // An Efectivo refund by someone without a drawer, while others are open, asks which one.
    mutationFn: ({ body, idempotencyKey }: ReturnReceiptVariables) =>
      withDrawerChoice((shiftId) =>
        returnReceipt({ body: shiftId === undefined ? body : { ...body, shiftId }, idempotencyKey }),
      ),
    // Safe to repeat: the same variables are the same body under the same key.
    retry: retryUnansweredOnce,
    onSuccess: (answer) => storeReturned(queryClient, answer.receipt),
  });
}

/** A receipt by its folio (the ticket's number), for the counter's return. */
export async function fetchReceiptByFolio(id: number): Promise<Receipt> {
  return (await api.get<Receipt>(`/receipt/details/${id}`)).data;
}
