import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import {
  BookingCountQuery,
  BookingCountResponse,
  BookingLookupResponse,
  BookingReferenceParams,
  CreateBookingBody,
  CreateBookingResponse,
  JoinWaitlistResponse,
  SessionIdParams,
} from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { ErrorResponse, PUBLIC_ERRORS } from '../common/common-route-errors.ts';
import * as bookings from './bookings-service.ts';
import { bookingAddress } from './bookings-address-share.ts';

const WRITE_ERRORS = { ...PUBLIC_ERRORS, 401: ErrorResponse, 409: ErrorResponse } as const;

/** Booking, counts, the waitlist, lookup by reference and the calendar file. */
export const bookingRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/ama/sessions/:id/bookings/count',
    { schema: { params: SessionIdParams, querystring: BookingCountQuery, response: { 200: BookingCountResponse, ...PUBLIC_ERRORS } } },
    async (req) => bookings.bookingCount(ctx, req.params.id, req.query.status),
  );

  app.post(
    '/api/ama/sessions/:id/book',
    {
      onRequest: rateLimited(app, 'booking'),
      schema: { params: SessionIdParams, body: CreateBookingBody, response: { 201: CreateBookingResponse, ...WRITE_ERRORS } },
    },
    async (req, reply) => {
      const visitor = requireVisitor(req);
      return reply.code(201).send(await bookings.createBooking(ctx, req.params.id, req.body, visitor, bookingAddress(req.ip)));
    },
  );

  app.post(
    '/api/ama/sessions/:id/waitlist',
    {
      onRequest: rateLimited(app, 'booking'),
      schema: { params: SessionIdParams, body: CreateBookingBody, response: { 201: JoinWaitlistResponse, ...WRITE_ERRORS } },
    },
    async (req, reply) => {
      const visitor = requireVisitor(req);
      return reply.code(201).send(await bookings.joinWaitlist(ctx, req.params.id, req.body, visitor, bookingAddress(req.ip)));
    },
  );

  app.get(
    '/api/ama/bookings/status/:reference',
    {
      onRequest: rateLimited(app, 'lookup'),
      // The reference is the key to personal data: keep it out of the access log.
      logLevel: 'warn',
      schema: { params: BookingReferenceParams, response: { 200: BookingLookupResponse, ...PUBLIC_ERRORS } },
    },
    async (req) => bookings.lookup(ctx, req.params.reference),
  );

  app.get(
    '/api/ama/bookings/:id/calendar.ics',
    {
      onRequest: rateLimited(app, 'lookup'),
      logLevel: 'warn',
      schema: { params: z.object({ id: BookingReferenceParams.shape.reference }), response: { 200: z.string(), 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse } },
    },
    async (req, reply) => {
      const { session, body } = await bookings.calendarFor(ctx, req.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="ama-session-${session.id}.ics"`)
        .send(body);
    },
  );
};
