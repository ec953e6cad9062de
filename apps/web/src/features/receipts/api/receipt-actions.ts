import {
  type AddPaymentBody,
  type CancelPaymentBody,
  type ChangeStateBody,
  MANUAL_PAYMENT_NOTE,
  type Receipt,
} from '@mostrador/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { storeReceipt } from './cache';

export function useChangeReceiptState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangeStateBody) => (await api.post<Receipt>('/receipt/changeState', body)).data,
    // Cancelling returns the stock.
    onSuccess: (receipt) => storeReceipt(queryClient, receipt, { touchedStock: receipt.state === 'Cancelled' }),
  });
}

export function useAddPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ receiptId, amount, method }: Pick<AddPaymentBody, 'receiptId' | 'amount' | 'method'>) =>
      (
        await api.post<Receipt>('/receipt/addPayment', {
          receiptId,
          amount,
          method,
          note: MANUAL_PAYMENT_NOTE,
        } satisfies AddPaymentBody)
      ).data,
    onSuccess: (receipt) => storeReceipt(queryClient, receipt, { touchedStock: false }),
  });
}

export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CancelPaymentBody) => (await api.post<Receipt>('/receipt/cancelPayment', body)).data,
    onSuccess: (receipt) => storeReceipt(queryClient, receipt, { touchedStock: false }),
  });
}
