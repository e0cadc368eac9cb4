import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code is fetched the first time it opens, not with the page (issue 27 item 4: the
 * JavaScript a route loads before it is interactive). Until then it renders nothing, as a closed
 * dialog does, so the server's markup and the hydrating render agree; once opened it stays mounted,
 * so its state and its return of focus on close work as before.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
