import { type ComponentType, lazy, Suspense, useState } from 'react';
import { loadOrReloadOnce } from './chunk-reload';

/**
 * A dialog whose code loads when it is first shown: a list that offers a dialog per row (the
 * receipt actions) does not load and run the dialogs' forms, schemas and inputs to draw the rows.
 * A dialog kept mounted while closed (an `opened` prop, false: the counter's supervisor dialog)
 * loads on its first opening, not with the screen, then stays mounted so its close transition
 * plays. Until the code is there the dialog shows nothing; its open and close transitions are its own.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(() => loadOrReloadOnce(load).then((Component) => ({ default: Component })));
  return function LazyDialog(props: P) {
    const opened = 'opened' in props ? Boolean(props.opened) : true;
    const [shown, setShown] = useState(opened);
    // Adjusting state while rendering (React's pattern for state derived from props): the first
    // opening mounts the dialog in the same render.
    if (opened && !shown) setShown(true);
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
