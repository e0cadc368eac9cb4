import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AmaContext } from '../context.ts';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { StaffEmailsQuery, StaffEmailsResponse } from '@wfm/contracts/ama';
import { STAFF_ERRORS } from '../common/common-route-errors.ts';
import { listEmails } from './emails-repository.ts';

/** The mail outbox on the bookings tab: what was sent, or kept when no SMTP server is configured. */
export const emailStaffRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/ama/emails',
    { ...staffOnly(app, 'bookings'), schema: { querystring: StaffEmailsQuery, response: { 200: StaffEmailsResponse, ...STAFF_ERRORS } } },
    async (req) => listEmails(ctx.sql, req.query),
  );
};
