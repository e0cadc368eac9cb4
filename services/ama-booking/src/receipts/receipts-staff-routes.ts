import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serveUpload, staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { ReceiptIdParams, ReceiptValidationBody, SessionIdParams, StaffReceipt, StaffReceiptsResponse } from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { STAFF_ERRORS } from '../common/common-route-errors.ts';
import { FILE_NOT_FOUND } from '../uploads/uploads-storage.ts';
import { listReceipts, receiptFileName, validateReceipt } from './receipts-service.ts';

/** Receipts for staff: the list, validation and the private file itself. */
export const receiptStaffRoutes: ServiceRoutes<AmaContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/ama/sessions/:id/receipts',
    { ...staffOnly(app, 'receipts'), schema: { params: SessionIdParams, response: { 200: StaffReceiptsResponse, ...STAFF_ERRORS } } },
    async (req) => listReceipts(ctx, req.params.id),
  );

  app.patch(
    '/api/admin/ama/receipts/:id/validation',
    {
      ...staffOnly(app, 'receipts'),
      schema: { params: ReceiptIdParams, body: ReceiptValidationBody, response: { 200: StaffReceipt, ...STAFF_ERRORS } },
    },
    async (req) => validateReceipt(ctx, req.staff!, req.params.id, req.body),
  );

  app.get(
    '/api/admin/ama/receipts/:id/file',
    { ...staffOnly(app, 'receipts'), schema: { params: ReceiptIdParams } },
    async (req, reply) =>
      serveUpload(req, reply, ctx.uploads.store, await receiptFileName(ctx, req.params.id), { notFoundMessage: FILE_NOT_FOUND }),
  );
};
