import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createConcurrencyLimiter,
  createPgUploadQuota,
  createPgUploadStore,
  defaultUploadMessages,
  receiveUploads,
  type ReceivedUpload,
  type Sql,
  type UploadMessages,
  type UploadSettings,
} from '@wfm/service-kit';
import { AMA_LIMITS, AMA_MESSAGES, RECEIPT_FIELD } from '@wfm/contracts/ama';

export const IMAGE_FIELD = 'image';
/** Public session images are served here (the gateway routes /uploads/ama to this service). */
export const IMAGE_PREFIX = '/uploads/ama/';
export const FILE_NOT_FOUND = 'File not found';

const ONE_FILE = { files: 1, fileBytes: AMA_LIMITS.fileBytes };
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const RECEIPT_TYPES = (type: string) => type.startsWith('image/') || type === 'application/pdf';

const imageMessages: UploadMessages = {
  ...defaultUploadMessages(IMAGE_FIELD, ONE_FILE),
  tooLarge: AMA_MESSAGES.imageSize,
  notAllowed: () => AMA_MESSAGES.imageType,
};
const receiptMessages: UploadMessages = {
  ...defaultUploadMessages(RECEIPT_FIELD, ONE_FILE),
  tooLarge: AMA_MESSAGES.receiptSize,
  notAllowed: () => AMA_MESSAGES.receiptType,
};

/** The kit's upload module on the ama schema: receipts (private, staff-only) and session images (public). */
export function createAmaUploads(sql: Sql, settings: UploadSettings) {
  const store = createPgUploadStore(sql);
  const quota = createPgUploadQuota(sql);
  const limiter = createConcurrencyLimiter(settings.maxConcurrent);
  const common = {
    store,
    quota,
    limiter,
    limits: ONE_FILE,
    dailyBytesPerVisitor: settings.dailyBytesPerVisitor,
    dailyBytesPerAddress: settings.dailyBytesPerAddress,
  };
  return {
    store,
    quota,
    /** One receipt (image or PDF by content); text fields of the form go to `onField`. */
    async receipt(req: FastifyRequest, reply: FastifyReply, onField: (name: string, value: string) => void): Promise<ReceivedUpload> {
      const [file] = await receiveUploads(req, reply, {
        ...common,
        messages: receiptMessages,
        field: RECEIPT_FIELD,
        private: true,
        accept: RECEIPT_TYPES,
        onField,
      });
      return file!;
    },
    async image(req: FastifyRequest, reply: FastifyReply): Promise<ReceivedUpload> {
      const [file] = await receiveUploads(req, reply, {
        ...common,
        messages: imageMessages,
        field: IMAGE_FIELD,
        accept: (type) => IMAGE_TYPES.has(type),
      });
      return file!;
    },
  };
}
export type AmaUploads = ReturnType<typeof createAmaUploads>;
