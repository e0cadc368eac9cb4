import { createUploads, uploadMessagesOf, type ReceivedUpload, type UploadsDeps, type UploadUse } from '@wfm/service-kit';
import { UPLOAD_LIMITS, UPLOADS_PREFIX, type UploadedFile } from '@wfm/contracts/forum';

/** Post attachments: up to 5 files of 10 MB in the field `files`, every kind the kit's file check accepts. */
const ATTACHMENTS: UploadUse = { field: 'files', limits: { files: UPLOAD_LIMITS.files, fileBytes: UPLOAD_LIMITS.fileBytes } };

export const UPLOAD_MESSAGES = uploadMessagesOf(ATTACHMENTS);

export const FILE_NOT_FOUND = 'File not found';

/**
 * The forum's attachments: the kit's uploads module on the forum schema's tables. The route
 * receives a request's files with `attachments.receive(req, reply)` and answers `uploadedFiles(...)`.
 */
export function createForumUploads(deps: UploadsDeps) {
  const uploads = createUploads(deps);
  return { store: uploads.store, attachments: uploads.use(ATTACHMENTS) };
}

/** The answer of POST /api/upload for the files stored. */
export function uploadedFiles(files: readonly ReceivedUpload[]): UploadedFile[] {
  return files.map((f) => ({
    filename: f.name,
    originalName: f.originalName,
    mimetype: f.mimetype,
    size: f.size,
    url: `${UPLOADS_PREFIX}${f.name}`,
  }));
}
