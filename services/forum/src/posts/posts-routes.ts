import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  AcceptAnswerBody,
  AcceptedAnswerResponse,
  PostViewerResponse,
  SimilarPostsQuery,
  SimilarPostsResponse,
  CommentPage,
  CreateCommentBody,
  CreateCommentResponse,
  CreatePostBody,
  CreatePostResponse,
  ListCommentsQuery,
  ListPostsQuery,
  ListPostsResponse,
  PostDetail,
  PostIdParams,
  UpvoteResponse,
} from '@wfm/contracts/forum';
import { byVisitor, rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import type { ForumContext } from '../context.ts';
import * as postsService from './posts-service.ts';
import { FeedListCache } from './posts-list-cache.ts';
import { SummaryJsonCache } from './posts-summary-cache.ts';
import { MIB } from '../env.ts';
import { acceptAuthorName, verifiedVisitorHash, visitorHash } from '../visitors/visitors-request.ts';

/** What Fastify itself sends for the JSON it serializes. */
const JSON_TYPE = 'application/json; charset=utf-8';

export const postsRoutes: ServiceRoutes<ForumContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // This process's JSON text of the posts its feed pages listed, by row version.
  const summaries = new SummaryJsonCache(ctx.env.FORUM_SUMMARY_CACHE_MIB * MIB);
  // The feed lists' order, while the shared list revision stands (none without Redis).
  const lists = ctx.listRevision ? new FeedListCache(ctx.listRevision, ctx.now, ctx.env.FORUM_FEED_LIST_CACHE_MIB * MIB) : null;

  app.post(
    '/api/posts',
    {
      onRequest: rateLimited(app, 'post'),
      schema: {
        body: CreatePostBody,
        response: { 201: CreatePostResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) => {
      const authorName = await acceptAuthorName(ctx, req, req.body);
      return reply.code(201).send(await postsService.createPost(ctx, { ...req.body, author_name: authorName }, visitorHash(req), byVisitor(req)));
    },
  );

  app.get(
    '/api/posts',
    {
      // My Posts puts the visitor's token in the query string; request lines would log it.
      logLevel: 'warn',
      schema: { querystring: ListPostsQuery, response: { 200: ListPostsResponse, 400: ErrorResponse } },
    },
    // The answer is JSON text already (posts-service.ts says why): Fastify sends a string with a JSON
    // type as it is, so the schema documents the answer but does not serialize it again.
    async (req, reply) => {
      const answer = await postsService.listPosts(ctx, req.query, verifiedVisitorHash(app), summaries, lists);
      return reply.type(JSON_TYPE).send(answer as never);
    },
  );

  // Similar questions while a title is typed on /new (issue 16). A static path, so it wins over /api/posts/:id.
  app.get(
    '/api/posts/similar',
    { schema: { querystring: SimilarPostsQuery, response: { 200: SimilarPostsResponse, 400: ErrorResponse } } },
    async (req) => ({ posts: await postsService.similarPosts(ctx, req.query.title) }),
  );

  app.get(
    '/api/posts/:id',
    {
      schema: {
        params: PostIdParams,
        response: { 200: PostDetail, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => postsService.getPost(ctx, req.params.id),
  );

  app.get(
    '/api/posts/:id/comments',
    {
      schema: {
        params: PostIdParams,
        querystring: ListCommentsQuery,
        response: { 200: CommentPage, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => postsService.listPostComments(ctx, req.params.id, req.query),
  );

  app.post(
    '/api/posts/:id/upvote',
    {
      onRequest: rateLimited(app, 'upvote'),
      schema: {
        params: PostIdParams,
        response: { 200: UpvoteResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    // One upvote per post per verified visitor (401 without an issued, unrevoked token).
    async (req) => postsService.upvotePost(ctx, req.params.id, requireVisitor(req).hash),
  );

  // What the caller may do on the post (accept an answer). Per visitor, so the gateway never caches it.
  app.get(
    '/api/posts/:id/viewer',
    {
      schema: {
        params: PostIdParams,
        response: { 200: PostViewerResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => postsService.viewerOf(ctx, req.params.id, visitorHash(req)),
  );

  // Accepted answers (issue 16): the verified visitor who asked the Question marks, changes or clears one.
  app.put(
    '/api/posts/:id/accepted-answer',
    {
      onRequest: rateLimited(app, 'accept'),
      schema: {
        params: PostIdParams,
        body: AcceptAnswerBody,
        response: {
          200: AcceptedAnswerResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (req) => postsService.setAcceptedAnswer(ctx, req.params.id, req.body.comment_id, requireVisitor(req).hash),
  );

  app.delete(
    '/api/posts/:id/accepted-answer',
    {
      onRequest: rateLimited(app, 'accept'),
      schema: {
        params: PostIdParams,
        response: {
          200: AcceptedAnswerResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (req) => postsService.setAcceptedAnswer(ctx, req.params.id, null, requireVisitor(req).hash),
  );

  app.post(
    '/api/comments',
    {
      onRequest: rateLimited(app, 'comment'),
      schema: {
        body: CreateCommentBody,
        response: { 201: CreateCommentResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) => {
      const authorName = await acceptAuthorName(ctx, req, req.body);
      return reply.code(201).send(await postsService.addComment(ctx, { ...req.body, author_name: authorName }, visitorHash(req), byVisitor(req)));
    },
  );
};
