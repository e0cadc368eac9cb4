import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createConcurrencyLimiter,
  createPgUploadQuota,
  createPgUploadStore,
  defaultUploadMessages,
  receiveUploads,
  type Sql,
  type UploadSettings,
} from '@wfm/service-kit';
import { UPLOAD_LIMITS, UPLOADS_PREFIX, type UploadedFile } from '@wfm/contracts/forum';

export { STORED_NAME, cleanName, contentDisposition } from '@wfm/service-kit';

const FIELD = 'files';

export const UPLOAD_MESSAGES = defaultUploadMessages(FIELD, { files: UPLOAD_LIMITS.files, fileBytes: UPLOAD_LIMITS.fileBytes });

export const FILE_NOT_FOUND = 'File not found';

/** The forum's attachments: the kit's upload module on the forum schema's tables. */
export function createForumUploads(sql: Sql, settings: UploadSettings) {
  const store = createPgUploadStore(sql);
  const quota = createPgUploadQuota(sql);
  const limiter = createConcurrencyLimiter(settings.maxConcurrent);

  return {
    store,
    quota,
    limiter,
    async upload(req: FastifyRequest, reply: FastifyReply): Promise<UploadedFile[]> {
      const files = await receiveUploads(req, reply, {
        store,
        quota,
        limiter,
        limits: { files: UPLOAD_LIMITS.files, fileBytes: UPLOAD_LIMITS.fileBytes },
        messages: UPLOAD_MESSAGES,
        field: FIELD,
        dailyBytesPerVisitor: settings.dailyBytesPerVisitor,
        dailyBytesPerAddress: settings.dailyBytesPerAddress,
      });
      return files.map((f) => ({
        filename: f.name,
        originalName: f.originalName,
        mimetype: f.mimetype,
        size: f.size,
        url: `${UPLOADS_PREFIX}${f.name}`,
      }));
    },
  };
}
