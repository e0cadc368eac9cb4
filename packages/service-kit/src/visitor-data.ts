import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  ServiceVisitorData,
  ServiceVisitorErase,
  VISITOR_DATA_ERASE_PATH,
  VISITOR_DATA_PATH,
} from '@wfm/contracts/shared';
import type { ServiceContext, ServiceRoutes } from './context.ts';
import { requireVisitor, VISITOR_TOKEN_HEADER, type Visitor } from './visitor.ts';

/** The verified visitor's token (identity keys its rows by the token's own hash, not a service hash). */
const tokenOf = (req: FastifyRequest): string => String(req.headers[VISITOR_TOKEN_HEADER]);

/** What a service holds of one visitor: its records per kind (VISITOR_DATA_KINDS), JSON-ready. */
export type VisitorRecords = Record<string, Record<string, unknown>[]>;

export interface VisitorDataHandlers<C extends ServiceContext> {
  /** Every record of the visitor in this service's schema; never another visitor's data or staff-only fields. */
  export(ctx: C, visitor: Visitor, token: string): Promise<VisitorRecords>;
  /**
   * Removes the visitor's content through the service's own delete functions (their events, cache
   * drops and websocket pushes), and answers how many records of each kind went. Idempotent: a
   * second call finds nothing and answers zeros.
   */
  erase?(ctx: C, visitor: Visitor, token: string): Promise<Record<string, number>>;
}

/**
 * The two internal routes of "Your data" in a service: GET /internal/visitor-data (the visitor's
 * records) and POST /internal/visitor-data/erase (delete their content). The caller is the visitor
 * themself: the gateway relays their x-anon-token (verified here by the kit; a revoked token is no
 * visitor, so 401), as identity's /internal/visitor-standing is asked. The gateway never routes
 * /internal/* from outside, rate-limits the public calls and asks every service at once. The erase
 * is a write: a suspended visitor or a blocked address is refused by the kit like any other write.
 */
export function visitorDataRoutes<C extends ServiceContext>(handlers: VisitorDataHandlers<C>): ServiceRoutes<C> {
  return async (scope, ctx) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.get(
      VISITOR_DATA_PATH,
      { schema: { response: { 200: ServiceVisitorData, 401: ErrorResponse } } },
      async (req) => ({ records: await handlers.export(ctx, requireVisitor(req), tokenOf(req)) }),
    );
    app.post(
      VISITOR_DATA_ERASE_PATH,
      // No body: the gateway posts none. The proof-of-work budget is spent at the gateway's door.
      { config: { pressure: false }, schema: { response: { 200: ServiceVisitorErase, 401: ErrorResponse, 403: ErrorResponse } } },
      async (req) => {
        const visitor = requireVisitor(req);
        return { erased: handlers.erase ? await handlers.erase(ctx, visitor, tokenOf(req)) : {} };
      },
    );
  };
}
