import type { ToastOptions } from '@wfm/ui';
import { isApiError } from '../../lib/api-client.ts';
import { SAVE_USERNAME_TOASTS } from './messages.ts';

/** The toast a failed username save gets, by status (spec 1 §8). A 409 is not an error to the visitor. */
export function saveUsernameErrorToast(error: unknown): ToastOptions {
  if (isApiError(error, 409)) return SAVE_USERNAME_TOASTS.alreadySet;
  const destructive = { variant: 'destructive' } as const;
  if (isApiError(error, 400)) {
    return /inappropriate|profanity/i.test(error.message)
      ? { ...SAVE_USERNAME_TOASTS.inappropriate, ...destructive }
      : { ...SAVE_USERNAME_TOASTS.invalid, ...destructive };
  }
  if (isApiError(error, 429)) return { ...SAVE_USERNAME_TOASTS.rateLimited, ...destructive };
  return { ...SAVE_USERNAME_TOASTS.failed, ...destructive };
}
