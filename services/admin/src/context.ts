import type { ServiceContext } from '@wfm/service-kit';
import type { AdminEnv } from './env.ts';
import type { LoginLimits } from './logins/logins-limits.ts';

/** Where backups are kept and the task queue the worker takes them from. */
export interface BackupsSettings {
  /** The backups directory the service shares with the worker (BACKUP_DIR, made absolute). */
  readonly dir: string;
  /** The task queue's Redis (REDIS_URL); undefined: BullMQ's PostgreSQL backend in this service's database. */
  readonly redisUrl: string | undefined;
  /** Default: the admin queue (tests use their own name on a shared Redis). */
  readonly queueName?: string | undefined;
  /** How long a request waits for its task; default 90 s (the gateway gives up on an answer after 120 s). */
  readonly waitTimeoutMs?: number | undefined;
}

/**
 * The admin service's context: the kit's, plus the failed-login policy, the audit log's consumer
 * name and the backups settings, built once in the definition's `context` (app.ts). Tests replace
 * parts: `buildTestService(service, { context: { loginLimits } })`.
 */
export interface AdminContext extends ServiceContext {
  /** The environment as parsed at boot with adminEnvSchema (BACKUP_DIR, the first Super Admin). */
  readonly env: AdminEnv;
  /** The failed-login policy; LOGIN_LIMITS (tests lower the ceilings). */
  readonly loginLimits: LoginLimits;
  /** Durable consumer name of the audit log subscription; AUDIT_DURABLE (tests use their own). */
  readonly auditDurable: string;
  readonly backups: BackupsSettings;
}
