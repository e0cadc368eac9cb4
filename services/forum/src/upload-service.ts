import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '@wfm/service-kit';
import { HttpError, badRequest } from '@wfm/service-kit';
import { UPLOAD_LIMITS, UPLOADS_PREFIX, type UploadedFile } from '@wfm/contracts';
import { checkFile } from './file-check.ts';
import { insertUploads, type StoredUpload } from './upload-repository.ts';

export const UPLOAD_MESSAGES = {
  notMultipart: 'Expected multipart/form-data with files in the field "files"',
  noFiles: 'No files were uploaded',
  unexpectedField: 'Files must be sent in the field "files"',
  tooManyFiles: 'You can upload at most 5 files at a time',
  tooLarge: 'Each file must be 10 MB or smaller',
  notAllowed: (name: string) =>
    `"${name}" is not an allowed file: images (PNG, JPEG, GIF, WebP, BMP), PDF, DOC, DOCX, TXT and MD are accepted, checked by their content`,
} as const;

/** Stored names are random and never reused, so a served file never changes. */
export const STORED_NAME = /^[a-f0-9]{32}\.[a-z]{2,4}$/;

const MULTIPART_ERRORS: Record<string, () => HttpError> = {
  FST_FILES_LIMIT: () => new HttpError(413, UPLOAD_MESSAGES.tooManyFiles),
  FST_REQ_FILE_TOO_LARGE: () => new HttpError(413, UPLOAD_MESSAGES.tooLarge),
  FST_PARTS_LIMIT: () => new HttpError(413, UPLOAD_MESSAGES.tooManyFiles),
  FST_FIELDS_LIMIT: () => new HttpError(413, UPLOAD_MESSAGES.tooManyFiles),
};

/** A file name fit to keep and show: no path, no control characters, at most 255 characters. */
export function cleanName(name: string): string {
  const cleaned = basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'file').slice(0, 255);
}

/** Reads every part of the multipart request; limits and content checks fail the whole upload. */
async function readFiles(req: FastifyRequest): Promise<StoredUpload[]> {
  if (!req.isMultipart()) throw badRequest(UPLOAD_MESSAGES.notMultipart);
  const files: StoredUpload[] = [];
  try {
    const parts = req.parts({
      limits: { files: UPLOAD_LIMITS.files, fileSize: UPLOAD_LIMITS.fileBytes, fields: 10, parts: 20 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'files') throw badRequest(UPLOAD_MESSAGES.unexpectedField);
      const data = await part.toBuffer();
      const originalName = cleanName(part.filename);
      const checked = await checkFile(originalName, data);
      if (!checked) throw badRequest(UPLOAD_MESSAGES.notAllowed(originalName));
      files.push({
        name: `${randomBytes(16).toString('hex')}.${checked.ext}`,
        originalName,
        mimetype: checked.mimetype,
        size: data.length,
        data,
      });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    const mapped = code === undefined ? undefined : MULTIPART_ERRORS[code];
    throw mapped ? mapped() : err;
  }
  if (files.length === 0) throw badRequest(UPLOAD_MESSAGES.noFiles);
  return files;
}

export async function uploadFiles(sql: Sql, req: FastifyRequest, uploaderHash: Buffer | null): Promise<UploadedFile[]> {
  const files = await readFiles(req);
  await sql.begin((tx) => insertUploads(tx, files, uploaderHash));
  return files.map((f) => ({
    filename: f.name,
    originalName: f.originalName,
    mimetype: f.mimetype,
    size: f.size,
    url: `${UPLOADS_PREFIX}${f.name}`,
  }));
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
