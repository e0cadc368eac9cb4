import { createPgUploadQuota, createPgUploadStore, type ServiceJobs } from '@wfm/service-kit';
import type { AmaContext } from '../context.ts';
import { expireHolds } from '../bookings/bookings-service.ts';
import { deliverQueued } from '../emails/emails-service.ts';

// The names are the queue's job names (kept as they are in the queue).
export const EXPIRE_HOLDS_TASK = 'ama.expire-holds';
export const SEND_EMAILS_TASK = 'ama.send-emails';
export const UPLOAD_CLEANUP_TASK = 'ama.upload-cleanup';

/** How often unpaid holds are looked for; a hold lasts 24 h, so a minute late is nothing. */
export const EXPIRE_HOLDS_EVERY_MS = 60_000;
export const SEND_EMAILS_EVERY_MS = 60_000;

/** The service's background tasks: hold expiry (with waitlist promotion), mail retries and upload cleanup. */
export function amaTasks(ctx: AmaContext): ServiceJobs {
  return {
    handlers: [
      { name: EXPIRE_HOLDS_TASK, run: async () => expireHolds(ctx) },
      { name: SEND_EMAILS_TASK, run: async () => ({ sent: await deliverQueued(ctx) }) },
      {
        // Receipts of deleted bookings and replaced session images, once past the grace period.
        name: UPLOAD_CLEANUP_TASK,
        run: async () => {
          const store = createPgUploadStore(ctx.sql);
          const deleted = await store.deleteUnreferenced(ctx.now() - ctx.uploadSettings.cleanupGraceMs, 500);
          return { deleted, quotaRowsPruned: await createPgUploadQuota(ctx.sql).prune() };
        },
      },
    ],
    repeat: [
      { name: EXPIRE_HOLDS_TASK, everyMs: EXPIRE_HOLDS_EVERY_MS },
      { name: SEND_EMAILS_TASK, everyMs: SEND_EMAILS_EVERY_MS },
      { name: UPLOAD_CLEANUP_TASK, everyMs: ctx.uploadSettings.cleanupEveryMs },
    ],
  };
}
