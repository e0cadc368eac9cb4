import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AmaContext } from '../context.ts';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { MentorIdParams, MentorRequestIdParams, MentorThread, StaffMentorRequestsResponse } from '@wfm/contracts/ama';
import { STAFF_ERRORS } from '../common/common-route-errors.ts';
import * as requests from './mentor-requests-service.ts';

/** Staff read a mentor's requests and any thread (right "mentors"); reading changes nothing, so nothing is audited. */
export const mentorRequestStaffRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/mentors/:id/requests',
    { ...staffOnly(app, 'mentors'), schema: { params: MentorIdParams, response: { 200: StaffMentorRequestsResponse, ...STAFF_ERRORS } } },
    async (req) => requests.staffRequestsOf(ctx, req.params.id),
  );

  app.get(
    '/api/admin/mentors/requests/:id',
    { ...staffOnly(app, 'mentors'), schema: { params: MentorRequestIdParams, response: { 200: MentorThread, ...STAFF_ERRORS } } },
    async (req) => requests.staffThread(ctx, req.params.id),
  );
};
