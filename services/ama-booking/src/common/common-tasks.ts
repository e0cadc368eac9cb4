import type { ServiceTasks } from '@wfm/service-kit';
import type { AmaContext } from '../context.ts';
import { expireHolds } from '../bookings/bookings-service.ts';
import { deliverQueued } from '../emails/emails-service.ts';

// The names are the queue's job names (kept as they are in the queue).
export const EXPIRE_HOLDS_TASK = 'ama.expire-holds';
export const SEND_EMAILS_TASK = 'ama.send-emails';

/** How often unpaid holds are looked for; a hold lasts 24 h, so a minute late is nothing. */
export const EXPIRE_HOLDS_EVERY_MS = 60_000;
export const SEND_EMAILS_EVERY_MS = 60_000;

/**
 * The service's background tasks: hold expiry (with waitlist promotion) and mail retries (the kit adds
 * the upload cleanup, ama.upload-cleanup, since the definition stores uploads).
 */
export function amaTasks(ctx: AmaContext): ServiceTasks {
  return {
    handlers: [
      { name: EXPIRE_HOLDS_TASK, run: async () => expireHolds(ctx) },
      { name: SEND_EMAILS_TASK, run: async () => ({ sent: await deliverQueued(ctx) }) },
    ],
    repeat: [
      { name: EXPIRE_HOLDS_TASK, everyMs: EXPIRE_HOLDS_EVERY_MS },
      { name: SEND_EMAILS_TASK, everyMs: SEND_EMAILS_EVERY_MS },
    ],
  };
}
