import { fileURLToPath } from 'node:url';
import { suspendAuthorRoutes, type ServiceDefinition } from '@wfm/service-kit';
import { bookingAuthorHash, mentorThreadAuthorHash, questionAuthorHash } from './suspensions/suspensions-repository.ts';
import { bookingRoutes } from './bookings/bookings-routes.ts';
import { bookingStaffRoutes } from './bookings/bookings-staff-routes.ts';
import type { AmaContext } from './context.ts';
import { emailStaffRoutes } from './emails/emails-staff-routes.ts';
import { createMailCap } from './emails/emails-cap.ts';
import { createMailer } from './emails/emails-mailer.ts';
import { amaEnvSchema, type AmaEnv } from './env.ts';
import { amaTasks } from './common/common-tasks.ts';
import { mentorRequestRoutes } from './mentor-requests/mentor-requests-routes.ts';
import { mentorRequestStaffRoutes } from './mentor-requests/mentor-requests-staff-routes.ts';
import { mentorRoutes } from './mentors/mentors-routes.ts';
import { mentorStaffRoutes } from './mentors/mentors-staff-routes.ts';
import { notificationRoutes } from './notifications/notifications-routes.ts';
import { subscribeAnswerNotifications } from './notifications/notifications-service.ts';
import { questionRoutes } from './questions/questions-routes.ts';
import { questionStaffRoutes } from './questions/questions-staff-routes.ts';
import { AMA_LIMITS_TABLE } from './rate-limits.ts';
import { amaVisitorDataRoutes } from './visitor-data/visitor-data-routes.ts';
import { receiptRoutes } from './receipts/receipts-routes.ts';
import { receiptStaffRoutes } from './receipts/receipts-staff-routes.ts';
import { sessionRoutes } from './sessions/sessions-routes.ts';
import { sessionStaffRoutes } from './sessions/sessions-staff-routes.ts';
import { createAmaUploads } from './uploads/uploads-storage.ts';

/** The ama-booking service: sessions, pricing, bookings, receipts, questions, waitlist, mails and mentors. */
export const service: ServiceDefinition<AmaContext> = {
  name: 'ama-booking',
  schema: 'ama',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: amaEnvSchema,
  limits: AMA_LIMITS_TABLE,
  // Receipts and session images: the kit's upload tables, multipart parsing and the ama.upload-cleanup task.
  uploads: true,
  context: (base, app) => {
    // Parsed at boot with this definition's env schema.
    const env = base.env as AmaEnv;
    const mailer = createMailer(env.SMTP_URL, env.MAIL_FROM);
    app.addHook('onClose', async () => mailer?.close());
    const mailCap = createMailCap({ perDay: env.AMA_MAILS_PER_ADDRESS_DAY, redis: base.redis, settings: base.rateLimitSettings, log: base.log });
    return { ...base, env, mailer, mailCap, uploads: createAmaUploads({ sql: base.sql, settings: base.uploadSettings }) };
  },
  routes: [
    sessionRoutes,
    bookingRoutes,
    receiptRoutes,
    questionRoutes,
    notificationRoutes,
    sessionStaffRoutes,
    bookingStaffRoutes,
    receiptStaffRoutes,
    questionStaffRoutes,
    emailStaffRoutes,
    mentorRoutes,
    mentorRequestRoutes,
    mentorStaffRoutes,
    mentorRequestStaffRoutes,
    // Staff suspend the asker of a question, the visitor of a booking or the opener of a mentor thread.
    suspendAuthorRoutes({
      '/api/admin/ama/questions/:id/suspend-author': { type: 'question', authorHashOf: questionAuthorHash },
      '/api/admin/ama/bookings/:id/suspend-author': { type: 'booking', authorHashOf: bookingAuthorHash },
      '/api/admin/mentors/requests/:id/suspend-author': { type: 'mentor-request', authorHashOf: mentorThreadAuthorHash },
    }),
    amaVisitorDataRoutes,
  ],
  tasks: (ctx) => amaTasks(ctx),
  onReady: async (app, ctx) => {
    const unsubscribe = await subscribeAnswerNotifications(ctx);
    // The bus may be shared (single-node run): stop this subscription with the app.
    app.addHook('onClose', async () => unsubscribe().catch(() => undefined));
  },
};

export default service;
