import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, UploadResponse } from '@wfm/contracts';
import { notFound } from '@wfm/service-kit';
import { writeLimits } from '../rate-limits.ts';
import { findUpload } from '../upload-repository.ts';
import { STORED_NAME, contentDisposition, uploadFiles } from '../upload-service.ts';
import { visitorHash } from '../visitors.ts';

const FILE_NOT_FOUND = 'File not found';

export const uploadRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { sql } = app;
  await app.register(multipart);

  app.post(
    '/api/upload',
    {
      onRequest: writeLimits(app, 'upload'),
      schema: { response: { 201: UploadResponse, 400: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse } },
    },
    async (req, reply) => reply.code(201).send({ files: await uploadFiles(sql, req, visitorHash(req)) }),
  );

  /**
   * Served names are random and immutable: cached for a year. The type comes from the checked
   * content, nosniff stops browsers guessing another, anything but an image downloads, and the
   * sandbox policy keeps a file opened directly from running anything.
   */
  app.get(
    '/uploads/:name',
    { schema: { params: z.object({ name: z.string() }) } },
    async (req, reply) => {
      const { name } = req.params;
      const file = STORED_NAME.test(name) ? await findUpload(sql, name) : null;
      if (!file) throw notFound(FILE_NOT_FOUND);
      const etag = `"${file.name}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header(
          'content-disposition',
          contentDisposition(file.mimetype.startsWith('image/') ? 'inline' : 'attachment', file.originalName),
        );
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(file.mimetype).send(file.data);
    },
  );
};
