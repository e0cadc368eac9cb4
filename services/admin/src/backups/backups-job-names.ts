/** Every kind of job the admin service enqueues; the worker refuses to start without a handler for each. */
export const JOB_NAMES = {
  backup: 'database.backup',
  restore: 'database.restore',
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

export const ALL_JOB_NAMES: readonly JobName[] = Object.values(JOB_NAMES);

/** The one queue the admin service and its worker share. */
export const ADMIN_QUEUE = 'admin';
