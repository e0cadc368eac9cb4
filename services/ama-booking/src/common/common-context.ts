import type { Mailer } from '../emails/emails-mailer.ts';

/** What every area of the service shares: the clock (tests move it) and the mail transport. */
export interface AmaContext {
  now(): number;
  mailer: Mailer;
}
