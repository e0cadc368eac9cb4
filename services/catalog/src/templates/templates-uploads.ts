import type { FastifyReply, FastifyRequest } from 'fastify';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@wfm/contracts/catalog';
import {
  createConcurrencyLimiter,
  createPgUploadQuota,
  createPgUploadStore,
  defaultUploadMessages,
  receiveUploads,
  type ReceivedUpload,
  type Sql,
  type UploadSettings,
} from '@wfm/service-kit';

/** Multipart field of the template's file. */
export const TEMPLATE_FILE_FIELD = 'file';

const SPREADSHEET_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv; charset=utf-8',
]);

const LIMITS = { files: 1, fileBytes: TEMPLATE_LIMITS.fileBytes };

export const TEMPLATE_UPLOAD_MESSAGES = {
  ...defaultUploadMessages(TEMPLATE_FILE_FIELD, LIMITS),
  noFiles: TEMPLATE_MESSAGES.fileRequired,
  tooManyFiles: TEMPLATE_MESSAGES.oneFile,
  tooLarge: TEMPLATE_MESSAGES.fileTooLarge,
  notAllowed: () => TEMPLATE_MESSAGES.badFileType,
};

/**
 * Template files through the kit's upload module: one .xlsx, .xls or .csv of at most 10 MB,
 * judged by its content (a renamed executable or an HTML page is refused), with the daily quotas
 * of every upload. The form's text fields arrive in the same multipart body and are handed back.
 */
export function createTemplateUploads(sql: Sql, settings: UploadSettings) {
  const store = createPgUploadStore(sql);
  const quota = createPgUploadQuota(sql);
  const limiter = createConcurrencyLimiter(settings.maxConcurrent);

  return {
    store,
    quota,
    async receive(req: FastifyRequest, reply: FastifyReply, fields: Record<string, unknown>): Promise<ReceivedUpload> {
      const files = await receiveUploads(req, reply, {
        store,
        quota,
        limiter,
        limits: LIMITS,
        messages: TEMPLATE_UPLOAD_MESSAGES,
        field: TEMPLATE_FILE_FIELD,
        dailyBytesPerVisitor: settings.dailyBytesPerVisitor,
        dailyBytesPerAddress: settings.dailyBytesPerAddress,
        extraKinds: ['spreadsheets'],
        accept: (mimetype) => SPREADSHEET_TYPES.has(mimetype),
        onField: (name, value) => {
          if (typeof value === 'string' && !Object.hasOwn(fields, name)) fields[name] = value;
        },
      });
      return files[0]!;
    },
    /** Drops a stored file whose template was refused after the upload. */
    discard: (name: string) => store.discard([name]),
  };
}
