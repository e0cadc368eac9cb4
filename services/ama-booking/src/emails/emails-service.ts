import type { Db } from '@wfm/service-kit';
import type { AmaContext } from '../context.ts';
import { emailKey } from '../bookings/bookings-email-key.ts';
import * as repo from './emails-repository.ts';

/** Attempts per mail before it is marked failed. */
const MAX_ATTEMPTS = 5;
const BATCH = 50;

/**
 * Writes a mail in the caller's transaction: queued for SMTP when SMTP_URL is set, else kept in the
 * outbox staff read on the bookings tab. Sending happens after commit (deliverQueued), so a mail
 * exists exactly when the change that caused it does. A mail past its address's daily cap
 * (ctx.mailCap) is kept as 'capped' for staff and never sent.
 */
export async function queueEmail(ctx: AmaContext, db: Db, mail: repo.NewEmail): Promise<number> {
  const now = ctx.now();
  return repo.insertEmail(db, mail, await mailDelivery(ctx, mail.to, now), now);
}

/**
 * What becomes of a mail to `to` written now: counts it against the address's daily cap (so call it
 * once per mail, right before writing the mail with repo.insertEmail, as queueEmail does).
 */
export async function mailDelivery(ctx: AmaContext, to: string, now: number): Promise<'capped' | 'queued' | 'kept'> {
  const allowed = await ctx.mailCap.take(emailKey(to), now);
  return !allowed ? 'capped' : ctx.mailer ? 'queued' : 'kept';
}

/** Sends queued mails; answers how many went out. Logs ids and counts only, never addresses. */
export async function deliverQueued(ctx: AmaContext): Promise<number> {
  const mailer = ctx.mailer;
  if (!mailer) return 0;
  let sent = 0;
  await ctx.sql.begin(async (tx) => {
    for (const mail of await repo.claimQueued(tx, BATCH)) {
      const attempts = mail.attempts + 1;
      try {
        await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text });
        await repo.markDelivered(tx, mail.id, 'sent', attempts, ctx.now());
        sent++;
      } catch (err) {
        ctx.log.warn({ emailId: mail.id, attempts, err: (err as Error).message }, 'sending an AMA email failed');
        await repo.markDelivered(tx, mail.id, attempts >= MAX_ATTEMPTS ? 'failed' : 'queued', attempts, ctx.now());
      }
    }
  });
  return sent;
}

/** Sends right after a commit without holding up the answer; the repeatable task retries leftovers. */
export function deliverSoon(ctx: AmaContext): void {
  if (!ctx.mailer) return;
  deliverQueued(ctx).catch((err: unknown) => ctx.log.warn({ err: (err as Error).message }, 'AMA email delivery failed'));
}
