import { type ComponentType, lazy, Suspense } from 'react';
import { loadOrReloadOnce } from './chunk-reload';

/**
 * A dialog whose code loads when it is first shown: a list that offers a dialog per row (the
 * receipt actions) does not load and run the dialogs' forms, schemas and inputs to draw the rows.
 * Until the code is there the dialog shows nothing; its open and close transitions are its own.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(() => loadOrReloadOnce(load).then((Component) => ({ default: Component })));
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
