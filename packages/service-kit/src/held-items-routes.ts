import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminHeldActionResponse,
  AdminHeldListQuery,
  AdminHeldListResponse,
  ErrorResponse,
  HeldItemParams,
  type HeldService,
} from '@wfm/contracts/shared';
import type { ServiceRoutes } from './context.ts';
import { decideHeld, listHeld, type HeldKinds } from './held-items.ts';
import { staffOnly } from './staff-routes-access.ts';

const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;

/**
 * The staff review of a service's held-for-review queue, under /api/admin/held/<service> (the
 * gateway routes each service's path to it): the list, release and delete. Moderators and up
 * (the `reports` right: the moderation queue).
 */
export function heldItemsRoutes(service: HeldService, kinds: HeldKinds): ServiceRoutes {
  const base = `/api/admin/held/${service}`;
  return async (scope, ctx) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.get(
      base,
      { ...staffOnly(app, 'reports'), schema: { querystring: AdminHeldListQuery, response: { 200: AdminHeldListResponse, ...STAFF_ERRORS } } },
      async (req) => listHeld(ctx.sql, req.query),
    );
    for (const decision of ['release', 'delete'] as const) {
      app.post(
        `${base}/:id/${decision}`,
        {
          ...staffOnly(app, 'reports'),
          schema: {
            params: HeldItemParams,
            response: { 200: AdminHeldActionResponse, 404: ErrorResponse, 409: ErrorResponse, ...STAFF_ERRORS },
          },
        },
        async (req) => decideHeld(ctx, kinds, req.staff!, req.params.id, decision),
      );
    }
  };
}
