import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'dark';

const listeners = new Set<() => void>();

/** The stored theme, or the default when nothing valid is stored or storage is unavailable. */
export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Puts the theme class on the document root (Tailwind's `dark` variant keys off it). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage disabled: the choice still applies to this page.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current theme and a toggle; re-renders when it changes here or in another tab. */
export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, readStoredTheme, () => DEFAULT_THEME);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [theme]);
  return { theme, setTheme, toggleTheme };
}

/** Keeps the document root's class in step with the stored theme; call once at the app root. */
export function useDocumentTheme(): void {
  const { theme } = useTheme();
  // Storage, not `theme`: while hydrating, `theme` is the server's default, and applying it would
  // turn a light-theme visitor's page (made light by the boot script) dark until hydration ends.
  useLayoutEffect(() => applyTheme(readStoredTheme()), [theme]);
}
