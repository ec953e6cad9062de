import {
  type CreateReceiptResponse,
  meetsRequirement,
  OVER_CREDIT_LIMIT,
  PROTECTED_ACTIONS,
  type SupervisorCredentials,
} from '@mostrador/shared';
import { es } from '../../../i18n/es';
import { getServerMessage, getStatus } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAttempt } from '../../../lib/use-attempt';
import { useAuth } from '../../auth';
import { useSupervisorStep } from '../../supervisors';
import { handleCreatedPrintResult } from '../../printing';
import { useCreateReceipt } from '../api/create-receipt';
import { type ReceiptFormBody, type ReceiptFormValues, toCreateReceiptBody } from '../receipt-form';
import { rememberPrices } from './ReceiptItemRow';
import { openConfirm } from '../../../lib/confirm';

const t = es.receipts.create;

export interface SubmitOptions {
  /** A Seller's sale is dated when it is first sent; Admin and Manager choose the date. */
  datedNow: boolean;
  /** An Admin's or Manager's authorisation of a sale over the client's credit limit. */
  allowOverLimit?: boolean;
  /** A supervisor's credentials, when the server asked for them (a Seller's sale over the limit). */
  supervisor?: SupervisorCredentials;
}

/**
 * What the user chose in the form: the sale's identity for useAttempt. The date is part of it
 * only when the user picked it; a sale dated now is the same sale a second later. The over-limit
 * authorisation is not: pressed again after a lost answer, an authorised sale is sent again as
 * it was, authorisation included, rather than refused over the limit and sold a second time.
 */
function chosen(values: ReceiptFormValues, { datedNow }: SubmitOptions) {
  const body = toCreateReceiptBody(values);
  return { ...body, date: datedNow ? null : body.date };
}

/**
 * Sends a sale from the receipt form through useAttempt: sent again after a lost answer (a
 * time-out, a dropped connection), the unchanged sale is the same request, date and key
 * included, so the server answers with the first receipt instead of selling twice; a changed
 * sale is a new one. After the sale: the success toast, the print that was asked for (a failed
 * print never undoes the sale), then `onCreated`.
 */
export function useSubmitReceipt(onCreated: (receipt: CreateReceiptResponse) => void) {
  const create = useCreateReceipt();
  const { role } = useAuth();
  const attempt = useAttempt<ReceiptFormBody>();
  const supervisorStep = useSupervisorStep();

  const submit = (values: ReceiptFormValues, options: SubmitOptions) => {
    if (create.isPending) return;
    const request = attempt.request(chosen(values, options), () => ({
      ...toCreateReceiptBody(values, { datedNow: options.datedNow }),
      ...(options.allowOverLimit ? { allowOverLimit: true } : {}),
      ...(options.supervisor ? { supervisor: options.supervisor } : {}),
    }));
    create.mutate(request, {
      onSuccess: (receipt) => {
        attempt.settle(request);
        supervisorStep.close();
        rememberPrices(request.body.items);
        notifySuccess(t.created(receipt.id));
        void handleCreatedPrintResult(receipt.printResult);
        onCreated(receipt);
      },
      onError: (error) => {
        // No answer: the form says so next to its button (lostAnswerFor), not as a failure.
        if (attempt.settle(request, error) === 'unanswered') {
          supervisorStep.close();
          return;
        }
        // A Seller's sale over the limit: a supervisor authorises it on this screen.
        if (supervisorStep.handle(error, (supervisor) => submit(values, { ...options, supervisor }))) return;
        const message = getServerMessage(error);
        const overLimit = getStatus(error) === 409 && message?.startsWith(OVER_CREDIT_LIMIT);
        // An Admin or Manager may let the sale go over the client's limit; the server records who.
        if (overLimit && meetsRequirement(role, PROTECTED_ACTIONS) && !options.allowOverLimit) {
          openConfirm({
            title: t.overLimitTitle,
            children: `${message} ${t.overLimitQuestion}`,
            labels: { confirm: t.overLimitConfirm, cancel: es.common.cancel },
            onConfirm: () => submit(values, { ...options, allowOverLimit: true }),
          });
          return;
        }
        notifyFailure(t.failed, error);
      },
    });
  };

  return {
    submit,
    isPending: create.isPending,
    /** 'Autorización de supervisor', for <SupervisorModal {...supervisor} />. */
    supervisor: supervisorStep.modal,
    /** The last send got no answer and the form still holds that sale: sent again, it sells once. */
    lostAnswerFor: (values: ReceiptFormValues, options: SubmitOptions) =>
      attempt.unansweredFor(chosen(values, options)),
  };
}
