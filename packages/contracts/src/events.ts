import { z } from 'zod';
import { adminEventSchemas } from './admin-events.ts';
import { forumEventSchemas } from './forum-events.ts';
import { StaffActionEvent } from './staff-action.ts';
import { visitorEventSchemas } from './visitor-realtime.ts';

/** Payload schema of every event on the bus, by subject `<service>.<entity>.<verb>`. */
export const eventSchemas = {
  'identity.profile.created': z.object({ username: z.string(), created_at: z.number() }),
  'identity.staff.action': StaffActionEvent,
  /**
   * A visitor token was revoked. `revocation` is the kit's revocation key of the token
   * (HMAC under VISITOR_TOKEN_SECRET, base64url), never the token: each service's kit keeps it in
   * kit_revoked_visitors and refuses the token for per-visitor writes.
   */
  'identity.visitor.revoked': z.object({ revocation: z.string().regex(/^[A-Za-z0-9_-]{43}$/), at: z.number().int() }),
  ...forumEventSchemas,
  ...adminEventSchemas,
  /** `<service>.visitor.notify`: a message for one visitor's sockets (visitor-realtime.ts). */
  ...visitorEventSchemas,
} as const;

export type EventSubject = keyof typeof eventSchemas;
export type EventPayload<S extends EventSubject> = z.infer<(typeof eventSchemas)[S]>;

/** JetStream stream that carries every service's events. */
export const EVENT_STREAM = 'WFM_EVENTS';
export const EVENT_STREAM_SUBJECTS = ['identity.>', 'forum.>', 'catalog.>', 'ama.>', 'jobs.>', 'admin.>'];

export { StaffActionEvent };
