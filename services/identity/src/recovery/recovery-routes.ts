import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import {
  CreateRecoveryPhraseResponse,
  RecoverSessionBody,
  RecoverSessionResponse,
  RecoveryPhraseStatusResponse,
} from '@wfm/contracts/identity';
import type { ServiceRoutes } from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';
import { limits } from '../rate-limits.ts';
import { lookupOf } from './recovery-phrase.ts';
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
  const lookupKey = recovery.lookupKeyOf(ctx);
  /** The per-prefix limit counts a keyed hash of the first words, never the words. */
  const prefixTarget = (req: FastifyRequest): string | null => {
    const phrase = (req.body as { phrase?: unknown } | undefined)?.phrase;
    return typeof phrase === 'string' ? lookupOf(lookupKey, phrase).toString('base64url') : null;
  };

  app.post(
    '/api/session/recover',
    {
      logLevel: 'warn',
      bodyLimit: 4096,
      onRequest: limits(app, 'recover-ip'),
      // After validation: the body is there and normalized, so the prefix is the one looked up.
      preHandler: limits(app, { target: prefixTarget }, 'recover-prefix'),
      schema: {
        body: RecoverSessionBody,
        response: { 200: RecoverSessionResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req) => recovery.recover(ctx, req.body.phrase),
  );

  app.post(
    '/api/user-profile/recovery-phrase',
    {
      logLevel: 'warn',
      bodyLimit: 1024,
      onRequest: limits(app, 'recovery-phrase-visitor', 'recovery-phrase-ip'),
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
