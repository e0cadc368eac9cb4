import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { STAFF_ROLES } from '@wfm/contracts/shared';
import type { StaffIdentity } from '@wfm/service-kit';
import { STAFF_SESSION_PATH } from './routes.ts';

/** What the admin service answers for a valid staff session cookie. */
const StaffSession = z.object({
  id: z.number().int().positive(),
  username: z.string().min(1),
  role: z.enum(STAFF_ROLES),
}) satisfies z.ZodType<StaffIdentity>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff check on staff routes; forwarded to the service in signed headers. */
    staffSession: StaffIdentity | null;
  }
}

const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * Asks the admin service who owns the session cookie. Null when the service says the session is
 * not valid (any answer but 200 with a staff identity); throws when the service cannot be reached.
 */
export async function lookupStaffLogin(
  admin: Dispatcher,
  cookie: string,
  requestId: string,
): Promise<StaffIdentity | null> {
  const res = await admin.request({
    method: 'GET',
    path: STAFF_SESSION_PATH,
    headers: { cookie, 'x-request-id': requestId, accept: 'application/json' },
    headersTimeout: LOOKUP_TIMEOUT_MS,
    bodyTimeout: LOOKUP_TIMEOUT_MS,
  });
  if (res.statusCode !== 200) {
    await res.body.dump();
    return null;
  }
  const parsed = StaffSession.safeParse(await res.body.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/** preHandler for staff routes: 401 without a valid staff session, 503 when admin is unreachable. */
export function staffLoginCheck(admin: Dispatcher) {
  return async function requireStaffSession(request: FastifyRequest, reply: FastifyReply) {
    const cookie = request.headers.cookie;
    let staff: StaffIdentity | null = null;
    if (cookie) {
      try {
        staff = await lookupStaffLogin(admin, cookie, request.id);
      } catch (err) {
        request.log.warn({ err }, 'staff session check failed: admin service unreachable');
        return reply.code(503).send({ message: 'Service temporarily unavailable, please try again shortly' });
      }
    }
    if (!staff) return reply.code(401).send({ message: 'Authentication required' });
    request.staffSession = staff;
  };
}
