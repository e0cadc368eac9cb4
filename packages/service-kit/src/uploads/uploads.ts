import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sql } from '../db.ts';
import { createConcurrencyLimiter } from './concurrency.ts';
import type { ExtraFileKind } from './file-check.ts';
import {
  defaultUploadMessages,
  receiveUploads,
  type ReceivedUpload,
  type UploadLimits,
  type UploadMessages,
} from './receive-uploads.ts';
import { createPgUploadQuota, type UploadQuota } from './upload-quota.ts';
import type { UploadSettings } from './upload-settings.ts';
import { createPgUploadStore, type UploadStore } from './upload-store.ts';

/** What one upload form takes: its field, its limits, its kinds of file and its texts. */
export interface UploadUse {
  /** Multipart field holding the files. */
  field: string;
  limits: UploadLimits;
  /**
   * Texts that replace the defaults (defaultUploadMessages(field, limits)) for this use; texts the
   * spec gives are passed here word for word.
   */
  messages?: Partial<UploadMessages>;
  /** Stored files readable only by signed staff (receipts). Default false. */
  private?: boolean;
  /** Which checked content this use stores (by its mimetype); default every kind the file check accepts. */
  accept?(mimetype: string): boolean;
  /** Kinds recognised beyond the default set (spreadsheets for the template library). */
  extraKinds?: readonly ExtraFileKind[];
}

/** One configured use: receive() stores the files of a multipart request as that use allows. */
export interface UploadReceiver {
  readonly field: string;
  /** The texts this use answers with (defaults with the use's own in place). */
  readonly messages: UploadMessages;
  /**
   * Streams the request's files into the store (quotas, limits, content check; all or nothing) and
   * answers them; text fields of the form go to `onField` as they arrive.
   */
  receive(req: FastifyRequest, reply: FastifyReply, onField?: (name: string, value: string) => void): Promise<ReceivedUpload[]>;
}

/** A service's uploads: one store, one daily quota and one cap on uploads in progress, shared by its uses. */
export interface Uploads {
  store: UploadStore;
  quota: UploadQuota;
  use(use: UploadUse): UploadReceiver;
}

/** What the uploads module needs: the service's pool (its schema's tables) and its upload settings. */
export interface UploadsDeps {
  sql: Sql;
  settings: UploadSettings;
}

/** The texts of a use: the defaults for its field and limits, with the use's own in place. */
export function uploadMessagesOf(use: Pick<UploadUse, 'field' | 'limits' | 'messages'>): UploadMessages {
  return { ...defaultUploadMessages(use.field, use.limits), ...use.messages };
}

/**
 * The kit's upload module on a service's own tables (the schema of `deps.sql`; the service opts in
 * with `uploads: true` on its definition, which brings the tables, multipart parsing and the
 * cleanup job). Build it once per app and configure one receiver per form with use().
 */
export function createUploads(deps: UploadsDeps): Uploads {
  const store = createPgUploadStore(deps.sql);
  const quota = createPgUploadQuota(deps.sql);
  const limiter = createConcurrencyLimiter(deps.settings.maxConcurrent);
  return {
    store,
    quota,
    use(use) {
      const messages = uploadMessagesOf(use);
      return {
        field: use.field,
        messages,
        receive: (req, reply, onField) =>
          receiveUploads(req, reply, {
            store,
            quota,
            limiter,
            limits: use.limits,
            messages,
            field: use.field,
            dailyBytesPerVisitor: deps.settings.dailyBytesPerVisitor,
            dailyBytesPerAddress: deps.settings.dailyBytesPerAddress,
            ...(use.private !== undefined ? { private: use.private } : {}),
            ...(use.accept ? { accept: use.accept } : {}),
            ...(use.extraKinds ? { extraKinds: use.extraKinds } : {}),
            ...(onField ? { onField } : {}),
          }),
      };
    },
  };
}
