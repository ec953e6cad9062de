import { type HTMLAttributes, useRef } from 'react';
import { useArming } from './use-mount-on-click';

/**
 * For a Mantine field with a dropdown (Select, DatePickerInput) mounted on its first use instead of
 * with the page: each floating element mounting re-renders synchronously inside the commit's task
 * and pulls the commit's effects into it (see `use-mount-on-click.ts`). Until armed, render a
 * look-alike of the field's closed state with `triggerProps`; once armed, the real field with
 * `target` on its input. Armed by a click (the real field then takes the focus and the click, so
 * its dropdown opens as if it had been there) or by a focus that no pointer started (Tab: the real
 * field takes the focus, so the next key opens it). A mouse's press focuses the look-alike first;
 * that focus is left alone, or the click would land on an element already replaced.
 */
export function useMountOnUse<T extends HTMLElement>() {
  const { armed, arm, target } = useArming<T>();
  const pressed = useRef(false);
  const triggerProps: HTMLAttributes<HTMLElement> = armed
    ? {}
    : {
        onPointerDown: () => {
          pressed.current = true;
        },
        onFocus: () => {
          if (!pressed.current) arm('focus');
        },
        onBlur: () => {
          pressed.current = false;
        },
        onClick: () => arm('click'),
      };
  return { armed: armed !== false, target, triggerProps };
}
