import type { CreateReceiptResponse } from '@mostrador/shared';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { ReceiptPrefill } from '../receipt-form';

// The form (pickers, selects, rules) is fetched on first use, or shortly after the page shows,
// so the receipt list itself loads less JavaScript.
const loadModal = () => import('./CreateReceiptModal');
const CreateReceiptModal = lazy(async () => ({ default: (await loadModal()).CreateReceiptModal }));

/**
 * Opens 'Nueva Remisión' from any page: render `modal` once, call `open()` (or `open(prefill)`
 * with the assistant's receipt). Opening again while open restarts the form from the new prefill.
 */
export function useCreateReceiptModal(options: { onCreated?: (receipt: CreateReceiptResponse) => void } = {}) {
  const [state, setState] = useState<{ opened: boolean; prefill: ReceiptPrefill | null; version: number }>({
    opened: false,
    prefill: null,
    version: 0,
  });
  const open = useCallback(
    (prefill?: ReceiptPrefill | null) =>
      setState((s) => ({ opened: true, prefill: prefill ?? null, version: s.version + 1 })),
    [],
  );
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);

  useEffect(() => {
    const timer = setTimeout(() => void loadModal(), 1500);
    return () => clearTimeout(timer);
  }, []);

  const modal =
    state.version > 0 ? (
      <Suspense fallback={null}>
        <CreateReceiptModal
          key={state.version}
          opened={state.opened}
          prefill={state.prefill}
          onClose={close}
          onCreated={options.onCreated}
        />
      </Suspense>
    ) : null;
  return { open, close, opened: state.opened, modal };
}
