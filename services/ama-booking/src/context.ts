import type { ServiceContext } from '@wfm/service-kit';
import type { MailCap } from './emails/emails-cap.ts';
import type { Mailer } from './emails/emails-mailer.ts';
import type { AmaEnv } from './env.ts';
import type { AmaUploads } from './uploads/uploads-storage.ts';

/**
 * The ama-booking service's context: the kit's (its clock is the one every rule reads: display
 * status, holds, deadlines), plus the mail transport and the upload module every area shares, built
 * once in the definition's `context` (app.ts). Tests replace the mailer:
 * `buildTestService(service, { now: clock.now, context: { mailer } })`.
 */
export interface AmaContext extends ServiceContext {
  /** The environment as parsed at boot with amaEnvSchema (SMTP_URL, MAIL_FROM). */
  readonly env: AmaEnv;
  /** The SMTP transport SMTP_URL gives; null without one (mails are kept for staff). */
  readonly mailer: Mailer;
  /** The daily cap of booking mails per recipient address (AMA_MAILS_PER_ADDRESS_DAY). */
  readonly mailCap: MailCap;
  /** Receipts (private) and session images (public) on the kit's upload module. */
  readonly uploads: AmaUploads;
}
