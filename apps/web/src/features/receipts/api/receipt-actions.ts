import {
  type AddPaymentBody,
  type CancelPaymentBody,
  type ChangeStateBody,
  MANUAL_PAYMENT_NOTE,
  type Receipt,
} from '@mostrador/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withDrawerChoice } from '../../cash';
import { storeReceipt } from './cache';

export function useChangeReceiptState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStateBody) =>
      withDrawerChoice(async (shiftId) => (await api.post<Receipt>('/receipt/changeState', { ...body, shiftId })).data),
    // Cancelling returns the stock.
    onSuccess: (receipt) => storeReceipt(queryClient, receipt, { touchedStock: receipt.state === 'Cancelled' }),
  });
}

export function useAddPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ receiptId, amount, method }: Pick<AddPaymentBody, 'receiptId' | 'amount' | 'method'>) =>
      withDrawerChoice(
        async (shiftId) =>
          (
            await api.post<Receipt>('/receipt/addPayment', {
              receiptId,
              amount,
              method,
              note: MANUAL_PAYMENT_NOTE,
              shiftId,
            } satisfies AddPaymentBody)
          ).data,
      ),
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
