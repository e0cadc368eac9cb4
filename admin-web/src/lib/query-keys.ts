import type { QueryKey } from '@tanstack/react-query';

/**
 * Every react-query key of the admin app, in one place: each query's `queryKey` and each
 * mutation's invalidation come from here, so a list and what refreshes it cannot drift apart.
 * All keys start with `'admin'`; a tab that lists a new resource adds its line here.
 */
export const queryKeys = {
  all: ['admin'] as const,
  login: () => [...queryKeys.all, 'login'] as const,
  reports: () => [...queryKeys.all, 'reports'] as const,
  featureSuggestions: () => [...queryKeys.all, 'feature-suggestions'] as const,
  posts: () => [...queryKeys.all, 'posts'] as const,
  /** Earlier versions of a post and its comments (issue 26); dropped with the posts. */
  postRevisions: (id: number) => [...queryKeys.all, 'posts', 'revisions', id] as const,
  staff: () => [...queryKeys.all, 'staff'] as const,
  userProfiles: () => [...queryKeys.all, 'user-profiles'] as const,
  /** Suspensions and address blocks (identity's registry). */
  suspensions: () => [...queryKeys.all, 'suspensions'] as const,
  /** The audit log's first page (staff actions and authors' edits and deletions). */
  audit: () => [...queryKeys.all, 'audit'] as const,
  jobs: () => [...queryKeys.all, 'jobs'] as const,
  mentors: () => [...queryKeys.all, 'mentors'] as const,
  polls: () => [...queryKeys.all, 'polls'] as const,
  tools: () => [...queryKeys.all, 'tools'] as const,
  /** Writes held for review (duplicate content), one queue per service. */
  held: (service?: string) => (service ? ([...queryKeys.all, 'held', service] as const) : ([...queryKeys.all, 'held'] as const)),
  ama: {
    all: () => [...queryKeys.all, 'ama'] as const,
    sessions: () => [...queryKeys.ama.all(), 'sessions'] as const,
    pricing: (sessionId: number) => [...queryKeys.ama.all(), 'pricing', sessionId] as const,
    questions: (sessionId: number) => [...queryKeys.ama.all(), 'questions', sessionId] as const,
    bookings: (sessionId: number) => [...queryKeys.ama.all(), 'bookings', sessionId] as const,
    counts: (sessionId: number) => [...queryKeys.ama.all(), 'counts', sessionId] as const,
    receipts: (sessionId: number) => [...queryKeys.ama.all(), 'receipts', sessionId] as const,
    waitlist: (sessionId: number) => [...queryKeys.ama.all(), 'waitlist', sessionId] as const,
    emails: () => [...queryKeys.ama.all(), 'emails'] as const,
  },
  database: {
    all: () => [...queryKeys.all, 'database'] as const,
    backups: () => [...queryKeys.database.all(), 'backups'] as const,
    backupStats: () => [...queryKeys.database.all(), 'backup-stats'] as const,
  },
} as const;

/** Admin data other than the staff login: what a restore makes stale and a logout forgets. */
export function isStaffData({ queryKey }: { queryKey: QueryKey }): boolean {
  return queryKey[0] === queryKeys.all[0] && queryKey[1] !== queryKeys.login()[1];
}
