import { z } from 'zod';
import { serviceEnvSchema } from '@wfm/service-kit';

const positiveInt = (fallback: number, max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(max).default(fallback));

/**
 * SMTP_URL (smtp:// or smtps://, credentials in the URL): mails go out through it; unset, they are
 * kept in the emails table that staff read on the bookings tab, so one node needs no mail server.
 */
export const amaEnvSchema = serviceEnvSchema.extend({
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('WFM Community AMA <ama@localhost>'),
  /**
   * The share of a session's seats one client address may hold pending payment: the larger of
   * AMA_SEAT_SHARE_MIN seats and AMA_SEAT_SHARE_PERCENT % of max_participants (rounded up), times
   * RATE_LIMIT_SCALE; an IPv6 /48 may hold AMA_SEAT_SHARE_NETWORK_FACTOR times that.
   */
  AMA_SEAT_SHARE_PERCENT: positiveInt(20, 100),
  AMA_SEAT_SHARE_MIN: positiveInt(3, 500),
  AMA_SEAT_SHARE_NETWORK_FACTOR: positiveInt(2, 100),
  /** Booking mails one recipient address (normalised) gets per day; later ones are kept for staff, not sent. */
  AMA_MAILS_PER_ADDRESS_DAY: positiveInt(10, 10_000),
});

export type AmaEnv = z.infer<typeof amaEnvSchema>;
