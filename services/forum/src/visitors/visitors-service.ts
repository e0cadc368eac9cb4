import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS } from '@wfm/contracts/shared';
import type { Sql } from '@wfm/service-kit';
import { touchVisitor } from './visitors-repository.ts';

/**
 * The forum's view of a visitor is the kit's `request.visitor`: a token identity issued (HMAC tag,
 * not revoked for writes), stored as the kit's keyed per-service hash (`visitor.hash`). Any other
 * x-anon-token is no visitor: reads ignore it, per-visitor writes answer 401 (requireVisitor).
 */

/** The request's verified visitor hash (authorship, uploads, active members), or null. */
export function visitorHash(req: FastifyRequest): Buffer | null {
  return req.visitor?.hash ?? null;
}

/** For a token found elsewhere (the My Posts `anon_token` query): its hash, or null when identity did not issue it. */
export const verifiedVisitorHash =
  (app: FastifyInstance) =>
  (token: string): Buffer | null =>
    app.verifyVisitor(token)?.hash ?? null;

/**
 * The author name to store (no impersonation): `Anonymous` for anonymous writes, else the name
 * the kit's author-name check accepts (own username, Anonymous, or a name no member registered;
 * 400 with a message otherwise, 503 when identity cannot answer).
 */
export async function acceptAuthorName(
  app: FastifyInstance,
  req: FastifyRequest,
  input: { author_name?: string | undefined; isAnonymous?: boolean | undefined },
): Promise<string> {
  if (input.isAnonymous || !input.author_name) return ANONYMOUS;
  return app.identity.acceptAuthorName(req, input.author_name);
}

/** A visitor's row moves forward at most this often, so busy readers cost no writes. */
const RESOLUTION_MS = 5 * 60_000;
/** Visitors remembered per process to skip writes; beyond it the oldest are forgotten. */
const MEMORY = 10_000;

/**
 * Records that a visitor (its keyed hash) made a forum request. Each process remembers when
 * it last wrote a visitor and writes again only after RESOLUTION_MS; the upsert also skips rows
 * another replica moved recently. Writes happen after the response and never fail a request.
 */
export function createActivityRecorder(sql: Sql, logger: FastifyBaseLogger) {
  const lastWritten = new Map<string, number>();
  return (visitorHash: Buffer, now = Date.now()): void => {
    const key = visitorHash.toString('base64');
    const last = lastWritten.get(key);
    if (last !== undefined && now - last < RESOLUTION_MS) return;
    lastWritten.delete(key);
    lastWritten.set(key, now);
    if (lastWritten.size > MEMORY) lastWritten.delete(lastWritten.keys().next().value!);
    touchVisitor(sql, visitorHash, now, RESOLUTION_MS).catch((err: unknown) => logger.warn({ err }, 'recording visitor activity failed'));
  };
}
