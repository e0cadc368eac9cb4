import { lazy, Suspense, useState, type ComponentType } from 'react';

export type LazyDialog<P> = ComponentType<P> & {
  /** Fetches the dialog's code now; a dialog first rendered after it resolves renders at once, without a Suspense pass. */
  preload: () => Promise<void>;
};

/**
 * A dialog whose code is fetched the first time it opens, not with the page (issue 27 item 4: the
 * JavaScript a route loads before it is interactive). Until then it renders nothing, as a closed
 * dialog does, so the server's markup and the hydrating render agree; once opened it stays mounted,
 * so its state and its return of focus on close work as before. A dialog that opens on the page's
 * first render (the terms on /new) is preloaded by its route, so it shows with the page.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const fetch = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Dialog = lazy(async () => ({ default: await fetch() }));
  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    // Chosen once: the same element type from mount on, so nothing remounts when the code arrives.
    const [Ready] = useState(() => loaded);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: async () => void (await fetch()) });
}
