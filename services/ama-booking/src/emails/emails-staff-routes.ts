import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '@wfm/service-kit';
import { StaffEmailsQuery, StaffEmailsResponse } from '@wfm/contracts/ama';
import { STAFF_ERRORS } from '../common/common-route-errors.ts';
import { listEmails } from './emails-repository.ts';

/** The mail outbox on the bookings tab: what was sent, or kept when no SMTP server is configured. */
export const emailStaffRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/ama/emails',
    { ...staffOnly(app, 'bookings'), schema: { querystring: StaffEmailsQuery, response: { 200: StaffEmailsResponse, ...STAFF_ERRORS } } },
    async (req) => listEmails(app.sql, req.query),
  );
};
