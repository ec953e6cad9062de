import type { Product } from '@mostrador/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { lookupProduct } from '../../products';
import {
  addToSale,
  articleCount,
  type CounterSale,
  EMPTY_SALE,
  entryNeeds,
  moveSelection,
  parseCodeEntry,
  priceLine,
  removeSelected,
  saleTotalCents,
  setSelectedLine,
  stepSelected,
} from '../counter-sale';

/** A code that found nothing: the search by name opens with it, and the quantity typed before '*'. */
export interface UnmatchedCode {
  text: string;
  quantity: number | null;
}

/** A product found that needs its weight or its price typed before it becomes a line. */
export interface EntryToComplete {
  product: Product;
  /** What came with it ('3*', a scale label); null: nothing. */
  quantity: number | null;
}

/**
 * The sale being rung up. Codes are looked up one after the other in the order they were entered,
 * so a scanner firing codes faster than the server answers still adds lines in scan order; the
 * latest state lives in a ref as well, so a lookup that finishes later adds to the sale as it is then.
 */
export function useCounterSale({
  onUnmatched,
  onIncomplete,
}: {
  onUnmatched: (code: UnmatchedCode) => void;
  /** A weighed product without its weight, or a product without a price: the counter asks for them. */
  onIncomplete: (entry: EntryToComplete) => void;
}) {
  const queryClient = useQueryClient();
  const [sale, setSale] = useState<CounterSale>(EMPTY_SALE);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const current = useRef(sale);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = useCallback((next: CounterSale) => {
    current.current = next;
    setSale(next);
  }, []);

  const add = useCallback(
    (product: Product, quantity: number | null, typedPrice: number | null = null) => {
      const change = addToSale(current.current, product, quantity, typedPrice);
      update(change.sale);
      setError(change.error);
    },
    [update],
  );

  /** A product found or picked: added at once, or handed to the counter to ask its weight or price. */
  const offer = useCallback(
    (product: Product, quantity: number | null) => {
      const needs = entryNeeds(product, quantity);
      if (needs.weight || needs.price) onIncomplete({ product, quantity });
      else add(product, quantity);
    },
    [add, onIncomplete],
  );

  /** Enter in the code field: the code's product, `3*código`, `0.750*código` or a scale label. */
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
          if (found) offer(found.product, entry.quantity ?? found.quantity);
          else {
            setError(es.counter.notFound(entry.code));
            onUnmatched({ text: entry.code, quantity: entry.quantity });
          }
        } catch (failure) {
          setError(getErrorMessage(failure));
        } finally {
          setPending((n) => n - 1);
        }
      });
    },
    [offer, onUnmatched, queryClient],
  );

  const lines = useMemo(() => sale.lines.map(priceLine), [sale.lines]);
  return {
    lines,
    selected: sale.selected,
    totalCents: saleTotalCents(lines),
    articles: articleCount(sale.lines),
    error,
    clearError: useCallback(() => setError(null), []),
    /** Lookups still on their way. */
    pending: pending > 0,
    enter,
    add,
    offer,
    /** The selected line's quantity (and typed price) as the cashier typed it. */
    setLine: useCallback(
      (quantity: number, typedPrice?: number | null) => {
        const change = setSelectedLine(current.current, quantity, typedPrice);
        update(change.sale);
        setError(change.error);
      },
      [update],
    ),
    select: useCallback((index: number) => update({ ...current.current, selected: index }), [update]),
    move: useCallback((step: 1 | -1) => update(moveSelection(current.current, step)), [update]),
    step: useCallback((step: 1 | -1) => update(stepSelected(current.current, step)), [update]),
    remove: useCallback(() => update(removeSelected(current.current)), [update]),
    reset: useCallback(() => {
      update(EMPTY_SALE);
      setError(null);
    }, [update]),
  };
}

export type CounterSaleState = ReturnType<typeof useCounterSale>;
