/** Every kind of task the admin service enqueues; the worker refuses to start without a handler for each. */
export const TASK_NAMES = {
  backup: 'database.backup',
  restore: 'database.restore',
} as const;

export type TaskName = (typeof TASK_NAMES)[keyof typeof TASK_NAMES];

export const ALL_TASK_NAMES: readonly TaskName[] = Object.values(TASK_NAMES);

/** The one queue the admin service and its worker share. */
export const ADMIN_QUEUE = 'admin';
