import type { FastifyReply, FastifyRequest } from 'fastify';

const MB = 1024 * 1024;

/** Limit for every request body under /api that is not a multipart upload listed below. */
export const DEFAULT_BODY_LIMIT = 1 * MB;

/** Room for multipart boundaries, part headers and the text fields sent next to the files. */
const MULTIPART_OVERHEAD = 1 * MB;
const FILE_LIMIT = 10 * MB;

/** Multipart routes and what they may carry (spec: 10 MB per file; attachments up to 5 files). */
const UPLOAD_LIMITS: ReadonlyArray<{ path: RegExp; limit: number }> = [
  { path: /^\/api\/upload\/?$/, limit: 5 * FILE_LIMIT + MULTIPART_OVERHEAD },
  { path: /^\/api\/ama\/bookings\/[^/]+\/receipt\/?$/, limit: FILE_LIMIT + MULTIPART_OVERHEAD },
  { path: /^\/api\/templates\/?$/, limit: FILE_LIMIT + MULTIPART_OVERHEAD },
  { path: /^\/api\/admin\/ama\/sessions\/[^/]+\/image\/?$/, limit: FILE_LIMIT + MULTIPART_OVERHEAD },
];

/** The largest body accepted for a request to `url` with the given content type. */
export function bodyLimitFor(url: string, contentType: string | undefined): number {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) return DEFAULT_BODY_LIMIT;
  const path = url.split('?', 1)[0]!;
  return UPLOAD_LIMITS.find((entry) => entry.path.test(path))?.limit ?? DEFAULT_BODY_LIMIT;
}

const formatMb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/**
 * Rejects oversized bodies by their declared length before anything is proxied. Proxied bodies
 * are streamed, so a body without a declared length (chunked) cannot be bounded up front and is
 * refused with 411; browsers always declare the length of the bodies they send.
 */
export async function enforceBodyLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const declared = request.headers['content-length'];
  if (declared === undefined) {
    if (request.headers['transfer-encoding'] !== undefined) {
      reply.header('connection', 'close');
      return reply.code(411).send({ message: 'Request body must declare its Content-Length' });
    }
    return;
  }
  const limit = bodyLimitFor(request.url, request.headers['content-type']);
  if (Number(declared) > limit) {
    // The rest of the body is never read; closing avoids draining it on a keep-alive connection.
    reply.header('connection', 'close');
    return reply.code(413).send({ message: `Request body is too large (limit ${formatMb(limit)})` });
  }
}
