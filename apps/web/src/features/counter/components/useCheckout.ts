import {
  businessNowLocalTimestamp,
  canAuthorize,
  type Client,
  type CreateReceiptInput,
  type CreateReceiptResponse,
  OVER_CREDIT_LIMIT,
  type PaymentMethod,
  type PaymentMode,
  pesosToCents,
  type SupervisorCredentials,
} from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { openConfirm } from '../../../lib/confirm';
import { getErrorMessage, getServerMessage, getStatus } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAttempt } from '../../../lib/use-attempt';
import { useAuth } from '../../auth';
import { handleCreatedPrintResult, printsOnSale, usePrintingSettings } from '../../printing';
import { useSupervisorStep } from '../../supervisors';
import { changeCents, type PricedLine } from '../counter-sale';
import type { Payment } from './PayModal';

/**
 * What sends a sale: receipts' create mutation, handed in by the page (pages compose features;
 * the receipts feature keeps its create call to itself).
 */
export interface SaleSender {
  mutate: (
    variables: { body: CreateReceiptInput; idempotencyKey: string },
    callbacks: { onSuccess: (receipt: CreateReceiptResponse) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

/** The sale just made, shown until the next one: its receipt, total and change. */
export interface LastSale {
  receipt: CreateReceiptResponse;
  totalCents: number;
  changeCents: number;
}

type CounterSale = { lines: PricedLine[]; paymentMode: PaymentMode; client: Client | null };

/** The sale again with an authorisation: a supervisor's credentials, or an Admin's or Manager's own (allowOverLimit). */
type Authorisation = { supervisor: SupervisorCredentials } | { allowOverLimit: true };

/** What the cashier chose, which makes it the same sale or another; not the amount received (only the change). */
function chosen(sale: CounterSale, method: PaymentMethod | undefined) {
  return {
    // A price typed at the counter (a product without one) goes with its line; otherwise the server
    // applies the product's price or its wholesale price, the same rule the screen showed.
    items: sale.lines.map((line) => ({
      productId: line.product.id,
      quantity: line.quantity,
      ...(line.typedPrice === undefined || line.typedPrice === null ? {} : { price: line.typedPrice }),
    })),
    paymentMode: sale.paymentMode,
    // Only a Cash sale has a method; a credit sale's payments come later.
    paymentMethod: sale.paymentMode === 'Cash' ? method : undefined,
    client: sale.client?.id ?? null,
  };
}

/**
 * Sends the counter's sale: items without a price unless one was typed for a product without one
 * (the server applies the product's price or its wholesale price, the same rule the screen showed), the ticket printed when a printer is set up
 * or the 80 mm PDF opened when that fallback is on. The sale goes through useAttempt: pressed
 * again after a lost answer, the same sale is the same request (its date and key included), so
 * the server answers with the first receipt instead of selling twice. A sale that needs a
 * supervisor (a Seller's over the client's credit limit) opens 'Autorización de supervisor' and
 * is sent again with the credentials: a new request (the refused one stored nothing), which a
 * press after a lost answer repeats as it was, credentials included (they are not what makes it
 * the same sale).
 */
export function useCheckout({ sender: create, onSold }: { sender: SaleSender; onSold: (sale: LastSale) => void }) {
  const settings = usePrintingSettings();
  const [error, setError] = useState<string | null>(null);
  const attempt = useAttempt<CreateReceiptInput>();
  const supervisorStep = useSupervisorStep();
  const { role } = useAuth();

  const pendingMethod = attempt.pendingBody?.paymentMethod;

  const checkout = (sale: CounterSale, payment: Payment, authorisation?: Authorisation) => {
    if (create.isPending) return;
    const choice = chosen(sale, payment.method);
    const request = attempt.request(choice, () => ({
      ...authorisation,
      ...(sale.client ? { clientId: sale.client.id } : {}),
      paymentMode: sale.paymentMode,
      ...(choice.paymentMethod ? { paymentMethod: choice.paymentMethod } : {}),
      // In Efectivo, what was handed over: the ticket prints it ('Recibido') and the change.
      ...(payment.receivedPesos !== null && choice.paymentMethod === 'Efectivo'
        ? { received: payment.receivedPesos }
        : {}),
      items: choice.items,
      date: businessNowLocalTimestamp(),
      printReceipt: printsOnSale(settings.data),
    }));
    setError(null);
    create.mutate(request, {
      onSuccess: (receipt) => {
        attempt.settle(request);
        supervisorStep.close();
        notifySuccess(es.counter.sold(receipt.id));
        // The server's total is the one to show (the same rule, but its word is final).
        const totalCents = pesosToCents(receipt.total);
        const change = payment.receivedPesos === null ? 0 : changeCents(payment.receivedPesos, totalCents);
        onSold({ receipt, totalCents, changeCents: change });
        void handleCreatedPrintResult(receipt.printResult);
      },
      onError: (failure) => {
        // No answer: the pay dialog says so in words a cashier can act on, not with a red error.
        if (attempt.settle(request, failure) === 'unanswered') {
          supervisorStep.close();
          return;
        }
        if (supervisorStep.handle(failure, (supervisor) => checkout(sale, payment, { supervisor }))) return;
        // An Admin or Manager selling over the client's limit authorises it themselves.
        const message = getServerMessage(failure);
        if (getStatus(failure) === 409 && message?.startsWith(OVER_CREDIT_LIMIT) && canAuthorize(role)) {
          openConfirm({
            title: es.receipts.create.overLimitTitle,
            children: `${message} ${es.receipts.create.overLimitQuestion}`,
            labels: { confirm: es.receipts.create.overLimitConfirm, cancel: es.common.cancel },
            onConfirm: () => checkout(sale, payment, { allowOverLimit: true }),
          });
          return;
        }
        setError(getErrorMessage(failure));
        notifyFailure(es.counter.failed, failure);
      },
    });
  };

  return {
    checkout,
    sending: create.isPending,
    error,
    /** The last press got no answer and `sale` is still that sale: pressed again, it is charged once. */
    lostAnswerFor: (sale: CounterSale) => attempt.unansweredFor(chosen(sale, pendingMethod)),
    /** How the sale still waiting for an answer was paid, for the pay dialog to open with. */
    pendingMethod,
    clearError: () => setError(null),
    /** 'Autorización de supervisor', for <SupervisorModal {...checkout.supervisor} />. */
    supervisor: supervisorStep.modal,
  };
}
