import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A client or upstream proxy may pass its own request id if it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Anonymous tokens (43 base64url characters) travel in some paths and queries; logs never show them. */
const ANON_TOKEN = /[A-Za-z0-9_-]{43}/g;

export function loggableUrl(url: string): string {
  return url.replace(ANON_TOKEN, '[redacted]');
}

/** One line per request, when it completes, with the url's tokens redacted (instead of Fastify's two). */
export class GatewayLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
