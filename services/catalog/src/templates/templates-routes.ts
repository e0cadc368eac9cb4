import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  CreateTemplateBody,
  ListTemplatesQuery,
  ListTemplatesResponse,
  CreateTemplateResponse,
  TEMPLATE_MESSAGES,
  TemplateDownloadResponse,
  TemplateFields,
  TemplateIdParams,
} from '@wfm/contracts/catalog';
import { byVisitor, HttpError, rateLimited, serveUpload, type ServiceRoutes } from '@wfm/service-kit';
import { createTemplateUploads } from './templates-uploads.ts';
import * as templatesService from './templates-service.ts';

export const templateRoutes: ServiceRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const uploads = createTemplateUploads({ sql: ctx.sql, settings: ctx.uploadSettings });

  /** File mode: the text fields are checked first (the form's order), then the file's presence and content. */
  async function fromMultipart(req: FastifyRequest, reply: FastifyReply): Promise<templatesService.NewTemplateInput> {
    const fields: Record<string, unknown> = {};
    let file;
    try {
      file = await uploads.receive(req, reply, fields);
    } catch (err) {
      if (err instanceof HttpError && err.message === TEMPLATE_MESSAGES.fileRequired) TemplateFields.parse(fields);
      throw err;
    }
    const parsed = TemplateFields.safeParse(fields);
    if (!parsed.success) {
      await uploads.discard(file.name);
      throw parsed.error;
    }
    return { ...parsed.data, url: null, file: { name: file.name, originalName: file.originalName, size: file.size } };
  }

  app.get(
    '/api/templates',
    { schema: { querystring: ListTemplatesQuery, response: { 200: ListTemplatesResponse, 400: ErrorResponse } } },
    async (req) => templatesService.listTemplates(ctx, req.query),
  );

  app.post(
    '/api/templates',
    {
      onRequest: rateLimited(app, 'template'),
      // JSON (URL Link) or multipart (File Upload): the body is parsed here, by its kind.
      schema: { response: { 201: CreateTemplateResponse, 400: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse } },
    },
    async (req, reply) => {
      const input = req.isMultipart()
        ? await fromMultipart(req, reply)
        : { ...CreateTemplateBody.parse(req.body ?? {}), file: null };
      try {
        const submittedBy = await ctx.identity.acceptAuthorName(req, input.submitted_by);
        const template = await templatesService.createTemplate(ctx, { ...input, submitted_by: submittedBy }, req.visitor?.hash ?? null, byVisitor(req));
        return await reply.code(201).send(template);
      } catch (err) {
        if (input.file) await uploads.discard(input.file.name);
        throw err;
      }
    },
  );

  app.post(
    '/api/templates/:id/download',
    {
      onRequest: rateLimited(app, 'download'),
      schema: { params: TemplateIdParams, response: { 200: TemplateDownloadResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse } },
    },
    async (req) => templatesService.download(ctx, req.params.id),
  );

  app.get(
    '/api/templates/:id/file',
    { onRequest: rateLimited(app, 'template-file'), schema: { params: TemplateIdParams } },
    // Always an attachment (the kit serves only images inline), with nosniff and a sandbox policy.
    async (req, reply) =>
      serveUpload(req, reply, uploads.store, await templatesService.storedFileOf(ctx, req.params.id), {
        notFoundMessage: TEMPLATE_MESSAGES.notFound,
      }),
  );
};
