import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, PositiveIntId } from '@wfm/contracts/shared';
import { CreateStaffBody, StaffDeletedResponse, StaffListResponse, StaffMember, UpdateStaffBody } from '@wfm/contracts/admin';
import { staffOnly, type ServiceRoutes, type StaffIdentity } from '@wfm/service-kit';
import { hashLoginId, loginIdFrom } from '../logins/logins-cookie.ts';
import * as staffService from './accounts-service.ts';
import type { AdminContext } from '../context.ts';

const IdParams = z.object({ id: PositiveIntId });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Staff accounts: Super Admin only. */
export const accountsStaffRoutes: ServiceRoutes<AdminContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const access = staffOnly(app, 'staff');
  // The access hook has run, so the staff identity is there.
  const actor = (request: { staff: StaffIdentity | null }) => request.staff as StaffIdentity;

  app.get(
    '/api/admin/staff',
    { ...access, schema: { response: { 200: StaffListResponse, ...errors } } },
    async () => staffService.listStaff(ctx),
  );

  app.post(
    '/api/admin/staff',
    { ...access, schema: { body: CreateStaffBody, response: { 201: StaffMember, ...errors, 409: ErrorResponse } } },
    async (request, reply) => {
      const created = await staffService.createStaff(ctx, actor(request), request.body);
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
      const loginId = loginIdFrom(request);
      return staffService.updateStaff(
        ctx,
        actor(request),
        request.params.id,
        request.body,
        loginId ? hashLoginId(loginId) : undefined,
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
      await staffService.deleteStaff(ctx, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
