import type { ToastOptions } from '@wfm/ui';
import { isApiError } from './api-client.ts';

/** The server's `message` of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.serverMessage : undefined;
}

/** A destructive toast titled `title` showing the server's message, else `fallback` (spec 1 §8). */
export function errorToast(title: string, error: unknown, fallback: string): ToastOptions {
  return { variant: 'destructive', title, description: serverMessage(error) ?? fallback };
}
