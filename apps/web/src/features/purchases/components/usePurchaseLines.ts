import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { parseCodeEntry } from '../../counter';
import { lookupProduct } from '../../products';
import {
  addProduct,
  type PurchaseLine,
  type PurchaseLines,
  type PurchaseProduct,
  removeLine,
  updateLine,
} from '../purchase-form';

/**
 * The lines of the purchase being entered. Codes are looked up one after the other in the order
 * they were typed (a scanner may fire faster than the server answers), like the counter's sale;
 * the latest lines live in a ref too, so a lookup finishing later adds to them as they are then.
 * `onAdded` gets the touched line (the form moves the focus to its quantity).
 */
export function usePurchaseLines(
  initial: PurchaseLines,
  {
    onAdded,
    onUnmatched,
  }: { onAdded: (line: PurchaseLine) => void; onUnmatched: (code: string, quantity: number | null) => void },
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState(initial);
  const current = useRef(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const commit = useCallback((next: PurchaseLines) => {
    current.current = next;
    setState(next);
  }, []);

  const add = useCallback(
    (product: PurchaseProduct, quantity: number | null) => {
      const { state: next, index } = addProduct(current.current, product, quantity);
      commit(next);
      setError(null);
      onAdded(next.lines[index]!);
    },
    [commit, onAdded],
  );

  const enter = useCallback(
    (text: string) => {
      const entry = parseCodeEntry(text);
      if (entry.kind === 'empty') return;
      if (entry.kind === 'error') {
        setError(entry.message);
        return;
      }
      setPending((n) => n + 1);
      queue.current = queue.current.then(async () => {
        try {
          const found = await lookupProduct(queryClient, entry.code);
          if (found) add(found.product, entry.quantity ?? found.quantity);
          else {
            setError(es.purchases.form.notFound(entry.code));
            onUnmatched(entry.code, entry.quantity);
          }
        } catch (failure) {
          setError(getErrorMessage(failure));
        } finally {
          setPending((n) => n - 1);
        }
      });
    },
    [add, onUnmatched, queryClient],
  );

  return {
    lines: state.lines,
    error,
    clearError: useCallback(() => setError(null), []),
    pending: pending > 0,
    enter,
    add,
    update: useCallback(
      (key: number, change: Partial<Pick<PurchaseLine, 'quantity' | 'unitCost'>>) =>
        commit(updateLine(current.current, key, change)),
      [commit],
    ),
    remove: useCallback((key: number) => commit(removeLine(current.current, key)), [commit]),
  };
}

export type PurchaseLinesState = ReturnType<typeof usePurchaseLines>;
