import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  AdminRevisionsResponse,
  AuthorDeleteResponse,
  Comment,
  CommentIdParams,
  EditCommentBody,
  EditPostBody,
  PostIdParams,
  PostSummary,
} from '@wfm/contracts/forum';
import { rateLimited, requireVisitor, staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import type { ForumContext } from '../context.ts';
import * as authorService from './author-edits-service.ts';

const WRITE_ERRORS = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
} as const;

/** Issue 26 item 1: the verified author edits or deletes a post or comment; staff read earlier versions. */
export const authorEditsRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/api/posts/:id',
    { onRequest: rateLimited(app, 'edit'), schema: { params: PostIdParams, body: EditPostBody, response: { 200: PostSummary, ...WRITE_ERRORS } } },
    async (req) => authorService.editPost(ctx, req.params.id, req.body, requireVisitor(req).hash),
  );

  app.delete(
    '/api/posts/:id',
    { onRequest: rateLimited(app, 'edit'), schema: { params: PostIdParams, response: { 200: AuthorDeleteResponse, ...WRITE_ERRORS } } },
    async (req) => authorService.deletePost(ctx, req.params.id, requireVisitor(req).hash),
  );

  app.patch(
    '/api/comments/:id',
    { onRequest: rateLimited(app, 'edit'), schema: { params: CommentIdParams, body: EditCommentBody, response: { 200: Comment, ...WRITE_ERRORS } } },
    async (req) => authorService.editComment(ctx, req.params.id, req.body.body, requireVisitor(req).hash),
  );

  app.delete(
    '/api/comments/:id',
    { onRequest: rateLimited(app, 'edit'), schema: { params: CommentIdParams, response: { 200: AuthorDeleteResponse, ...WRITE_ERRORS } } },
    async (req) => authorService.deleteComment(ctx, req.params.id, requireVisitor(req).hash),
  );

  app.get(
    '/api/admin/posts/:id/revisions',
    {
      ...staffOnly(app, 'posts'),
      schema: { params: PostIdParams, response: { 200: AdminRevisionsResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } },
    },
    async (req) => authorService.revisions(ctx, req.params.id),
  );
};
