import type { ConcurrencyLimiter, ServiceContext } from '@wfm/service-kit';

/**
 * The identity service's context: the kit's, plus the visitor tokens it alone issues (signed with
 * VISITOR_TOKEN_SECRET), built once in the definition's `context` (app.ts).
 */
export interface IdentityContext extends ServiceContext {
  readonly visitorTokens: {
    /** A new visitor token (POST /api/session, and a recovery that moves a username to a new token). */
    issue(): string;
    /** The id inside an issued token, or null for anything else (recovery phrases seal it). */
    idOf(token: unknown): string | null;
    /** The token of a known id. */
    forId(id: string): string;
    /** A key derived from VISITOR_TOKEN_SECRET for one named purpose. */
    secretKey(purpose: string): Buffer;
  };
  /** Recovery attempts this process checks at once (RECOVERY_MAX_CONCURRENT); beyond it, 503. */
  readonly recoveryLimiter: ConcurrencyLimiter;
}
