import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, PositiveIntId } from '@wfm/contracts/shared';
import { CreateStaffBody, StaffDeletedResponse, StaffListResponse, StaffMember, UpdateStaffBody } from '@wfm/contracts/admin';
import type { StaffIdentity } from '@wfm/service-kit';
import { staffOnly } from '@wfm/service-kit';
import { hashSessionId, sessionIdFrom } from '../sessions/sessions-cookie.ts';
import * as staffService from './accounts-service.ts';

const IdParams = z.object({ id: PositiveIntId });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Staff accounts: Super Admin only. */
export const accountsStaffRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { sql } = app;
  const access = staffOnly(app, 'staff');
  // The access hook has run, so the staff identity is there.
  const actor = (request: { staff: StaffIdentity | null }) => request.staff as StaffIdentity;

  app.get(
    '/api/admin/staff',
    { ...access, schema: { response: { 200: StaffListResponse, ...errors } } },
    async () => staffService.listStaff(sql),
  );

  app.post(
    '/api/admin/staff',
    { ...access, schema: { body: CreateStaffBody, response: { 201: StaffMember, ...errors, 409: ErrorResponse } } },
    async (request, reply) => {
      const created = await staffService.createStaff(app, actor(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/admin/staff/:id',
    {
      ...access,
      schema: {
        params: IdParams,
        body: UpdateStaffBody,
        response: { 200: StaffMember, ...errors, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const sessionId = sessionIdFrom(request);
      return staffService.updateStaff(
        app,
        actor(request),
        request.params.id,
        request.body,
        sessionId ? hashSessionId(sessionId) : undefined,
      );
    },
  );

  app.delete(
    '/api/admin/staff/:id',
    {
      ...access,
      schema: { params: IdParams, response: { 200: StaffDeletedResponse, ...errors, 404: ErrorResponse, 409: ErrorResponse } },
    },
    async (request) => {
      await staffService.deleteStaff(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
