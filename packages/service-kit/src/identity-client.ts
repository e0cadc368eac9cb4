import type { FastifyRequest } from 'fastify';
import {
  AUTHOR_NAME_CHECK_PATH,
  AUTHOR_NAME_MESSAGES,
  AuthorNameCheckResponse,
  UserProfileResponse,
} from '@wfm/contracts/identity';
import { ANONYMOUS } from '@wfm/contracts/shared';
import { SERVICE_UNAVAILABLE_MESSAGE } from './dependency-errors.ts';
import { HttpError, badRequest } from './errors.ts';
import { ANONYMOUS_KEY, cleanDisplayName, nameKey, nameKeys, reservedWordIn } from './names.ts';
import { VISITOR_TOKEN_HEADER } from './visitor.ts';

/** Identity answers within this, or the call's failure policy applies. */
const IDENTITY_TIMEOUT_MS = 2_000;

/**
 * The decision the kit can make without identity (names.ts): Anonymous (any look-alike of it), a
 * name with nothing visible or with a reserved word, or null (ask identity, which also compares
 * the name with members' usernames and staff names). `name` is the cleaned name.
 */
function localAuthorNameDecision(name: string): { accepted: string } | { refused: string } | null {
  if (nameKeys(name).includes(ANONYMOUS_KEY)) return { accepted: ANONYMOUS };
  if (nameKey(name) === '' || reservedWordIn(name)) return { refused: AUTHOR_NAME_MESSAGES.taken };
  return null;
}

/**
 * The one client every service uses to ask the identity service about visitors (`ctx.identity`:
 * createServiceApp builds it into the service context; routes call it, as it reads the request,
 * and hand its answer to service functions). Identity alone knows which username a visitor holds and which names are registered, so these
 * calls go to it over HTTP (IDENTITY_URL, its first URL), each waiting at most IDENTITY_TIMEOUT_MS
 * (2 s). Each call has one failure policy, for identity unreachable, slow (past the timeout) or
 * answering something unexpected (5xx, 404 of the check, 429, a body that is not the contract);
 * docs/operations.md ("When a dependency fails") lists them:
 *
 * - `acceptAuthorName`: fails closed, 503 `AUTHOR_NAME_MESSAGES.unavailable` (a name that might
 *   be someone else's is never written). Anonymous and names with a reserved word need no identity.
 * - `username`: fails closed, 503 `SERVICE_UNAVAILABLE_MESSAGE` (what needs a proven username,
 *   e.g. a mentor application, is not taken unnamed).
 * - `nameOrAnonymous`: fails open to `ANONYMOUS` (the write is taken, under Anonymous: never a name
 *   the visitor did not prove).
 *
 * Every failure is logged as a warning on the request's logger.
 */
export interface IdentityClient {
  /**
   * The name the request's visitor may write under, cleaned (names.ts `cleanDisplayName`: NFKC, no
   * invisible characters; any look-alike of "anonymous" becomes `Anonymous`), or an HttpError:
   * 400 `AUTHOR_NAME_MESSAGES.taken` for a name whose key is a member's or a staff account's name or
   * that has a reserved word (one message for all, so staff names are not told apart). Every
   * visitor-written name field of every service goes through this call. Identity down or slow:
   * 503 `AUTHOR_NAME_MESSAGES.unavailable`.
   */
  acceptAuthorName(request: FastifyRequest, name: string): Promise<string>;
  /**
   * The verified visitor's username as identity knows it; null for a request without a verified
   * visitor, a visitor without a username, or a token identity does not know. Identity down or
   * slow: 503 `SERVICE_UNAVAILABLE_MESSAGE`.
   */
  username(request: FastifyRequest): Promise<string | null>;
  /**
   * The verified visitor's username, else `ANONYMOUS`. Identity down or slow: `ANONYMOUS` (a
   * warning is logged; the caller carries on).
   */
  nameOrAnonymous(request: FastifyRequest): Promise<string>;
}

export interface IdentityClientOptions {
  /** Longest wait for identity's answer; default IDENTITY_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** Raised inside the client when identity cannot answer; each call turns it into its policy. */
class IdentityUnavailable extends Error {}

/** The first URL of IDENTITY_URL (a comma-separated list is allowed by the env schema). */
const firstUrl = (urls: string): string => urls.split(',')[0]!.trim();

export function createIdentityClient(identityUrl: string, opts: IdentityClientOptions = {}): IdentityClient {
  const base = firstUrl(identityUrl);
  const checkUrl = new URL(AUTHOR_NAME_CHECK_PATH, base).toString();
  const timeoutMs = opts.timeoutMs ?? IDENTITY_TIMEOUT_MS;

  /** identity's answer, or IdentityUnavailable when it is unreachable or slow. */
  const call = async (request: FastifyRequest, url: string | URL, init: RequestInit = {}): Promise<{ res: Response; body: unknown }> => {
    try {
      const res = await fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'x-request-id': request.id },
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { res, body: await res.json().catch(() => null) };
    } catch (err) {
      request.log.warn({ err }, 'identity client: identity unreachable');
      throw new IdentityUnavailable();
    }
  };

  const visitorToken = (request: FastifyRequest): string | null => {
    const token = request.headers[VISITOR_TOKEN_HEADER];
    return request.visitor && typeof token === 'string' ? token : null;
  };

  /** The visitor's username (null: none), or IdentityUnavailable. */
  const lookUpUsername = async (request: FastifyRequest): Promise<string | null> => {
    const token = visitorToken(request);
    if (token === null) return null;
    const { res, body } = await call(request, new URL(`/api/user-profile/${encodeURIComponent(token)}`, base));
    if (res.status === 404) return null;
    const parsed = UserProfileResponse.safeParse(body);
    if (res.ok && parsed.success) return parsed.data.username;
    request.log.warn({ status: res.status }, 'identity client: unexpected answer to a username look-up');
    throw new IdentityUnavailable();
  };

  return {
    async acceptAuthorName(request, input) {
      const name = cleanDisplayName(input);
      const local = localAuthorNameDecision(name);
      if (local && 'accepted' in local) return local.accepted;
      if (local) throw badRequest(local.refused);
      const token = visitorToken(request);
      try {
        const { res, body } = await call(request, checkUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name, ...(token !== null ? { token } : {}) }),
        });
        if (res.ok) {
          const parsed = AuthorNameCheckResponse.safeParse(body);
          if (parsed.success) return parsed.data.name;
        } else if (res.status >= 400 && res.status < 500 && res.status !== 404 && res.status !== 429) {
          const message = (body as { message?: unknown } | null)?.message;
          if (typeof message === 'string') throw new HttpError(res.status, message);
        }
        request.log.warn({ status: res.status }, 'identity client: unexpected answer to an author-name check');
      } catch (err) {
        if (!(err instanceof IdentityUnavailable)) throw err;
      }
      throw new HttpError(503, AUTHOR_NAME_MESSAGES.unavailable);
    },

    async username(request) {
      try {
        return await lookUpUsername(request);
      } catch (err) {
        if (err instanceof IdentityUnavailable) throw new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE);
        throw err;
      }
    },

    async nameOrAnonymous(request) {
      try {
        return (await lookUpUsername(request)) ?? ANONYMOUS;
      } catch (err) {
        if (err instanceof IdentityUnavailable) return ANONYMOUS;
        throw err;
      }
    },
  };
}
