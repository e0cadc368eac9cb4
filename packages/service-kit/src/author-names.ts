import type { FastifyRequest } from 'fastify';
import {
  AUTHOR_NAME_CHECK_PATH,
  AUTHOR_NAME_MESSAGES,
  AuthorNameCheckResponse,
  RESERVED_AUTHOR_NAMES,
} from '@wfm/contracts/identity';
import { HttpError, badRequest } from './errors.ts';
import { VISITOR_TOKEN_HEADER } from './visitor.ts';

/** The name every visitor may write under. */
export const ANONYMOUS_AUTHOR = 'Anonymous';
/** Identity answers within this, or the write answers 503. */
const CHECK_TIMEOUT_MS = 2_000;

const RESERVED = new Set<string>(RESERVED_AUTHOR_NAMES);

/** The decision the kit can make without identity: Anonymous, a reserved word, or null (ask identity). */
export function localAuthorNameDecision(name: string): { accepted: string } | { refused: string } | null {
  const folded = name.trim().toLowerCase();
  if (folded === ANONYMOUS_AUTHOR.toLowerCase()) return { accepted: ANONYMOUS_AUTHOR };
  if (RESERVED.has(folded)) return { refused: AUTHOR_NAME_MESSAGES.reserved };
  return null;
}

export interface AuthorNames {
  /**
   * The name the request's visitor may write under (trimmed; any case of "anonymous" becomes
   * `Anonymous`), or an HttpError: 400 with AUTHOR_NAME_MESSAGES for a member's, a staff account's
   * or a reserved name, 503 when identity cannot answer. Identity decides everything but Anonymous
   * and the reserved words: only it knows the visitor's own username and the registered names.
   */
  accept(request: FastifyRequest, name: string): Promise<string>;
}

export function createAuthorNames(identityUrl: string): AuthorNames {
  const url = new URL(AUTHOR_NAME_CHECK_PATH, identityUrl).toString();
  return {
    async accept(request, name) {
      const local = localAuthorNameDecision(name);
      if (local && 'accepted' in local) return local.accepted;
      if (local) throw badRequest(local.refused);

      const token = request.headers[VISITOR_TOKEN_HEADER];
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-request-id': request.id },
          body: JSON.stringify({ name, ...(typeof token === 'string' && request.visitor ? { token } : {}) }),
          signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
      } catch (err) {
        request.log.warn({ err }, 'author name check: identity unreachable');
        throw new HttpError(503, AUTHOR_NAME_MESSAGES.unavailable);
      }
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) {
        const parsed = AuthorNameCheckResponse.safeParse(body);
        if (parsed.success) return parsed.data.name;
      } else if (res.status >= 400 && res.status < 500 && res.status !== 404 && res.status !== 429) {
        const message = (body as { message?: unknown } | null)?.message;
        if (typeof message === 'string') throw new HttpError(res.status, message);
      }
      request.log.warn({ status: res.status }, 'author name check: unexpected answer from identity');
      throw new HttpError(503, AUTHOR_NAME_MESSAGES.unavailable);
    },
  };
}
