import { useSyncExternalStore } from 'react';
import { useHydrated } from './use-hydrated.ts';

const WIDE = () => true;

/**
 * Whether the viewport is at least `px` wide; true where matchMedia is unavailable, on the server,
 * and while React hydrates the server's markup (made wide). The real width is read once the page
 * is hydrated (useHydrated's transition): read during hydration, a phone's narrower width
 * re-rendered the shell synchronously, and through it forced the whole page to hydrate in one
 * long task (issue 27).
 */
export function useMinWidth(px: number): boolean {
  const query = `(min-width: ${px}px)`;
  const hydrated = useHydrated();
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    hydrated ? () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true) : WIDE,
    WIDE,
  );
}
