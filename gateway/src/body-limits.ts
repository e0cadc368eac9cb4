import type { FastifyReply, FastifyRequest } from 'fastify';
import { PathIndex, routePaths } from './route-paths.ts';
import { DEFAULT_BODY_LIMIT, PROXY_ROUTES, type ProxyRoute } from './routes.ts';

export { DEFAULT_BODY_LIMIT } from './routes.ts';

const MB = 1024 * 1024;
const formatMb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The largest body of a request, from the route table's `multipartLimit` of its path. */
export type BodyLimitFor = (url: string, contentType: string | undefined) => number;

/**
 * The body limits of a route table: a multipart/form-data body may be as large as its path
 * entry's `multipartLimit` (the path with one trailing slash counts as the path); every other
 * body DEFAULT_BODY_LIMIT.
 */
export function bodyLimitsOf(routes: readonly ProxyRoute[]): BodyLimitFor {
  const uploads = new PathIndex(routePaths(routes, (path) => path.multipartLimit));
  return (url, contentType) => {
    if (!contentType?.toLowerCase().startsWith('multipart/form-data')) return DEFAULT_BODY_LIMIT;
    let path = url.split('?', 1)[0]!;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    return uploads.match(path)?.value ?? DEFAULT_BODY_LIMIT;
  };
}

/** The limits of the gateway's own table (PROXY_ROUTES). */
export const bodyLimitFor: BodyLimitFor = bodyLimitsOf(PROXY_ROUTES);

/**
 * An onRequest hook that rejects oversized bodies by their declared length before anything is
 * proxied. Proxied bodies are streamed, so a body without a declared length (chunked) cannot be
 * bounded up front and is refused with 411; browsers always declare the length of the bodies they send.
 */
export function enforceBodyLimits(limitFor: BodyLimitFor = bodyLimitFor) {
  return async function enforceBodyLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const declared = request.headers['content-length'];
    if (declared === undefined) {
      if (request.headers['transfer-encoding'] !== undefined) {
        reply.header('connection', 'close');
        return reply.code(411).send({ message: 'Request body must declare its Content-Length' });
      }
      return;
    }
    const limit = limitFor(request.url, request.headers['content-type']);
    if (Number(declared) > limit) {
      // The rest of the body is never read; closing avoids draining it on a keep-alive connection.
      reply.header('connection', 'close');
      return reply.code(413).send({ message: `Request body is too large (limit ${formatMb(limit)})` });
    }
  };
}
