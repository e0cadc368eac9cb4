import { startTransition, useEffect, useState } from 'react';
import type { DateZone } from '../lib/en-us-format.ts';

/**
 * Where this copy of the app renders: on the server (entry-server.tsx), hydrating the server's
 * markup (app/start.tsx, until the page is hydrated), or in a browser that renders the page itself.
 */
let phase: 'server' | 'hydrating' | 'browser' = typeof window === 'undefined' ? 'server' : 'browser';
const waiting = new Set<() => void>();
const afterwards = new Set<() => void>();

/** entry-server.tsx: renders here are the server's (an anonymous visitor's page). */
export function renderingOnServer(): void {
  phase = 'server';
}

/** app/start.tsx, before hydrateRoot: the renders that follow must make the server's markup. */
export function hydrationStarted(): void {
  phase = 'hydrating';
}

/** app/start.tsx, once the page is hydrated: every useHydrated turns true, in one transition. */
export function hydrationFinished(): void {
  if (phase !== 'hydrating') return;
  phase = 'browser';
  const flips = [...waiting];
  waiting.clear();
  startTransition(() => {
    for (const flip of flips) flip();
  });
  const callbacks = [...afterwards];
  afterwards.clear();
  for (const callback of callbacks) callback();
}

/**
 * Runs `callback` once the page is hydrated (app/start.tsx: the page's own effects have run, or its
 * backstop passed), at once when it is not hydrating; returns the function that cancels it. No
 * render: the realtime socket opens with it (lib/realtime-context.tsx).
 */
export function afterHydration(callback: () => void): () => void {
  if (phase !== 'hydrating') {
    callback();
    return () => {};
  }
  afterwards.add(callback);
  return () => {
    afterwards.delete(callback);
  };
}

/**
 * False while React renders on the server and while it hydrates the server's markup, true from
 * the render after (and in every render of a page the browser renders itself). What only this
 * visitor's browser knows (their token, their name) waits for it, so the hydrating render makes
 * exactly the server's anonymous markup (no mismatch, which would make React drop the markup).
 *
 * The turn to true is a transition, once the whole page is hydrated: React renders what changes in
 * slices and yields between them. (A useSyncExternalStore whose server value differs re-renders
 * its components synchronously, inside the hydration's effects: on a phone the feed, the post and
 * the header then re-rendered in one long task right after hydration; issue 27, docs/decisions.md.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => phase === 'browser');
  useEffect(() => {
    if (hydrated) return;
    const flip = () => setHydrated(true);
    if (phase === 'browser') {
      startTransition(flip);
      return;
    }
    waiting.add(flip);
    return () => {
      waiting.delete(flip);
    };
  }, [hydrated]);
  return hydrated;
}

/**
 * The zone a date is written in (lib/en-us-format.ts): UTC while the server renders and the browser
 * hydrates (the server cannot know the visitor's zone; a text that differed is a mismatch, and React
 * drops the page's markup), then the visitor's own.
 */
export function useDateZone(): DateZone {
  return useHydrated() ? 'local' : 'utc';
}
