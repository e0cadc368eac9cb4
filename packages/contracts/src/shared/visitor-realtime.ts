import { z } from 'zod';
import { ReplyNotificationMessage } from './notifications.ts';
import { SERVICES, type ServiceSchema } from './services.ts';
import { MENTOR_REQUEST_STATUSES, MENTOR_STATUSES, MentorMessage } from '../ama/mentors.ts';

/**
 * Realtime messages for one visitor (a "visitor room" in the gateway).
 *
 * A service addresses a visitor by their realtime address: HMAC-SHA256(key = the service's own
 * keyed visitor hash, "wfm-realtime-address:v1"), base64url. The kit computes it
 * (`visitorRealtimeAddress`) from `request.visitor` or from the hash the service already stores, so
 * a service needs no token, no id and no secret to push to a visitor later. The address differs per
 * service like the hash does, so two schemas still cannot be joined on it. The gateway, given a
 * verified token in a socket's hello, computes the same address for every service and so finds the
 * sockets an event is meant for.
 */

/** A visitor's realtime address as one service sees it (32 bytes, base64url). */
export const VisitorAddress = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a visitor realtime address');
export type VisitorAddress = z.infer<typeof VisitorAddress>;

/**
 * Data of each message type that goes to one visitor only. A service that pushes a new kind of
 * message adds its type here; browsers parse these like the public ones.
 */
export const visitorMessageSchemas = {
  /** An AMA booking of this visitor changed status (the browser refetches the booking). */
  booking_status: z.object({
    booking_id: z.number().int(),
    reference: z.string().min(1).max(64),
    status: z.string().min(1).max(64),
  }),
  /** A message in one of this visitor's mentor threads (to the other side of the thread). */
  mentor_message: z.object({ request_id: z.number().int(), message: MentorMessage }),
  /** A mentor request of this visitor was made (to the mentor) or answered (to the requester). */
  mentor_request: z.object({ request_id: z.number().int(), status: z.enum(MENTOR_REQUEST_STATUSES) }),
  /** Staff decided this visitor's mentor application. */
  mentor_application: z.object({ id: z.number().int(), status: z.enum(MENTOR_STATUSES) }),
  /** Someone commented on this visitor's post or answered their AMA question (the bell refetches). */
  reply_notification: ReplyNotificationMessage,
} as const satisfies Record<string, z.ZodType>;
export type VisitorMessageType = keyof typeof visitorMessageSchemas;

const visitorMessageVariants = Object.entries(visitorMessageSchemas).map(([type, data]) =>
  z.object({ type: z.literal(type), data }),
) as unknown as [
  { [T in VisitorMessageType]: z.ZodObject<{ type: z.ZodLiteral<T>; data: (typeof visitorMessageSchemas)[T] }> }[VisitorMessageType],
];

/** `{type, data}` of a message for one visitor. */
export const VisitorMessage = z.discriminatedUnion('type', visitorMessageVariants);
export type VisitorMessage = z.infer<typeof VisitorMessage>;

/**
 * Payload of `<service>.visitor.notify`: the message and the address (in the publishing service's
 * terms) of the visitor it is for. Never the token or its id.
 */
export const VisitorNotifyEvent = z.object({ to: VisitorAddress, message: VisitorMessage });
export type VisitorNotifyEvent = z.infer<typeof VisitorNotifyEvent>;

export type VisitorNotifySubject = `${ServiceSchema}.visitor.notify`;

/** The subject a service (by its schema, which is its event prefix) publishes visitor messages on. */
export const visitorNotifySubject = <S extends ServiceSchema>(schema: S): `${S}.visitor.notify` => `${schema}.visitor.notify`;

/**
 * Every service's visitor-notify subject; the gateway subscribes to each (JetStream refuses one
 * `*.visitor.notify` consumer, which is no subset of the stream's `<service>.>` subjects).
 */
export const VISITOR_NOTIFY_SUBJECTS: readonly VisitorNotifySubject[] = SERVICES.map((s) => visitorNotifySubject(s.schema));

export const visitorEventSchemas = Object.fromEntries(
  VISITOR_NOTIFY_SUBJECTS.map((subject) => [subject, VisitorNotifyEvent]),
) as Record<VisitorNotifySubject, typeof VisitorNotifyEvent>;

/** The service schema a visitor-notify subject belongs to, or null for any other subject. */
export function visitorNotifySource(subject: string): ServiceSchema | null {
  const match = /^([a-z-]+)\.visitor\.notify$/.exec(subject);
  const schema = match?.[1];
  return SERVICES.find((s) => s.schema === schema)?.schema ?? null;
}
