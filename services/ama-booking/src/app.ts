import { fileURLToPath } from 'node:url';
import { serviceEnv, type ServiceDefinition } from '@wfm/service-kit';
import { bookingRoutes } from './bookings/bookings-routes.ts';
import { bookingStaffRoutes } from './bookings/bookings-staff-routes.ts';
import type { AmaContext } from './common/common-context.ts';
import { emailStaffRoutes } from './emails/emails-staff-routes.ts';
import { createMailer, type Mailer } from './emails/emails-mailer.ts';
import { amaEnvSchema } from './env.ts';
import { amaJobs } from './common/common-jobs.ts';
import { mentorRequestRoutes } from './mentor-requests/mentor-requests-routes.ts';
import { mentorRequestStaffRoutes } from './mentor-requests/mentor-requests-staff-routes.ts';
import { mentorRoutes } from './mentors/mentors-routes.ts';
import { mentorStaffRoutes } from './mentors/mentors-staff-routes.ts';
import { notificationRoutes } from './notifications/notifications-routes.ts';
import { subscribeAnswerNotifications } from './notifications/notifications-service.ts';
import { questionRoutes } from './questions/questions-routes.ts';
import { questionStaffRoutes } from './questions/questions-staff-routes.ts';
import { AMA_LIMITS_TABLE } from './rate-limits.ts';
import { receiptRoutes } from './receipts/receipts-routes.ts';
import { receiptStaffRoutes } from './receipts/receipts-staff-routes.ts';
import { sessionRoutes } from './sessions/sessions-routes.ts';
import { sessionStaffRoutes } from './sessions/sessions-staff-routes.ts';
import { createAmaUploads } from './uploads/uploads-storage.ts';

export interface AmaServiceOptions {
  /** The clock every rule reads (display status, holds, deadlines); tests move it. */
  now?: () => number;
  /** A mail transport instead of the one SMTP_URL gives. */
  mailer?: Mailer;
}

/** The ama-booking service: sessions, pricing, bookings, receipts, questions, waitlist, mails and mentors. */
export function createAmaService(opts: AmaServiceOptions = {}): ServiceDefinition {
  const ctx: AmaContext = { now: opts.now ?? Date.now, mailer: opts.mailer ?? null };
  return {
    name: 'ama-booking',
    schema: 'ama',
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    env: amaEnvSchema,
    limits: AMA_LIMITS_TABLE,
    // Receipts and session images: the kit's upload tables, multipart parsing and the ama.upload-cleanup job.
    uploads: true,
    routes: async (app) => {
      if (opts.mailer === undefined) {
        const env = serviceEnv(app, amaEnvSchema);
        ctx.mailer = createMailer(env.SMTP_URL, env.MAIL_FROM ?? 'WFM Community AMA <ama@localhost>');
        app.addHook('onClose', async () => ctx.mailer?.close());
      }
      const uploads = createAmaUploads({ sql: app.sql, settings: app.uploadSettings });
      await app.register(sessionRoutes(ctx, uploads));
      await app.register(bookingRoutes(ctx));
      await app.register(receiptRoutes(ctx, uploads));
      await app.register(questionRoutes(ctx));
      await app.register(notificationRoutes(ctx));
      await app.register(sessionStaffRoutes(ctx, uploads));
      await app.register(bookingStaffRoutes(ctx));
      await app.register(receiptStaffRoutes(ctx, uploads));
      await app.register(questionStaffRoutes(ctx));
      await app.register(emailStaffRoutes);
      await app.register(mentorRoutes(ctx));
      await app.register(mentorRequestRoutes(ctx));
      await app.register(mentorStaffRoutes(ctx));
      await app.register(mentorRequestStaffRoutes);
    },
    jobs: (app) => amaJobs(app, ctx),
    onReady: async (app) => {
      const unsubscribe = await subscribeAnswerNotifications(app);
      // The bus may be shared (single-node run): stop this subscription with the app.
      app.addHook('onClose', async () => unsubscribe().catch(() => undefined));
    },
  };
}

export const service: ServiceDefinition = createAmaService();

export default service;
