import type { FastifyInstance } from 'fastify';
import type { ServiceJobs } from '@wfm/service-kit';
import type { AmaContext } from './common-context.ts';
import { expireHolds } from '../bookings/bookings-service.ts';
import { deliverQueued } from '../emails/emails-service.ts';

export const EXPIRE_HOLDS_JOB = 'ama.expire-holds';
export const SEND_EMAILS_JOB = 'ama.send-emails';

/** How often unpaid holds are looked for; a hold lasts 24 h, so a minute late is nothing. */
export const EXPIRE_HOLDS_EVERY_MS = 60_000;
export const SEND_EMAILS_EVERY_MS = 60_000;

/**
 * The service's background jobs: hold expiry (with waitlist promotion) and mail retries (the kit adds
 * the upload cleanup, ama.upload-cleanup, since the definition stores uploads).
 */
export function amaJobs(app: FastifyInstance, ctx: AmaContext): ServiceJobs {
  return {
    handlers: [
      { name: EXPIRE_HOLDS_JOB, run: async () => expireHolds(app, ctx) },
      { name: SEND_EMAILS_JOB, run: async () => ({ sent: await deliverQueued(app, ctx) }) },
    ],
    repeat: [
      { name: EXPIRE_HOLDS_JOB, everyMs: EXPIRE_HOLDS_EVERY_MS },
      { name: SEND_EMAILS_JOB, everyMs: SEND_EMAILS_EVERY_MS },
    ],
  };
}
