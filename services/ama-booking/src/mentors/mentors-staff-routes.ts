import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { DeleteMentorResponse, MentorIdParams, MentorStatusBody, StaffMentor, StaffMentorsQuery, StaffMentorsResponse } from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { ErrorResponse, STAFF_ERRORS } from '../common/common-route-errors.ts';
import * as mentors from './mentors-service.ts';

/** Staff calls on mentor applications (right "mentors": Moderator and up); every change is audited. */
export const mentorStaffRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/mentors',
    { ...staffOnly(app, 'mentors'), schema: { querystring: StaffMentorsQuery, response: { 200: StaffMentorsResponse, ...STAFF_ERRORS } } },
    async (req) => mentors.listStaffMentors(ctx, req.query),
  );

  app.put(
    '/api/admin/mentors/:id/status',
    {
      ...staffOnly(app, 'mentors'),
      schema: { params: MentorIdParams, body: MentorStatusBody, response: { 200: StaffMentor, 409: ErrorResponse, ...STAFF_ERRORS } },
    },
    async (req) => mentors.changeStatus(ctx, req.staff!, req.params.id, req.body.status),
  );

  app.delete(
    '/api/admin/mentors/:id',
    { ...staffOnly(app, 'mentors'), schema: { params: MentorIdParams, response: { 200: DeleteMentorResponse, ...STAFF_ERRORS } } },
    async (req) => mentors.deleteMentor(ctx, req.staff!, req.params.id),
  );
};
