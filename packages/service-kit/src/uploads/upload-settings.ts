import { z } from 'zod';

const MB = 1024 * 1024;

/** What a service's uploads may use; every value can be set by environment (see uploadEnvShape). */
export interface UploadSettings {
  /** Bytes one verified visitor may upload per UTC day (every service with uploads counts its own). */
  dailyBytesPerVisitor: number;
  /** Bytes one client address (IPv6: its /64) may upload per UTC day. */
  dailyBytesPerAddress: number;
  /** Upload requests one process parses at the same time; more answer 503. */
  maxConcurrent: number;
  /** Age after which an upload no post/record references is deleted by the cleanup job. */
  cleanupGraceMs: number;
  /** How often the cleanup job runs. */
  cleanupEveryMs: number;
}

export const DEFAULT_UPLOAD_SETTINGS: UploadSettings = {
  dailyBytesPerVisitor: 100 * MB,
  dailyBytesPerAddress: 2048 * MB,
  maxConcurrent: 16,
  cleanupGraceMs: 24 * 3600_000,
  cleanupEveryMs: 3600_000,
};

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The UPLOAD_* variables of the kit's service environment (merged into serviceEnvSchema). */
export const uploadEnvShape = {
  UPLOAD_DAILY_MB_PER_VISITOR: positiveInt(DEFAULT_UPLOAD_SETTINGS.dailyBytesPerVisitor / MB),
  UPLOAD_DAILY_MB_PER_ADDRESS: positiveInt(DEFAULT_UPLOAD_SETTINGS.dailyBytesPerAddress / MB),
  UPLOAD_MAX_CONCURRENT: positiveInt(DEFAULT_UPLOAD_SETTINGS.maxConcurrent),
  UPLOAD_CLEANUP_GRACE_HOURS: positiveInt(DEFAULT_UPLOAD_SETTINGS.cleanupGraceMs / 3600_000),
  UPLOAD_CLEANUP_EVERY_MINUTES: positiveInt(DEFAULT_UPLOAD_SETTINGS.cleanupEveryMs / 60_000),
};

type UploadEnv = { [K in keyof typeof uploadEnvShape]: number };

export function uploadSettingsFromEnv(env: UploadEnv): UploadSettings {
  return {
    dailyBytesPerVisitor: env.UPLOAD_DAILY_MB_PER_VISITOR * MB,
    dailyBytesPerAddress: env.UPLOAD_DAILY_MB_PER_ADDRESS * MB,
    maxConcurrent: env.UPLOAD_MAX_CONCURRENT,
    cleanupGraceMs: env.UPLOAD_CLEANUP_GRACE_HOURS * 3600_000,
    cleanupEveryMs: env.UPLOAD_CLEANUP_EVERY_MINUTES * 60_000,
  };
}
