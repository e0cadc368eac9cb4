import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastProps } from './toast.tsx';

/** At most this many toasts are shown; a new toast replaces the oldest. */
export const TOAST_LIMIT = 1;
/** A dismissed toast stays in the store (closed) this long before it is removed. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Auto-dismiss delay of an open toast. */
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];

export type ToastOptions = Omit<ToastProps, 'title' | 'children'> & {
  title?: ReactNode;
  description?: ReactNode;
};

export type ToasterToast = ToastOptions & { id: string };

type State = { toasts: ToasterToast[] };

let counter = 0;
let state: State = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  const targets = state.toasts.filter((t) => id === undefined || t.id === id);
  for (const t of targets) scheduleRemoval(t.id);
  setState({
    toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  });
}

/** Shows a toast (replacing the visible one); returns handles to update or dismiss it. */
export function toast(options: ToastOptions): {
  id: string;
  dismiss: () => void;
  update: (next: ToastOptions) => void;
} {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const entry: ToasterToast = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismissToast(id);
    },
  };
  setState({ toasts: [entry, ...state.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) =>
      setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next, id } : t)) }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): State {
  return state;
}

/** The toasts currently in the store, plus `toast` and `dismiss` (no id: every toast). */
export function useToast(): { toasts: ToasterToast[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
