import { useSyncExternalStore } from 'react';
import { useHydrated } from '../hooks/use-hydrated.ts';

/** localStorage keys of the visitor's identity (spec 1 §3: each under its own key). */
export const STORAGE_KEYS = { anonToken: 'anon_token', username: 'username' } as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const listeners = new Set<() => void>();

function read(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled (private mode, quota): the value lives only as long as the page.
  }
  for (const listener of listeners) listener();
}

export const storage = {
  getAnonToken: () => read(STORAGE_KEYS.anonToken),
  setAnonToken: (token: string) => write(STORAGE_KEYS.anonToken, token),
  getUsername: () => read(STORAGE_KEYS.username),
  setUsername: (username: string) => write(STORAGE_KEYS.username, username),
  /** Drops the token and the username that went with it (a new session starts without either). */
  forgetVisitorToken: () => {
    write(STORAGE_KEYS.anonToken, null);
    write(STORAGE_KEYS.username, null);
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.username) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const NONE = () => null;

/**
 * The stored username, re-rendering when it changes in this tab or another; none while React
 * hydrates (the server's page is an anonymous visitor's), read once hydrated (use-hydrated.ts).
 */
export function useStoredUsername(): string | null {
  const hydrated = useHydrated();
  return useSyncExternalStore(subscribe, hydrated ? storage.getUsername : NONE, NONE);
}
