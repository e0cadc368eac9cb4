export { ContentInspector, checkFile, type CheckedFile, type ExtraFileKind } from './file-check.ts';
export {
  createPgUploadStore,
  UPLOAD_CHUNK_BYTES,
  type NewUpload,
  type UploadMeta,
  type UploadStore,
  type UploadWriter,
} from './upload-store.ts';
export { createPgUploadQuota, utcDay, type QuotaKey, type UploadQuota } from './upload-quota.ts';
export {
  defaultUploadMessages,
  cleanName,
  STORED_NAME,
  type ReceivedUpload,
  type UploadLimits,
  type UploadMessages,
} from './receive-uploads.ts';
export {
  createUploads,
  uploadMessagesOf,
  type UploadReceiver,
  type Uploads,
  type UploadsDeps,
  type UploadUse,
} from './uploads.ts';
export {
  cleanUpUploads,
  serviceTasksOf,
  uploadCleanupJobName,
  uploadCleanupTasks,
  UPLOAD_CLEANUP_BATCH,
  type UploadCleanupDeps,
  type UploadCleanupResult,
} from './upload-cleanup.ts';
export { serveUpload, contentDisposition, etagMatches, type ServeUploadOptions } from './serve-upload.ts';
export {
  DEFAULT_UPLOAD_SETTINGS,
  uploadEnvShape,
  uploadSettingsFromEnv,
  type UploadSettings,
} from './upload-settings.ts';
export { ownedUploads, storedNameOf } from './owned-uploads.ts';
