import { useCallback, useRef, useState } from 'react';
import { closeOpen, type DialogTurns, NO_DIALOG, show, showInTurn } from '../dialog-turns';

/**
 * The counter's open dialog and those waiting their turn (`dialog-turns.ts`). The latest turns live
 * in a ref as well, so a lookup that lands right after a dialog closed sees it closed.
 * `mustWaitFor` must be stable (a module-level function).
 */
export function useDialogTurns<D>(mustWaitFor: (open: D) => boolean) {
  const [turns, setTurns] = useState<DialogTurns<D>>(NO_DIALOG);
  const current = useRef<DialogTurns<D>>(turns);
  const change = useCallback((next: (turns: DialogTurns<D>) => DialogTurns<D>) => {
    current.current = next(current.current);
    setTurns(current.current);
  }, []);
  return {
    dialog: turns.open,
    /** In place of whatever is open. */
    show: useCallback((dialog: D) => change((t) => show(t, dialog)), [change]),
    /** A lookup's dialog: at once, or after the dialogs it must not replace. */
    showInTurn: useCallback((dialog: D) => change((t) => showInTurn(t, dialog, mustWaitFor)), [change, mustWaitFor]),
    /** The open dialog closes; the next one waiting opens. */
    close: useCallback(() => change(closeOpen), [change]),
    /** Every dialog closes, the waiting ones too (the sale is over). */
    closeAll: useCallback(() => change(() => NO_DIALOG), [change]),
    /** The open dialog changed in place (keys typed ahead into its search). */
    edit: useCallback(
      (edit: (open: D) => D) => change((t) => (t.open === null ? t : { ...t, open: edit(t.open) })),
      [change],
    ),
  };
}
