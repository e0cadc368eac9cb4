import type { HTTPMethods } from 'fastify';
import type { EventSubject, ServiceName } from '@wfm/contracts/shared';

/**
 * `public`: proxied as is. `staff`: the gateway first checks the staff session with the admin
 * service and forwards the staff identity in signed headers.
 */
export type RouteAccess = 'public' | 'staff';

const MB = 1024 * 1024;

/** Limit of every request body under /api that no path entry below allows more for. */
export const DEFAULT_BODY_LIMIT = 1 * MB;
/** Room for multipart boundaries, part headers and the text fields sent next to the files. */
const MULTIPART_OVERHEAD = 1 * MB;
/** Spec: 10 MB per uploaded file. */
const FILE_LIMIT = 10 * MB;
/** A multipart body carrying up to `files` files. */
const uploadOf = (files: number) => files * FILE_LIMIT + MULTIPART_OVERHEAD;

/**
 * How the gateway's read cache treats anonymous GETs of one path entry. A read is cached only
 * when it is a GET without `Cookie` or `Authorization`, its URL is at most 1 KB and its query
 * names none of `perVisitorQuery`; its key is the path plus the query ordered by parameter name.
 */
export interface CachePolicy {
  /**
   * What the entries depend on: events drop groups, not single keys. `{name}` is replaced by the
   * path parameter of that name (`post:{id}` -> `post:42`).
   */
  group: string;
  /** Query parameters that make the answer one visitor's own: such reads are never cached. */
  perVisitorQuery: readonly string[];
  /**
   * Request headers that make the answer one visitor's own (e.g. `x-anon-token` where the answer
   * carries the caller's own vote): a read sending any of them is never cached nor served from
   * the cache. Unset: headers do not matter (the service answers the same to everyone).
   */
  perVisitorHeaders?: readonly string[];
  /** Events that drop this entry's group. */
  droppedBy: readonly EventSubject[];
  /**
   * For a group with parameters: the parameters an event is about. An event whose parameters
   * cannot be read (undefined) drops the whole cache rather than guess.
   */
  paramsOfEvent?: (data: unknown) => Record<string, string> | undefined;
  /** How long an entry is served when no event drops it first; unset: the gateway's readCache.ttlMs (10 s). */
  ttlMs?: number;
  /**
   * Query parameters (a search's `q`) whose reads are cached in this replica's memory only, not in
   * Redis: nearly every distinct search is asked once, and for each such miss the shared layer cost
   * a Redis lookup whose answer no other replica had ever stored.
   */
  memoryOnlyQuery?: readonly string[];
}

/** A path below a route's prefix with rules of its own. */
export interface RoutePath {
  /**
   * Absolute path template below (or equal to) the prefix; `:name` matches one non-empty segment
   * (`/api/posts/:id`). Matched without the query; exact paths win over parameters.
   */
  pattern: string;
  /** What each parameter must look like for the request to be this entry (default: any segment). */
  params?: Record<string, RegExp>;
  /** Largest multipart/form-data body (checked on Content-Length; a trailing slash matches too); other bodies get DEFAULT_BODY_LIMIT. */
  multipartLimit?: number;
  /** Anonymous GETs of this path are answered from the gateway's read cache. */
  cache?: CachePolicy;
}

export interface ProxyRoute {
  /** Path prefix; the route matches the prefix itself and everything below it. */
  prefix: string;
  service: ServiceName;
  access: RouteAccess;
  /**
   * Cross-site writes (any method but GET/HEAD/OPTIONS whose Sec-Fetch-Site or Origin names
   * another site) are refused with 403 before anything else (gateway/src/csrf.ts).
   */
  csrf: boolean;
  /** Methods proxied; default all. */
  methods?: readonly HTTPMethods[];
  /** Paths below the prefix with their own body limit or cache policy; everything else gets the defaults. */
  paths?: readonly RoutePath[];
}

/** The events that change a post, its comments or its counts (posts carry `id`, the others `post_id`). */
const POST_CHANGES: readonly EventSubject[] = [
  'forum.post.created',
  'forum.post.updated',
  'forum.post.deleted',
  'forum.post.upvoted',
  'forum.comment.created',
];

/** Which post an event is about: posts carry `id`, comments and upvotes `post_id`. */
function postOfEvent(data: unknown): Record<string, string> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { post_id: postId, id } = data as { post_id?: unknown; id?: unknown };
  const candidate = postId ?? id;
  return typeof candidate === 'number' && Number.isSafeInteger(candidate) && candidate > 0 ? { id: String(candidate) } : undefined;
}

const CANONICAL_ID = /^[1-9]\d{0,14}$/;

/** Events that change what a session read shows (fields, status, pricing, existence). */
const AMA_SESSION_CHANGES: readonly EventSubject[] = ['ama.session.created', 'ama.session.updated', 'ama.session.deleted'];
/** Events that change a session's occupancy counts. */
const AMA_OCCUPANCY_CHANGES: readonly EventSubject[] = [
  'ama.booking.created',
  'ama.booking.status_changed',
  'ama.booking.deleted',
  'ama.session.deleted',
];

/** Which session an AMA event is about: booking events carry `session_id`, session events `id`. */
function amaSessionOfEvent(data: unknown): Record<string, string> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { session_id: sessionId, id } = data as { session_id?: unknown; id?: unknown };
  const candidate = sessionId ?? id;
  return typeof candidate === 'number' && Number.isSafeInteger(candidate) && candidate > 0 ? { id: String(candidate) } : undefined;
}

/** The query parameter of the My Posts tab: its answer belongs to one visitor. */
const VISITOR_QUERY = ['anon_token'] as const;

/** The catalog's events that change what each of its lists shows. */
const TOOL_CHANGES: readonly EventSubject[] = ['catalog.tool.created', 'catalog.tool.voted', 'catalog.tool.linked', 'catalog.tool.deleted'];
const TEMPLATE_CHANGES: readonly EventSubject[] = ['catalog.template.created', 'catalog.template.downloaded', 'catalog.template.deleted'];
const POLL_CHANGES: readonly EventSubject[] = ['catalog.poll.created', 'catalog.poll.voted', 'catalog.poll.deleted'];

/** Which poll an event is about: votes carry `poll_id`, created and deleted polls `id`. */
function pollOfEvent(data: unknown): Record<string, string> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { poll_id: pollId, id } = data as { poll_id?: unknown; id?: unknown };
  const candidate = pollId ?? id;
  return typeof candidate === 'number' && Number.isSafeInteger(candidate) && candidate > 0 ? { id: String(candidate) } : undefined;
}

/**
 * A poll's detail carries the caller's own vote (`userVote`, from x-anon-token): only reads
 * without a token share the cache. Polls close by the clock, so entries live 5 s at most.
 */
const POLL_DETAIL_CACHE = {
  group: 'poll:{id}',
  perVisitorQuery: [],
  perVisitorHeaders: ['x-anon-token'],
  droppedBy: POLL_CHANGES,
  paramsOfEvent: pollOfEvent,
  ttlMs: 5_000,
} as const satisfies CachePolicy;

/** A restored backup changes everything: it drops every cached entry, whatever the route. */
export const DROPS_WHOLE_CACHE: readonly EventSubject[] = ['admin.database.restored'];

/**
 * The one route table of the gateway: which service owns which path prefix, who may call it, and
 * per path its body limit and read-cache policy. Services receive the original path unchanged.
 * Any other /api path answers a JSON 404 from the gateway.
 */
export const PROXY_ROUTES: readonly ProxyRoute[] = [
  { prefix: '/api/session', service: 'identity', access: 'public', csrf: false },
  { prefix: '/api/user-profile', service: 'identity', access: 'public', csrf: false },
  { prefix: '/api/admin/user-profiles', service: 'identity', access: 'staff', csrf: true },
  // Suspensions and address blocks: listed, lifted and (blocks) made here; kept by the kit.
  { prefix: '/api/admin/suspensions', service: 'identity', access: 'staff', csrf: true },
  { prefix: '/api/admin/address-blocks', service: 'identity', access: 'staff', csrf: true },

  {
    prefix: '/api/posts',
    service: 'forum',
    access: 'public',
    csrf: false,
    paths: [
      // A post changes every list (order, counts, search).
      { pattern: '/api/posts', cache: { group: 'lists', perVisitorQuery: VISITOR_QUERY, memoryOnlyQuery: ['q'], droppedBy: POST_CHANGES } },
      // Similar questions on /new (issue 16): the same for everyone; titles, answers and counts change with posts.
      { pattern: '/api/posts/similar', cache: { group: 'similar', perVisitorQuery: [], droppedBy: POST_CHANGES } },
      {
        pattern: '/api/posts/:id',
        // Canonical post ids only; `007` or `1e3` go to the service uncached (and the service decides).
        params: { id: /^[1-9]\d{0,14}$/ },
        cache: { group: 'post:{id}', perVisitorQuery: VISITOR_QUERY, droppedBy: POST_CHANGES, paramsOfEvent: postOfEvent },
      },
    ],
  },
  { prefix: '/api/comments', service: 'forum', access: 'public', csrf: false },
  { prefix: '/api/report', service: 'forum', access: 'public', csrf: false },
  { prefix: '/api/feature-suggestions', service: 'forum', access: 'public', csrf: false },
  // One visitor's own replies (x-anon-token); never cached.
  { prefix: '/api/notifications', service: 'forum', access: 'public', csrf: false },
  // Attachments: up to 5 files.
  { prefix: '/api/upload', service: 'forum', access: 'public', csrf: false, paths: [{ pattern: '/api/upload', multipartLimit: uploadOf(5) }] },
  {
    prefix: '/api/stats',
    service: 'forum',
    access: 'public',
    csrf: false,
    paths: [
      // Today's posts change with posts; a new member can change the member count.
      { pattern: '/api/stats', cache: { group: 'stats', perVisitorQuery: VISITOR_QUERY, droppedBy: [...POST_CHANGES, 'identity.profile.created'] } },
    ],
  },
  // Uploaded files are only read here; uploading goes through /api/upload with its body limit.
  { prefix: '/uploads', service: 'forum', access: 'public', csrf: false, methods: ['GET', 'HEAD'] },
  { prefix: '/api/admin/reports', service: 'forum', access: 'staff', csrf: true },
  { prefix: '/api/admin/feature-suggestions', service: 'forum', access: 'staff', csrf: true },
  { prefix: '/api/admin/posts', service: 'forum', access: 'staff', csrf: true },
  { prefix: '/api/admin/comments', service: 'forum', access: 'staff', csrf: true },
  { prefix: '/api/admin/held/forum', service: 'forum', access: 'staff', csrf: true },

  {
    prefix: '/api/tools',
    service: 'catalog',
    access: 'public',
    csrf: false,
    paths: [{ pattern: '/api/tools', cache: { group: 'catalog-tools', perVisitorQuery: [], droppedBy: TOOL_CHANGES } }],
  },
  {
    prefix: '/api/templates',
    service: 'catalog',
    access: 'public',
    csrf: false,
    paths: [
      // Template file: one upload of up to 10 MB. The list is one visitor-independent read.
      { pattern: '/api/templates', multipartLimit: uploadOf(1), cache: { group: 'catalog-templates', perVisitorQuery: [], droppedBy: TEMPLATE_CHANGES } },
    ],
  },
  {
    prefix: '/api/polls',
    service: 'catalog',
    access: 'public',
    csrf: false,
    paths: [
      // My Polls (anon_token) is one visitor's; the rest of the list is the same for everyone. Closing
      // by the clock changes a poll's status without an event, so entries live 5 s at most.
      { pattern: '/api/polls', cache: { group: 'catalog-polls', perVisitorQuery: VISITOR_QUERY, droppedBy: POLL_CHANGES, ttlMs: 5_000 } },
      { pattern: '/api/polls/stats', cache: { group: 'catalog-poll-stats', perVisitorQuery: [], droppedBy: POLL_CHANGES, ttlMs: 5_000 } },
      { pattern: '/api/polls/:id', params: { id: /^[1-9]\d{0,14}$/ }, cache: POLL_DETAIL_CACHE },
      { pattern: '/api/polls/:id/breakdown', params: { id: /^[1-9]\d{0,14}$/ }, cache: { ...POLL_DETAIL_CACHE, perVisitorHeaders: [] } },
    ],
  },
  { prefix: '/api/admin/tools', service: 'catalog', access: 'staff', csrf: true },
  { prefix: '/api/admin/polls', service: 'catalog', access: 'staff', csrf: true },
  { prefix: '/api/admin/templates', service: 'catalog', access: 'staff', csrf: true },
  { prefix: '/api/admin/held/catalog', service: 'catalog', access: 'staff', csrf: true },

  {
    prefix: '/api/ama',
    service: 'ama-booking',
    access: 'public',
    csrf: false,
    paths: [
      { pattern: '/api/ama/bookings/:id/receipt', multipartLimit: uploadOf(1) },
      // Session, pricing and occupancy reads: dropped by the session and booking events, so a
      // count is stale for an instant at most after a booking.
      { pattern: '/api/ama/sessions', cache: { group: 'ama-sessions', perVisitorQuery: [], droppedBy: AMA_SESSION_CHANGES } },
      {
        pattern: '/api/ama/sessions/:id',
        params: { id: CANONICAL_ID },
        cache: { group: 'ama-session:{id}', perVisitorQuery: [], droppedBy: AMA_SESSION_CHANGES, paramsOfEvent: amaSessionOfEvent },
      },
      {
        pattern: '/api/ama/sessions/:id/pricing',
        params: { id: CANONICAL_ID },
        cache: { group: 'ama-session:{id}', perVisitorQuery: [], droppedBy: AMA_SESSION_CHANGES, paramsOfEvent: amaSessionOfEvent },
      },
      {
        pattern: '/api/ama/sessions/:id/bookings/count',
        params: { id: CANONICAL_ID },
        cache: { group: 'ama-occupancy:{id}', perVisitorQuery: [], droppedBy: AMA_OCCUPANCY_CHANGES, paramsOfEvent: amaSessionOfEvent },
      },
    ],
  },
  // Session images; receipts are private files that only the staff call serves.
  { prefix: '/uploads/ama', service: 'ama-booking', access: 'public', csrf: false, methods: ['GET', 'HEAD'] },
  {
    prefix: '/api/admin/ama',
    service: 'ama-booking',
    access: 'staff',
    csrf: true,
    paths: [{ pattern: '/api/admin/ama/sessions/:id/image', multipartLimit: uploadOf(1) }],
  },

  {
    prefix: '/api/jobs',
    service: 'jobs',
    access: 'public',
    csrf: false,
    paths: [
      // The public list changes when a job is listed, edited or leaves it. "My job posts"
      // (/api/jobs/mine) is one visitor's own and has no cache entry.
      {
        pattern: '/api/jobs',
        cache: {
          group: 'jobs',
          perVisitorQuery: [],
          droppedBy: ['jobs.job.approved', 'jobs.job.updated', 'jobs.job.expired', 'jobs.job.deleted'],
        },
      },
    ],
  },
  { prefix: '/api/admin/jobs', service: 'jobs', access: 'staff', csrf: true },

  // Mentors live in ama-booking beside AMA hosts (docs/decisions.md, Mentors). Only the directory
  // is cacheable: applications, requests and threads are one visitor's own.
  {
    prefix: '/api/mentors',
    service: 'ama-booking',
    access: 'public',
    csrf: false,
    paths: [{ pattern: '/api/mentors', cache: { group: 'mentors', perVisitorQuery: [], droppedBy: ['ama.mentor.status_changed', 'ama.mentor.deleted'] } }],
  },
  { prefix: '/api/admin/mentors', service: 'ama-booking', access: 'staff', csrf: true },

  // Login, logout and the session probe must work without a staff session; their writes are
  // still refused cross-site (a forged login or logout).
  { prefix: '/api/admin/login', service: 'admin', access: 'public', csrf: true },
  { prefix: '/api/admin/logout', service: 'admin', access: 'public', csrf: true },
  { prefix: '/api/admin/session', service: 'admin', access: 'public', csrf: true },
  { prefix: '/api/admin/staff', service: 'admin', access: 'staff', csrf: true },
  { prefix: '/api/admin/database', service: 'admin', access: 'staff', csrf: true },
  { prefix: '/api/admin/audit', service: 'admin', access: 'staff', csrf: true },
];

/** The admin service path that resolves a staff session cookie to `{id, username, role}`. */
export const STAFF_SESSION_PATH = '/internal/staff-session';
