import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { STORED_NAME } from './receive-uploads.ts';
import type { UploadStore } from './upload-store.ts';

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Does an If-None-Match header (a list, `*`, weak or strong tags) match `etag`? */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export interface ServeUploadOptions {
  /** Answer for unknown names, and for private files asked for by anyone but signed staff. */
  notFoundMessage: string;
}

/**
 * Serves a stored file. Metadata first: unknown name -> 404, private file without signed staff ->
 * the same 404 (its existence is not revealed), If-None-Match on the content's SHA-256 -> 304;
 * only then is the body read, a chunk at a time, as the client takes it. Served names are random
 * and immutable, so public files are cached for a year; the type comes from the checked content,
 * nosniff stops browsers guessing another, anything but an image downloads, and the sandbox policy
 * keeps a file opened directly from running anything.
 */
export async function serveUpload(
  req: FastifyRequest,
  reply: FastifyReply,
  store: UploadStore,
  name: string,
  opts: ServeUploadOptions,
): Promise<FastifyReply> {
  const meta = STORED_NAME.test(name) ? await store.findMeta(name) : null;
  if (!meta || (meta.private && !req.staff)) throw notFound(opts.notFoundMessage);
  const etag = `"${meta.sha256.toString('base64url')}"`;
  reply
    .header('cache-control', meta.private ? 'private, no-store' : 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header(
      'content-disposition',
      contentDisposition(meta.mimetype.startsWith('image/') ? 'inline' : 'attachment', meta.originalName),
    );
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type(meta.mimetype).header('content-length', String(meta.size));
  if (req.method === 'HEAD') return reply.send();
  return reply.send(Readable.from(store.readBody(meta.name), { objectMode: false }));
}
