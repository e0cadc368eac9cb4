import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookingIdParams, ReceiptUploadResponse } from '@wfm/contracts/ama';
import { rateLimited } from '@wfm/service-kit';
import type { AmaContext } from '../common/common-context.ts';
import { ErrorResponse, PUBLIC_ERRORS } from '../common/common-route-errors.ts';
import type { AmaUploads } from '../uploads/uploads-storage.ts';
import { uploadReceipt } from './receipts-service.ts';

/** POST /api/ama/bookings/{id}/receipt (multipart: `receipt`, optional `notes`, optional `booking_reference`). */
export function receiptRoutes(ctx: AmaContext, uploads: AmaUploads): FastifyPluginAsync {
  return async (base) => {
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
      async (req, reply) => reply.code(201).send(await uploadReceipt(app, ctx, uploads, req, reply, req.params.id)),
    );
  };
}
