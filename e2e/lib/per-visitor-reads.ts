/**
 * Every GET route whose answer depends on who asks (the x-anon-token header, or a token in the
 * path or query): what "forget this device" must turn off. e2e/forget-device.test.ts calls each of
 * them with a token before and after revoking it; scripts/test/per-visitor-reads.test.ts fails when
 * a service registers a per-visitor GET route that is missing here.
 */

/** What a read is called with: the token, and things that token created (so its answer is its own). */
export interface ReaderData {
  token: string;
  postId: number;
  pollId: number;
}

export interface PerVisitorRead {
  /** The route as the service registers it. */
  route: string;
  /** The request path for `data`. */
  path: (data: ReaderData) => string;
}

export const PER_VISITOR_READS: readonly PerVisitorRead[] = [
  // forum
  { route: '/api/notifications', path: () => '/api/notifications' },
  { route: '/api/posts', path: (d) => `/api/posts?anon_token=${encodeURIComponent(d.token)}` },
  { route: '/api/posts/:id/viewer', path: (d) => `/api/posts/${d.postId}/viewer` },
  // catalog
  { route: '/api/polls', path: (d) => `/api/polls?anon_token=${encodeURIComponent(d.token)}` },
  { route: '/api/polls/:id', path: (d) => `/api/polls/${d.pollId}` },
  // ama-booking: notifications, mentor threads (contact details), my application, my questions
  { route: '/api/ama/notifications', path: () => '/api/ama/notifications' },
  { route: '/api/mentors/requests', path: () => '/api/mentors/requests' },
  { route: '/api/mentors/requests/:id', path: () => '/api/mentors/requests/999999999' },
  { route: '/api/mentors/me', path: () => '/api/mentors/me' },
  { route: '/api/ama/my-questions', path: () => '/api/ama/my-questions' },
  // jobs
  { route: '/api/jobs/mine', path: () => '/api/jobs/mine' },
  // identity
  { route: '/api/user-profile/:anonToken', path: (d) => `/api/user-profile/${d.token}` },
  { route: '/api/user-profile/check/:userId', path: (d) => `/api/user-profile/check/${d.token}` },
  { route: '/api/user-profile/recovery-phrase', path: () => '/api/user-profile/recovery-phrase' },
];

/** Per-visitor GET routes that are not the visitor's own reads (never routed by the gateway). */
export const INTERNAL_PER_VISITOR_READS = ['VISITOR_STANDING_PATH'] as const;
