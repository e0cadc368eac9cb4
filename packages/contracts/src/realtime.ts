import { z } from 'zod';
import type { EventSubject } from './events.ts';

/** Bus subjects pushed to browsers over /ws, and the message type each becomes. */
export const realtimeMap: Partial<Record<EventSubject, string>> = {
  'identity.profile.created': 'member_joined',
};

export const RealtimeMessage = z.object({ type: z.string(), data: z.unknown() });
export type RealtimeMessage = z.infer<typeof RealtimeMessage>;
