import type { CreateReceiptResponse } from '@mostrador/shared';
import { useRef } from 'react';
import { es } from '../../../i18n/es';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { handleCreatedPrintResult } from '../../printing';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCreateReceipt } from '../api/create-receipt';
import type { ReceiptFormBody } from '../receipt-form';
import { rememberPrices } from './ReceiptItemRow';

const t = es.receipts.create;

/**
 * Sends a sale from the receipt form. The same sale sent again (a retry after a time-out, a
 * second click) carries the same idempotency key, so the server answers with the first receipt
 * instead of selling twice; a changed sale gets a new key. After the sale: the success toast,
 * the print that was asked for (a failed print never undoes the sale), then `onCreated`.
 */
export function useSubmitReceipt(onCreated: (receipt: CreateReceiptResponse) => void) {
  const create = useCreateReceipt();
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = (body: ReceiptFormBody) => {
    if (create.isPending) return;
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    create.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: (receipt) => {
          rememberPrices(body.items);
          notifySuccess(t.created(receipt.id));
          void handleCreatedPrintResult(receipt.printResult);
          onCreated(receipt);
        },
        onError: (error) => notifyFailure(t.failed, error),
      },
    );
  };

  return { submit, isPending: create.isPending };
}
