import type { JobFilters } from './get-jobs.ts';

/** Every query key of the jobs page: the public lists and the visitor's own posts. */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (filters: JobFilters) => [...jobKeys.lists(), filters] as const,
  mine: (anonToken: string | undefined) => [...jobKeys.all, 'mine', anonToken ?? null] as const,
};
