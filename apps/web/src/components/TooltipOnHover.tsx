import { Tooltip } from '@mantine/core';
import { type ReactElement, type ReactNode, useState } from 'react';

/**
 * A hover Tooltip on `children` (one element), mounted the first time a mouse enters it instead of
 * with the page: a floating element re-renders synchronously inside the commit that mounts it (see
 * `lib/use-mount-on-click.ts`). Tooltip's `target` mode: the element itself is never replaced, so
 * a click in progress is never lost; shown at once if the mouse is still over it. No tooltip on
 * touch (as Tooltip's default events) nor on focus.
 */
export function TooltipOnHover({ label, children }: { label: ReactNode; children: ReactElement }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return (
    <span
      style={{ display: 'contents' }}
      onPointerEnter={
        target
          ? undefined
          : (event) => {
              const element = event.currentTarget.firstElementChild;
              if (event.pointerType === 'mouse' && element instanceof HTMLElement) setTarget(element);
            }
      }
    >
      {children}
      {target ? <Tooltip target={target} label={label} defaultOpened={target.matches(':hover')} /> : null}
    </span>
  );
}
