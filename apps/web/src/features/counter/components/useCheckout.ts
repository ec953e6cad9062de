import {
  businessNowLocalTimestamp,
  type Client,
  type CreateReceiptInput,
  type CreateReceiptResponse,
  type PaymentMode,
  pesosToCents,
} from '@mostrador/shared';
import { useRef, useState } from 'react';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { handleCreatedPrintResult, printsOnSale, usePrintingSettings } from '../../printing';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
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

/**
 * Sends the counter's sale: items without a price (the server applies the product's price or its
 * wholesale price, the same rule the screen showed), the ticket printed when a printer is set up
 * or the 80 mm PDF opened when that fallback is on. A retry of the same sale reuses its
 * idempotency key, so a lost answer never sells twice.
 */
export function useCheckout({ sender: create, onSold }: { sender: SaleSender; onSold: (sale: LastSale) => void }) {
  const settings = usePrintingSettings();
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const checkout = (
    sale: { lines: PricedLine[]; paymentMode: PaymentMode; client: Client | null },
    payment: Payment,
  ) => {
    if (create.isPending) return;
    const items = sale.lines.map((line) => ({ productId: line.product.id, quantity: line.quantity }));
    // Only a Cash sale has a method; a credit sale's payments come later.
    const paymentMethod = sale.paymentMode === 'Cash' ? payment.method : undefined;
    const identity = JSON.stringify({
      items,
      paymentMode: sale.paymentMode,
      paymentMethod,
      client: sale.client?.id ?? null,
    });
    if (attempt.current?.body !== identity) attempt.current = { key: newIdempotencyKey(), body: identity };
    setError(null);
    create.mutate(
      {
        idempotencyKey: attempt.current.key,
        body: {
          ...(sale.client ? { clientId: sale.client.id } : {}),
          paymentMode: sale.paymentMode,
          ...(paymentMethod ? { paymentMethod } : {}),
          items,
          date: businessNowLocalTimestamp(),
          printReceipt: printsOnSale(settings.data),
        },
      },
      {
        onSuccess: (receipt) => {
          attempt.current = null;
          notifySuccess(es.counter.sold(receipt.id));
          // The server's total is the one to show (the same rule, but its word is final).
          const totalCents = pesosToCents(receipt.total);
          const change = payment.receivedPesos === null ? 0 : changeCents(payment.receivedPesos, totalCents);
          onSold({ receipt, totalCents, changeCents: change });
          void handleCreatedPrintResult(receipt.printResult);
        },
        onError: (failure) => {
          setError(getErrorMessage(failure));
          notifyFailure(es.counter.failed, failure);
        },
      },
    );
  };

  return { checkout, sending: create.isPending, error, clearError: () => setError(null) };
}
