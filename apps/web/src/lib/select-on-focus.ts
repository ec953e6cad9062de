import type { FocusEvent, MouseEvent } from 'react';

type InputHandlers = {
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onMouseUp?: (event: MouseEvent<HTMLInputElement>) => void;
};

// Fields focused and not yet released by the mouse (kept outside React: a re-render in between
// must not forget it).
const justFocused = new WeakSet<HTMLInputElement>();

/**
 * Entering the field selects its text, so what is typed replaces it ("3" over a 1 is 3, not 13)
 * whether the field was reached by Tab or by a click. A click places the caret on mouse-up,
 * which would undo the selection, so the mouse-up right after focusing is cancelled.
 */
export function selectOnFocus<P extends InputHandlers>(props: P = {} as P): P {
  return {
    ...props,
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      props.onFocus?.(event);
      event.currentTarget.select();
      justFocused.add(event.currentTarget);
    },
    onMouseUp: (event: MouseEvent<HTMLInputElement>) => {
      props.onMouseUp?.(event);
      if (justFocused.delete(event.currentTarget)) event.preventDefault();
    },
  };
}
