import { useEffect } from 'react';

/**
 * React hydrates the page inside the shell's Suspense boundary (app-shell.tsx) after the shell, in
 * a pass of its own: the shell's effects run in between. This renders nothing; its effect, run once
 * the page itself is hydrated, calls what app/start.tsx registered (once).
 */
let done: (() => void) | undefined;

export function whenPageHydrated(callback: () => void): void {
  done = callback;
}

export function PageHydrated() {
  useEffect(() => {
    const callback = done;
    done = undefined;
    callback?.();
  }, []);
  return null;
}
