import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  AUTHOR_NAME_CHECK_PATH,
  AnonToken,
  AuthorNameCheckBody,
  AuthorNameCheckResponse,
  CheckUsernameBody,
  CheckUsernameResponse,
  CreateProfileBody,
  CreateProfileResponse,
  CreateSessionResponse,
  DeleteSessionResponse,
  ProfileCheckResponse,
  UserProfileResponse,
} from '@wfm/contracts/identity';
import * as identity from './visitors-service.ts';
import { rateLimited, requireVisitor, type ServiceRoutes } from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';

/**
 * These URLs carry the visitor's token, and Fastify's request log prints the URL; at warn level the
 * per-request lines are skipped, so the token never reaches a log.
 */
const TOKEN_IN_URL = { logLevel: 'warn' } as const;

const anonTokenHeader = (headers: Record<string, unknown>): string | undefined => {
  const value = headers['x-anon-token'];
  return typeof value === 'string' ? value : undefined;
};

export const visitorsRoutes: ServiceRoutes<IdentityContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  await app.register(async (scope) => {
    // The call has no body, but clients may still send a JSON content type (and Fastify's JSON
    // parser refuses an empty body); whatever is sent is read up to a small limit and ignored.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));

    scope.post(
      '/api/session',
      {
        bodyLimit: 1024,
        onRequest: rateLimited(app, 'session'),
        // A new token spends the address's token budget (not its write budget): beyond it, the kit's
        // gate asks for a proof of work (docs/decisions.md "Proof of work under pressure").
        config: { pressure: 'token' },
        schema: { response: { 200: CreateSessionResponse, 429: ErrorResponse } },
      },
      async () => identity.issueVisitorToken(ctx),
    );

    // "Forget this device": the holder of a token ends it, here and (through the kit) in every service.
    scope.delete(
      '/api/session',
      {
        bodyLimit: 1024,
        onRequest: rateLimited(app, 'session-revoke'),
        schema: { response: { 200: DeleteSessionResponse, 401: ErrorResponse, 429: ErrorResponse } },
      },
      async (req) => identity.revokeVisitorToken(ctx, anonTokenHeader(req.headers)!, requireVisitor(req)),
    );
  });

  // Internal (the gateway routes only /api prefixes): the kit's ctx.identity.acceptAuthorName asks here.
  app.post(
    AUTHOR_NAME_CHECK_PATH,
    {
      logLevel: 'warn',
      schema: { body: AuthorNameCheckBody, response: { 200: AuthorNameCheckResponse, 400: ErrorResponse } },
    },
    async (req) => ({ name: await identity.acceptAuthorName(ctx, req.body.token, req.body.name) }),
  );

  app.get(
    '/api/user-profile/:anonToken',
    {
      ...TOKEN_IN_URL,
      schema: {
        params: z.object({ anonToken: AnonToken }),
        response: { 200: UserProfileResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => identity.getProfile(ctx, req.params.anonToken),
  );

  app.get(
    '/api/user-profile/check/:userId',
    {
      ...TOKEN_IN_URL,
      schema: {
        params: z.object({ userId: AnonToken }),
        response: { 200: ProfileCheckResponse, 400: ErrorResponse },
      },
    },
    async (req) => ({ hasProfile: await identity.hasProfile(ctx, req.params.userId) }),
  );

  app.post(
    '/api/user-profile/check-username',
    {
      onRequest: rateLimited(app, 'check-username'),
      schema: {
        body: CheckUsernameBody,
        response: { 200: CheckUsernameResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req) => ({ available: await identity.isUsernameAvailable(ctx, req.body.username) }),
  );

  app.post(
    '/api/user-profile',
    {
      onRequest: rateLimited(app, 'create-profile'),
      schema: {
        body: CreateProfileBody,
        response: {
          201: CreateProfileResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (req, reply) => {
      const profile = await identity.createProfile(ctx, anonTokenHeader(req.headers), req.body.username);
      return reply.code(201).send(profile);
    },
  );
};
