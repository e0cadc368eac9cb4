import type { JobHandler } from './registry.ts';

/** Every job the worker runs. Backups and other slow work register here as they are built. */
export const jobHandlers: readonly JobHandler[] = [];
