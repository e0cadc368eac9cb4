import type { FastifyReply, FastifyRequest } from 'fastify';
import { createUploads, type ReceivedUpload, type UploadsDeps, type UploadUse } from '@wfm/service-kit';
import { AMA_LIMITS, AMA_MESSAGES, RECEIPT_FIELD } from '@wfm/contracts/ama';

/** Public session images are served here (the gateway routes /uploads/ama to this service). */
export const IMAGE_PREFIX = '/uploads/ama/';
export const FILE_NOT_FOUND = 'File not found';

const ONE_FILE = { files: 1, fileBytes: AMA_LIMITS.fileBytes };
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

/** A session image: one JPEG, PNG or GIF in the field `image`, public. */
const SESSION_IMAGE: UploadUse = {
  field: 'image',
  limits: ONE_FILE,
  messages: { tooLarge: AMA_MESSAGES.imageSize, notAllowed: () => AMA_MESSAGES.imageType },
  accept: (type) => IMAGE_TYPES.has(type),
};

/** A payment receipt: one image or PDF (by content) in the field `receipt`, readable by staff only. */
const RECEIPT: UploadUse = {
  field: RECEIPT_FIELD,
  limits: ONE_FILE,
  messages: { tooLarge: AMA_MESSAGES.receiptSize, notAllowed: () => AMA_MESSAGES.receiptType },
  private: true,
  accept: (type) => type.startsWith('image/') || type === 'application/pdf',
};

/** The kit's uploads module on the ama schema: receipts (private, staff-only) and session images (public). */
export function createAmaUploads(deps: UploadsDeps) {
  const uploads = createUploads(deps);
  const receipt = uploads.use(RECEIPT);
  const image = uploads.use(SESSION_IMAGE);
  return {
    store: uploads.store,
    /** One receipt; text fields of the form go to `onField`. */
    async receipt(req: FastifyRequest, reply: FastifyReply, onField: (name: string, value: string) => void): Promise<ReceivedUpload> {
      const [file] = await receipt.receive(req, reply, onField);
      return file!;
    },
    async image(req: FastifyRequest, reply: FastifyReply): Promise<ReceivedUpload> {
      const [file] = await image.receive(req, reply);
      return file!;
    },
  };
}
export type AmaUploads = ReturnType<typeof createAmaUploads>;
