import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimited, type ServiceRoutes } from '@wfm/service-kit';
import { BookingIdParams, ReceiptUploadResponse } from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { ErrorResponse, PUBLIC_ERRORS } from '../common/common-route-errors.ts';
import { bookingForReceipt, saveReceipt } from './receipts-service.ts';

/** Header (or form field, or query) carrying the booking reference for a visitor on another device. */
export const REFERENCE_HEADER = 'x-booking-reference';

const referenceOf = (req: FastifyRequest): string | undefined => {
  const header = req.headers[REFERENCE_HEADER];
  if (typeof header === 'string') return header;
  const query = (req.query as { reference?: unknown } | undefined)?.reference;
  return typeof query === 'string' ? query : undefined;
};

/** POST /api/ama/bookings/{id}/receipt (multipart: `receipt`, optional `notes`, optional `booking_reference`). */
export const receiptRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/ama/bookings/:id/receipt',
    {
      onRequest: rateLimited(app, 'receipt'),
      schema: {
        params: BookingIdParams,
        response: { 201: ReceiptUploadResponse, 403: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse, ...PUBLIC_ERRORS },
      },
    },
    async (req, reply) => {
      const booking = await bookingForReceipt(ctx, req.params.id);
      const early = referenceOf(req);
      // Neither the owner nor a reference in the header or query: the form may still carry one.
      const fields: Record<string, string> = {};
      const file = await ctx.uploads.receipt(req, reply, (name, value) => {
        if (name === 'notes' || name === 'booking_reference' || name === 'reference') fields[name] = value;
      });
      const reference = early ?? fields.booking_reference ?? fields.reference;
      const receipt = await saveReceipt(ctx, booking, file, { visitor: req.visitor, reference, notes: fields.notes });
      return reply.code(201).send(receipt);
    },
  );
};
