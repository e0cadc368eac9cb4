import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { UploadResponse } from '@wfm/contracts/forum';
import { rateLimited, serveUpload, type ServiceRoutes } from '@wfm/service-kit';
import { FILE_NOT_FOUND, createForumUploads, uploadedFiles } from './uploads-attachments.ts';
import type { ForumContext } from '../context.ts';

export const uploadsRoutes: ServiceRoutes<ForumContext> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const uploads = createForumUploads({ sql: app.sql, settings: app.uploadSettings });

  app.post(
    '/api/upload',
    {
      onRequest: rateLimited(app, 'upload'),
      schema: { response: { 201: UploadResponse, 400: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse } },
    },
    async (req, reply) => reply.code(201).send({ files: uploadedFiles(await uploads.attachments.receive(req, reply)) }),
  );

  app.get(
    '/uploads/:name',
    { onRequest: rateLimited(app, 'upload-read'), schema: { params: z.object({ name: z.string() }) } },
    async (req, reply) =>
      serveUpload(req, reply, uploads.store, req.params.name, { notFoundMessage: FILE_NOT_FOUND }),
  );
};
