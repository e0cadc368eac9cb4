import type { HTTPMethods } from 'fastify';
import type { ServiceName } from '@wfm/contracts';

/**
 * `public`: proxied as is. `staff`: the gateway first checks the staff session with the admin
 * service and forwards the staff identity in signed headers.
 */
export type RouteAccess = 'public' | 'staff';

export interface ProxyRoute {
  /** Path prefix; the route matches the prefix itself and everything below it. */
  prefix: string;
  service: ServiceName;
  access: RouteAccess;
  /** Methods proxied; default all. */
  methods?: readonly HTTPMethods[];
}

/**
 * The one route table of the gateway: which service owns which path prefix. Services receive the
 * original path unchanged. Any other /api path answers a JSON 404 from the gateway.
 */
export const PROXY_ROUTES: readonly ProxyRoute[] = [
  { prefix: '/api/session', service: 'identity', access: 'public' },
  { prefix: '/api/user-profile', service: 'identity', access: 'public' },
  { prefix: '/api/admin/user-profiles', service: 'identity', access: 'staff' },

  { prefix: '/api/posts', service: 'forum', access: 'public' },
  { prefix: '/api/comments', service: 'forum', access: 'public' },
  { prefix: '/api/report', service: 'forum', access: 'public' },
  { prefix: '/api/feature-suggestions', service: 'forum', access: 'public' },
  { prefix: '/api/upload', service: 'forum', access: 'public' },
  { prefix: '/api/stats', service: 'forum', access: 'public' },
  // Uploaded files are only read here; uploading goes through /api/upload with its body limit.
  { prefix: '/uploads', service: 'forum', access: 'public', methods: ['GET', 'HEAD'] },
  { prefix: '/api/admin/reports', service: 'forum', access: 'staff' },
  { prefix: '/api/admin/feature-suggestions', service: 'forum', access: 'staff' },
  { prefix: '/api/admin/posts', service: 'forum', access: 'staff' },

  { prefix: '/api/tools', service: 'catalog', access: 'public' },
  { prefix: '/api/templates', service: 'catalog', access: 'public' },
  { prefix: '/api/polls', service: 'catalog', access: 'public' },
  { prefix: '/api/admin/tools', service: 'catalog', access: 'staff' },
  { prefix: '/api/admin/polls', service: 'catalog', access: 'staff' },

  { prefix: '/api/ama', service: 'ama-booking', access: 'public' },
  { prefix: '/api/admin/ama', service: 'ama-booking', access: 'staff' },

  { prefix: '/api/jobs', service: 'jobs', access: 'public' },
  { prefix: '/api/admin/jobs', service: 'jobs', access: 'staff' },

  // Login, logout and the session probe must work without a staff session.
  { prefix: '/api/admin/login', service: 'admin', access: 'public' },
  { prefix: '/api/admin/logout', service: 'admin', access: 'public' },
  { prefix: '/api/admin/session', service: 'admin', access: 'public' },
  { prefix: '/api/admin/staff', service: 'admin', access: 'staff' },
  { prefix: '/api/admin/database', service: 'admin', access: 'staff' },
  { prefix: '/api/admin/mentors', service: 'admin', access: 'staff' },
  { prefix: '/api/admin/audit', service: 'admin', access: 'staff' },
  { prefix: '/api/mentors', service: 'admin', access: 'public' },
];

/** The admin service path that resolves a staff session cookie to `{id, username, role}`. */
export const STAFF_SESSION_PATH = '/internal/staff-session';

/** The staff API (/api/admin/*, login included): its writes get the cross-site check. */
export const isStaffApi = (route: ProxyRoute) => route.prefix.startsWith('/api/admin/');
