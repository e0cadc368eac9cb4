import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  AddressBlockRecord,
  AddressBlockRef,
  SUSPENSION_MESSAGES,
  SuspensionRecord,
  SuspensionRef,
  SuspensionsListResponse,
} from '@wfm/contracts/identity';
import { notFound, STANDINGS_INTERNAL_PATHS, staffOnly, type ServiceRoutes, type StaffIdentity } from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';
import { pgStandingsSource } from './suspensions-repository.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } as const;
const ok = z.object({ ok: z.literal(true) });
/** `at`: the asking service's clock (epoch ms), which judges what is in force; default identity's. */
const StandingsListQuery = z.object({ at: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });

/**
 * Where every other service's kit keeps and reads suspensions and address blocks (kit
 * suspensions-source.ts): identity's tables. /internal/* is never routed by the gateway. The list is
 * what every replica loads into memory; the writes are signed by the service as the staff member who
 * decided (audited there, in the service that holds the content), so they need the suspensions right.
 */
export const suspensionsRoutes: ServiceRoutes<IdentityContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const access = staffOnly(app, 'suspensions');
  const source = pgStandingsSource(ctx.sql);

  app.get(
    STANDINGS_INTERNAL_PATHS.list,
    { schema: { querystring: StandingsListQuery, response: { 200: SuspensionsListResponse, 400: ErrorResponse } } },
    async (request) => source.load(request.query.at ?? ctx.now()),
  );

  app.post(
    STANDINGS_INTERNAL_PATHS.suspend,
    { ...access, schema: { body: SuspensionRecord, response: { 201: ok, ...errors } } },
    async (request, reply) => {
      await source.suspend(request.body, request.staff as StaffIdentity);
      return reply.code(201).send({ ok: true as const });
    },
  );

  app.post(
    STANDINGS_INTERNAL_PATHS.lift,
    { ...access, schema: { body: SuspensionRef, response: { 200: ok, ...errors, 404: ErrorResponse } } },
    async (request) => {
      if (!(await source.lift(request.body.service, request.body.visitor, request.staff as StaffIdentity))) throw notFound(SUSPENSION_MESSAGES.notFound);
      return { ok: true as const };
    },
  );

  app.post(
    STANDINGS_INTERNAL_PATHS.block,
    { ...access, schema: { body: AddressBlockRecord, response: { 201: ok, ...errors } } },
    async (request, reply) => {
      await source.block(request.body, request.staff as StaffIdentity);
      return reply.code(201).send({ ok: true as const });
    },
  );

  app.post(
    STANDINGS_INTERNAL_PATHS.unblock,
    { ...access, schema: { body: AddressBlockRef, response: { 200: ok, ...errors, 404: ErrorResponse } } },
    async (request) => {
      if (!(await source.unblock(request.body.address, request.staff as StaffIdentity))) throw notFound(SUSPENSION_MESSAGES.blockNotFound);
      return { ok: true as const };
    },
  );
};
