import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  AdminUserProfile,
  AdminUserProfileId,
  AdminUserProfileListQuery,
  AdminUserProfileListResponse,
  UpdateUserProfileBody,
} from '@wfm/contracts/identity';
import type { ServiceRoutes, StaffIdentity } from '@wfm/service-kit';
import * as staffProfiles from './visitors-staff-service.ts';
import { staffOnly } from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/** Staff views of visitors' profiles (Moderator and up). */
export const visitorsStaffRoutes: ServiceRoutes<IdentityContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const access = staffOnly(app, 'user-profiles');

  app.get(
    '/api/admin/user-profiles',
    { ...access, schema: { querystring: AdminUserProfileListQuery, response: { 200: AdminUserProfileListResponse, ...errors } } },
    async (request) => staffProfiles.listProfiles(ctx, request.query.limit, request.query.offset),
  );

  app.put(
    '/api/admin/user-profiles/:id',
    {
      ...access,
      schema: {
        params: z.object({ id: AdminUserProfileId }),
        body: UpdateUserProfileBody,
        response: { 200: AdminUserProfile, ...errors, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    // The access hook has run, so the staff identity is there.
    async (request) =>
      staffProfiles.renameProfile(ctx, request.staff as StaffIdentity, request.params.id, request.body.username),
  );
};
