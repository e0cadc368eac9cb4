import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  CreateRecoveryPhraseResponse,
  RECOVERY_MESSAGES,
  RecoverSessionBody,
  RecoverSessionResponse,
  RecoveryPhraseStatusResponse,
} from '@wfm/contracts/identity';
import { rateLimited, type ServiceRoutes } from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';
import * as recovery from './recovery-service.ts';

const anonTokenHeader = (req: FastifyRequest): string | undefined => {
  const value = req.headers['x-anon-token'];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Recovery phrases: make (or rotate) one, ask whether one exists, and restore the visitor on another
 * device. Bodies and answers hold the phrase or a token, so no per-request log lines.
 */
export const recoveryRoutes: ServiceRoutes<IdentityContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/session/recover',
    {
      logLevel: 'warn',
      bodyLimit: 4096,
      onRequest: rateLimited(app, 'recover'),
      // After validation: the body is there and normalized, so the prefix is the one looked up.
      preHandler: rateLimited(app, 'recover-prefix'),
      schema: {
        body: RecoverSessionBody,
        response: { 200: RecoverSessionResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (req, reply) => {
      // A global cap on the scrypt work in flight (per process): the per-address and per-prefix
      // limits do not bound what many addresses together start at once.
      const release = ctx.recoveryLimiter.tryAcquire();
      if (!release) return reply.code(503).header('retry-after', '1').send({ message: RECOVERY_MESSAGES.busy });
      try {
        return await recovery.recover(ctx, req.body.phrase);
      } finally {
        release();
      }
    },
  );

  app.post(
    '/api/user-profile/recovery-phrase',
    {
      logLevel: 'warn',
      bodyLimit: 1024,
      onRequest: rateLimited(app, 'recovery-phrase'),
      schema: {
        response: {
          201: CreateRecoveryPhraseResponse,
          401: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (req, reply) => reply.code(201).send(await recovery.createPhrase(ctx, anonTokenHeader(req))),
  );

  app.get(
    '/api/user-profile/recovery-phrase',
    {
      schema: { response: { 200: RecoveryPhraseStatusResponse, 401: ErrorResponse } },
    },
    async (req) => recovery.phraseStatus(ctx, anonTokenHeader(req)),
  );
};
