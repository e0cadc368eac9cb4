import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { SuspendAuthorBody, SuspensionView } from '@wfm/contracts/identity';
import type { ServiceRoutes } from './context.ts';
import type { Db } from './db.ts';
import { staffOnly } from './staff-routes-access.ts';
import { suspendAuthor } from './suspensions.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 503: ErrorResponse } as const;
const ContentIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One kind of content whose author staff can suspend: the audit target type and the author's keyed hash. */
export interface SuspendableContent {
  /** The audit log's target type ('poll', 'job', 'question', ...). */
  type: string;
  /** The service's keyed hash of the author stored with the content (null: unknown or no token). */
  authorHashOf(db: Db, id: number): Promise<Buffer | null>;
}

/**
 * "Suspend the author" staff routes (Moderator and up, the `suspensions` right), one per path:
 * `POST <path>` with `{ duration_ms, reason }` answers 201 with the suspension. Register in a
 * service's app.ts as `suspendAuthorRoutes({ '/api/admin/polls/:id/suspend-author': { type: 'poll', authorHashOf } })`.
 */
export function suspendAuthorRoutes(paths: Record<string, SuspendableContent>): ServiceRoutes {
  return async (scope, ctx) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    for (const [path, content] of Object.entries(paths)) {
      app.post(
        path,
        { ...staffOnly(app, 'suspensions'), schema: { params: ContentIdParams, body: SuspendAuthorBody, response: { 201: SuspensionView, ...errors } } },
        async (req, reply) => {
          const { id } = req.params;
          const hash = await content.authorHashOf(ctx.sql, id);
          return reply.code(201).send(await suspendAuthor(ctx, req.staff!, { type: content.type, id }, hash, req.body));
        },
      );
    }
  };
}
