import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  AddressBlockBody,
  AddressBlockRef,
  AddressBlockView,
  SUSPENSION_MESSAGES,
  SuspensionRef,
  SuspensionsListResponse,
} from '@wfm/contracts/identity';
import {
  addressBlockKey,
  badRequest,
  blockAddress,
  liftSuspension,
  notFound,
  staffOnly,
  unblockAddress,
  type ServiceRoutes,
  type StaffIdentity,
} from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;
const lifted = z.object({ lifted: z.literal(true) });

/**
 * The registry of suspensions and address blocks (Moderator and up). Suspensions are made where the
 * content is (e.g. forum's "suspend the author"); they are listed and lifted here, and address
 * blocks are made here. The decisions are kept in identity's tables (visitor_suspensions,
 * address_blocks), which the list reads; every service's kit holds a copy to check visitor writes.
 */
export const suspensionsStaffRoutes: ServiceRoutes<IdentityContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const access = staffOnly(app, 'suspensions');

  app.get(
    '/api/admin/suspensions',
    { ...access, schema: { response: { 200: SuspensionsListResponse, ...errors } } },
    async () => {
      const [suspensions, blocks] = await Promise.all([ctx.standings.suspensions(), ctx.standings.blocks()]);
      return {
        suspensions: suspensions.sort((a, b) => b.at - a.at),
        blocks: blocks.sort((a, b) => b.at - a.at),
      };
    },
  );

  app.post(
    '/api/admin/suspensions/lift',
    { ...access, schema: { body: SuspensionRef, response: { 200: lifted, ...errors, 404: ErrorResponse } } },
    async (request) => {
      if (!(await liftSuspension(ctx, request.staff as StaffIdentity, request.body))) throw notFound(SUSPENSION_MESSAGES.notFound);
      return { lifted: true as const };
    },
  );

  app.post(
    '/api/admin/address-blocks',
    { ...access, schema: { body: AddressBlockBody, response: { 201: AddressBlockView, ...errors } } },
    async (request, reply) => {
      const address = addressBlockKey(request.body.address);
      if (address === null) throw badRequest(SUSPENSION_MESSAGES.badAddress);
      const block = await blockAddress(ctx, request.staff as StaffIdentity, {
        address,
        durationMs: request.body.duration_ms,
        reason: request.body.reason,
      });
      return reply.code(201).send(block);
    },
  );

  app.post(
    '/api/admin/address-blocks/lift',
    { ...access, schema: { body: AddressBlockRef, response: { 200: lifted, ...errors, 404: ErrorResponse } } },
    async (request) => {
      const address = addressBlockKey(request.body.address);
      if (address === null) throw badRequest(SUSPENSION_MESSAGES.badAddress);
      if (!(await unblockAddress(ctx, request.staff as StaffIdentity, address))) throw notFound(SUSPENSION_MESSAGES.blockNotFound);
      return { lifted: true as const };
    },
  );
};
