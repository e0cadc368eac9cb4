import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { maskUrl } from '@wfm/service-kit';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { RequestLogger } from './request-logger.ts';

/** A client or upstream proxy may pass its own request id if it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * One line per request, when it completes (instead of Fastify's two), its url masked as the
 * services mask theirs: anonymous tokens and booking references never reach the access log.
 */
export class GatewayLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: maskUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.log instanceof RequestLogger && !reply.log.materialized) {
      // The same line a child would write, without building the child for it (request-logger.ts).
      reply.log.parent.info({ ...reply.log.bindings, ...line }, 'request completed');
    } else reply.log.info(line, 'request completed');
  }
}
