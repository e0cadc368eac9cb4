import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server and while it hydrates the server's markup, true from
 * the render after (and in every render of a page the browser renders itself). What only this
 * visitor's browser knows (their token, their name) waits for it, so the hydrating render makes
 * exactly the server's anonymous markup (no mismatch, which would make React drop the markup).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
