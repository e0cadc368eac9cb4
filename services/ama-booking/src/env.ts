import { z } from 'zod';
import { serviceEnvSchema } from '@wfm/service-kit';

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
});

export type AmaEnv = z.infer<typeof amaEnvSchema>;
