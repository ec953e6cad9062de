import {
  businessNowLocalTimestamp,
  type Client,
  type CreateReceiptInput,
  type CreateReceiptResponse,
  type PaymentMethod,
  type PaymentMode,
  pesosToCents,
} from '@mostrador/shared';
import { useState } from 'react';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAttempt } from '../../../lib/use-attempt';
import { handleCreatedPrintResult, printsOnSale, usePrintingSettings } from '../../printing';
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

/** What the cashier chose, which makes it the same sale or another; not the amount received (only the change). */
function chosen(sale: CounterSale, method: PaymentMethod | undefined) {
  return {
    items: sale.lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
    paymentMode: sale.paymentMode,
    // Only a Cash sale has a method; a credit sale's payments come later.
    paymentMethod: sale.paymentMode === 'Cash' ? method : undefined,
    client: sale.client?.id ?? null,
  };
}

/**
 * Sends the counter's sale: items without a price (the server applies the product's price or its
 * wholesale price, the same rule the screen showed), the ticket printed when a printer is set up
 * or the 80 mm PDF opened when that fallback is on. The sale goes through useAttempt: pressed
 * again after a lost answer, the same sale is the same request (its date and key included), so
 * the server answers with the first receipt instead of selling twice.
 */
export function useCheckout({ sender: create, onSold }: { sender: SaleSender; onSold: (sale: LastSale) => void }) {
  const settings = usePrintingSettings();
  const [error, setError] = useState<string | null>(null);
  const attempt = useAttempt<CreateReceiptInput>();

  const pendingMethod = attempt.pendingBody?.paymentMethod;

  const checkout = (sale: CounterSale, payment: Payment) => {
    if (create.isPending) return;
    const choice = chosen(sale, payment.method);
    const request = attempt.request(choice, () => ({
      ...(sale.client ? { clientId: sale.client.id } : {}),
      paymentMode: sale.paymentMode,
      ...(choice.paymentMethod ? { paymentMethod: choice.paymentMethod } : {}),
      items: choice.items,
      date: businessNowLocalTimestamp(),
      printReceipt: printsOnSale(settings.data),
    }));
    setError(null);
    create.mutate(request, {
      onSuccess: (receipt) => {
        attempt.settle(request);
        notifySuccess(es.counter.sold(receipt.id));
        // The server's total is the one to show (the same rule, but its word is final).
        const totalCents = pesosToCents(receipt.total);
        const change = payment.receivedPesos === null ? 0 : changeCents(payment.receivedPesos, totalCents);
        onSold({ receipt, totalCents, changeCents: change });
        void handleCreatedPrintResult(receipt.printResult);
      },
      onError: (failure) => {
        // No answer: the pay dialog says so in words a cashier can act on, not with a red error.
        if (attempt.settle(request, failure) === 'unanswered') return;
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
  };
}
