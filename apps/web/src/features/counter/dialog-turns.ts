// Which dialog the counter shows, and the ones waiting their turn. A scan's lookup may open a
// dialog (a weight or a price to type, a code that found nothing) while another scan's dialog is
// still open: replacing that one would drop its line without a word, so the new one waits and opens
// when the open one closes, in scan order. No React here, so the rule is unit-tested directly.

export interface DialogTurns<D> {
  open: D | null;
  /** Opened in this order, each when the one before it closes. */
  waiting: readonly D[];
}

export const NO_DIALOG: DialogTurns<never> = { open: null, waiting: [] };

/** Shown at once, in place of whatever is open (a key pressed by the cashier, a step of a flow). */
export function show<D>(turns: DialogTurns<D>, next: D): DialogTurns<D> {
  return { ...turns, open: next };
}

/** Shown at once unless the open dialog is one it must not replace: then it waits its turn. */
export function showInTurn<D>(turns: DialogTurns<D>, next: D, mustWaitFor: (open: D) => boolean): DialogTurns<D> {
  if (turns.open !== null && mustWaitFor(turns.open)) return { ...turns, waiting: [...turns.waiting, next] };
  return show(turns, next);
}

/** The open dialog closed: the first one waiting opens. */
export function closeOpen<D>(turns: DialogTurns<D>): DialogTurns<D> {
  const [next = null, ...rest] = turns.waiting;
  return { open: next, waiting: rest };
}
