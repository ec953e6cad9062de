import { modals } from '@mantine/modals';
import { type CreateReceiptResponse, meetsRequirement, OVER_CREDIT_LIMIT, PROTECTED_ACTIONS } from '@mostrador/shared';
import { useRef } from 'react';
import { es } from '../../../i18n/es';
import { getServerMessage, getStatus } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../auth';
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
  const { role } = useAuth();
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
        onError: (error) => {
          const message = getServerMessage(error);
          const overLimit = getStatus(error) === 409 && message?.startsWith(OVER_CREDIT_LIMIT);
          // An Admin or Manager may let the sale go over the client's limit; the server records who.
          if (overLimit && meetsRequirement(role, PROTECTED_ACTIONS) && !body.allowOverLimit) {
            modals.openConfirmModal({
              title: t.overLimitTitle,
              children: `${message} ${t.overLimitQuestion}`,
              labels: { confirm: t.overLimitConfirm, cancel: es.common.cancel },
              onConfirm: () => submit({ ...body, allowOverLimit: true }),
            });
            return;
          }
          notifyFailure(t.failed, error);
        },
      },
    );
  };

  return { submit, isPending: create.isPending };
}
