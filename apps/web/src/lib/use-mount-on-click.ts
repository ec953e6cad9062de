import { type ButtonHTMLAttributes, useEffect, useRef, useState } from 'react';

/**
 * For a Mantine Menu (or Popover) mounted on its button's first click instead of with the page:
 * each floating element re-renders synchronously right after it mounts, inside the commit's task,
 * and pulls the commit's effects into that task too; on a phone a screen's first commit with a few
 * of them was its longest task. Until armed, render the plain button with `buttonProps`; once armed,
 * the same button inside the Menu: it is a new element, so it takes the focus and the click the
 * old one received, and the menu opens as if it had been there all along.
 */
export function useMountOnClick<T extends HTMLElement>() {
  const { armed, arm, target } = useArming<T>();
  // What Menu.Target says of its button, said before it is armed too.
  const buttonProps: ButtonHTMLAttributes<T> = armed
    ? {}
    : { 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: () => arm('click') };
  return { armed: armed !== false, target, buttonProps };
}

/**
 * The arming both hooks share: once armed, the real element (`target`) takes the focus, and on
 * 'click' also the click the look-alike received.
 */
export function useArming<T extends HTMLElement>() {
  const [armed, arm] = useState<false | 'focus' | 'click'>(false);
  const target = useRef<T>(null);
  useEffect(() => {
    if (!armed) return;
    target.current?.focus();
    if (armed === 'click') target.current?.click();
  }, [armed]);
  return { armed, arm, target };
}
