import type { z } from 'zod';
import { adminEventSchemas } from '../admin/events.ts';
import { catalogEventSchemas } from '../catalog/events.ts';
import { amaEventSchemas } from '../ama/events.ts';
import { forumEventSchemas } from '../forum/events.ts';
import { identityEventSchemas } from '../identity/events.ts';
import { jobsEventSchemas } from '../jobs/events.ts';
import { visitorEventSchemas } from './visitor-realtime.ts';

/**
 * Payload schema of every event on the bus, by subject `<service>.<entity>.<verb>`: each service's
 * own `events.ts`, plus `<service>.visitor.notify` (visitor-realtime.ts). A new service adds its map here.
 */
export const eventSchemas = {
  ...identityEventSchemas,
  ...forumEventSchemas,
  ...adminEventSchemas,
  ...jobsEventSchemas,
  ...catalogEventSchemas,
  ...amaEventSchemas,
  ...visitorEventSchemas,
} as const;

export type EventSubject = keyof typeof eventSchemas;
export type EventPayload<S extends EventSubject> = z.infer<(typeof eventSchemas)[S]>;

/** JetStream stream that carries every service's events. */
export const EVENT_STREAM = 'WFM_EVENTS';
export const EVENT_STREAM_SUBJECTS = ['identity.>', 'forum.>', 'catalog.>', 'ama.>', 'jobs.>', 'admin.>'];
