import type { FastifyReply, FastifyRequest } from 'fastify';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@wfm/contracts/catalog';
import { createUploads, type ReceivedUpload, type UploadsDeps, type UploadUse } from '@wfm/service-kit';

const SPREADSHEET_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv; charset=utf-8',
]);

/** One .xlsx, .xls or .csv of at most 10 MB in the field `file`, judged by its content, with the spec's texts. */
const TEMPLATE_FILE: UploadUse = {
  field: 'file',
  limits: { files: 1, fileBytes: TEMPLATE_LIMITS.fileBytes },
  messages: {
    noFiles: TEMPLATE_MESSAGES.fileRequired,
    tooManyFiles: TEMPLATE_MESSAGES.oneFile,
    tooLarge: TEMPLATE_MESSAGES.fileTooLarge,
    notAllowed: () => TEMPLATE_MESSAGES.badFileType,
  },
  extraKinds: ['spreadsheets'],
  accept: (mimetype) => SPREADSHEET_TYPES.has(mimetype),
};

/**
 * Template files through the kit's uploads module (a renamed executable or an HTML page is
 * refused), with the daily quotas of every upload. The form's text fields arrive in the same
 * multipart body and are handed back.
 */
export function createTemplateUploads(deps: UploadsDeps) {
  const uploads = createUploads(deps);
  const templateFile = uploads.use(TEMPLATE_FILE);

  return {
    store: uploads.store,
    async receive(req: FastifyRequest, reply: FastifyReply, fields: Record<string, unknown>): Promise<ReceivedUpload> {
      const [file] = await templateFile.receive(req, reply, (name, value) => {
        if (!Object.hasOwn(fields, name)) fields[name] = value;
      });
      return file!;
    },
    /** Drops a stored file whose template was refused after the upload. */
    discard: (name: string) => uploads.store.discard([name]),
  };
}
