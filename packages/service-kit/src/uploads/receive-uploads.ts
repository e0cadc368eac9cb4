import { createHash, randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, payloadTooLarge, tooManyRequests } from '../errors.ts';
import { byIp } from '../rate-limit.ts';
import type { ConcurrencyLimiter } from './concurrency.ts';
import { ContentInspector, type ExtraFileKind } from './file-check.ts';
import type { QuotaKey, UploadQuota } from './upload-quota.ts';
import type { UploadStore } from './upload-store.ts';

const MB = 1024 * 1024;

export interface UploadLimits {
  /** Files per request. */
  files: number;
  /** Bytes per file. */
  fileBytes: number;
}

export interface UploadMessages {
  notMultipart: string;
  noFiles: string;
  unexpectedField: string;
  tooManyFiles: string;
  tooLarge: string;
  notAllowed(name: string): string;
  /** The body ended early, lost its closing boundary or is not valid multipart. */
  incomplete: string;
  /** Every upload slot of this process is taken. */
  busy: string;
  visitorQuota(limitBytes: number): string;
  addressQuota(limitBytes: number): string;
}

const mb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

export function defaultUploadMessages(field: string, limits: UploadLimits): UploadMessages {
  return {
    notMultipart: `Expected multipart/form-data with files in the field "${field}"`,
    noFiles: 'No files were uploaded',
    unexpectedField: `Files must be sent in the field "${field}"`,
    tooManyFiles: `You can upload at most ${limits.files} files at a time`,
    tooLarge: `Each file must be ${mb(limits.fileBytes)} or smaller`,
    notAllowed: (name) =>
      `"${name}" is not an allowed file: images (PNG, JPEG, GIF, WebP, BMP), PDF, DOC, DOCX, TXT and MD are accepted, checked by their content`,
    incomplete: 'The upload was incomplete or malformed: the form data ended unexpectedly. Please try again.',
    busy: 'Too many uploads are in progress right now. Please try again in a moment.',
    visitorQuota: (limit) => `Daily upload limit reached: you can upload ${mb(limit)} per day. Please try again tomorrow.`,
    addressQuota: (limit) =>
      `Daily upload limit reached for your network: ${mb(limit)} per day can be uploaded from one address. Please try again tomorrow.`,
  };
}

export interface ReceiveUploadsOptions {
  store: UploadStore;
  quota: UploadQuota;
  limiter: ConcurrencyLimiter;
  limits: UploadLimits;
  messages: UploadMessages;
  /** Multipart field holding the files. */
  field: string;
  dailyBytesPerVisitor: number;
  dailyBytesPerAddress: number;
  /** Stored files readable only by staff (receipts). Default false. */
  private?: boolean;
  /** Which content may be stored: default every kind ContentInspector accepts. */
  accept?(mimetype: string): boolean;
  /** Kinds recognised beyond the default set (e.g. spreadsheets for a template library). */
  extraKinds?: readonly ExtraFileKind[];
  /** Text fields sent next to the files (multipart parts without a file), in the order they arrive; default ignored. */
  onField?(name: string, value: string): void;
}

export interface ReceivedUpload {
  /** Stored name: 32 random hex digits and the extension of the checked content. */
  name: string;
  originalName: string;
  mimetype: string;
  size: number;
}

/** A file name fit to keep and show: no path, no control characters, at most 255 characters. */
export function cleanName(name: string): string {
  const cleaned = basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'file').slice(0, 255);
}

/** Stored names are random and never reused, so a served file never changes. */
export const STORED_NAME = /^[a-f0-9]{32}\.[a-z]{2,4}$/;

/** Charge the daily quota every this many bytes (and at the end of each file). */
const QUOTA_STEP = 256 * 1024;
const RETRY_AFTER_BUSY_S = 5;

/** Whatever the multipart parser throws is about the request: turn it into a client error. */
function parserError(err: unknown, m: UploadMessages): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(m.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest(m.tooManyFiles);
  return badRequest(m.incomplete);
}

async function next<T>(it: AsyncIterator<T>, m: UploadMessages): Promise<IteratorResult<T>> {
  try {
    return await it.next();
  } catch (err) {
    throw parserError(err, m);
  }
}

/**
 * Streams a multipart upload into the store: one upload slot of the process (429 when all are
 * taken), the visitor's and the address's daily byte quota (checked before reading and charged as
 * bytes arrive, 429 once over), file count and size limits, content sniffing per file. Nothing is
 * held in memory beyond a chunk and the first 64 KiB of each file. Any refusal discards every file
 * of the request, so an upload is stored whole or not at all.
 */
export async function receiveUploads(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: ReceiveUploadsOptions,
): Promise<ReceivedUpload[]> {
  const m = opts.messages;
  if (!req.isMultipart()) throw badRequest(m.notMultipart);
  const release = opts.limiter.tryAcquire();
  if (!release) {
    reply.header('retry-after', String(RETRY_AFTER_BUSY_S));
    throw tooManyRequests(m.busy);
  }
  const created: string[] = [];
  try {
    const keys: QuotaKey[] = [{ kind: 'address', key: `address:${byIp(req)}`, limit: opts.dailyBytesPerAddress }];
    if (req.visitor) keys.unshift({ kind: 'visitor', key: `visitor:${req.visitor.key}`, limit: opts.dailyBytesPerVisitor });
    const quotaError = (k: QuotaKey) =>
      tooManyRequests(k.kind === 'visitor' ? m.visitorQuota(k.limit) : m.addressQuota(k.limit));
    const full = await opts.quota.exceeded(keys, 1);
    if (full) throw quotaError(full);

    const files: ReceivedUpload[] = [];
    const parts = req.parts({
      limits: { files: opts.limits.files, fileSize: opts.limits.fileBytes, fields: 10, parts: 20 },
    })[Symbol.asyncIterator]();
    for (let part = await next(parts, m); !part.done; part = await next(parts, m)) {
      const p = part.value;
      if (p.type !== 'file') {
        if (typeof p.value === 'string') opts.onField?.(p.fieldname, p.value);
        continue;
      }
      if (p.fieldname !== opts.field) throw badRequest(m.unexpectedField);
      const originalName = cleanName(p.filename);
      const id = randomBytes(16).toString('hex');
      const writer = await opts.store.create({
        name: `${id}.part`,
        originalName,
        ownerHash: req.visitor?.hash ?? null,
        private: opts.private ?? false,
      });
      created.push(`${id}.part`);
      const inspector = new ContentInspector(originalName, opts.extraKinds);
      const sha = createHash('sha256');
      let size = 0;
      let uncharged = 0;
      const chunks = p.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      for (let c = await next(chunks, m); !c.done; c = await next(chunks, m)) {
        const chunk = c.value;
        size += chunk.length;
        uncharged += chunk.length;
        if (uncharged >= QUOTA_STEP) {
          const over = await opts.quota.charge(keys, uncharged);
          uncharged = 0;
          if (over) throw quotaError(over);
        }
        inspector.push(chunk);
        sha.update(chunk);
        await writer.write(chunk);
      }
      if (p.file.truncated) throw payloadTooLarge(m.tooLarge);
      const over = await opts.quota.charge(keys, uncharged);
      if (over) throw quotaError(over);
      const checked = await inspector.result();
      if (!checked || (opts.accept && !opts.accept(checked.mimetype))) throw badRequest(m.notAllowed(originalName));
      const name = `${id}.${checked.ext}`;
      await writer.end({ name, mimetype: checked.mimetype, size, sha256: sha.digest() });
      created[created.length - 1] = name;
      files.push({ name, originalName, mimetype: checked.mimetype, size });
    }
    if (files.length === 0) throw badRequest(m.noFiles);
    await opts.store.publish(created);
    created.length = 0;
    return files;
  } finally {
    release();
    if (created.length > 0) await opts.store.discard(created).catch((err: unknown) => req.log.error({ err }, 'discarding a failed upload failed'));
  }
}
