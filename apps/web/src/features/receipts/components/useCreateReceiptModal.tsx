import type { CreateReceiptResponse } from '@mostrador/shared';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { ReceiptPrefill } from '../receipt-form';

// The form (pickers, selects, rules) is fetched on first use, or as soon as the user first moves,
// touches or types on the page, so the receipt list itself loads and runs less JavaScript while
// it appears (evaluating the form's code was one of its long tasks on a phone).
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
  /** Opens an empty form, unless the form is already open (then it is kept as it is). */
  const openIfClosed = useCallback(
    () => setState((s) => (s.opened ? s : { opened: true, prefill: null, version: s.version + 1 })),
    [],
  );
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);

  useEffect(() => {
    const events = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
    const load = () => {
      stop();
      void loadModal().catch(() => undefined);
    };
    const stop = () => {
      for (const name of events) window.removeEventListener(name, load);
    };
    for (const name of events) window.addEventListener(name, load, { passive: true });
    return stop;
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
  return { open, openIfClosed, close, opened: state.opened, modal };
}
