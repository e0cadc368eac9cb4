import { z } from 'zod';
import type { EventSubject } from './events.ts';
import { Comment } from '../forum/comments.ts';
import { PostSummary } from '../forum/posts.ts';
import { PostDeletedEvent, PostUpvotedEvent } from '../forum/events.ts';
import { Job } from '../jobs/api.ts';
import { JobSubmittedEvent } from '../jobs/events.ts';
import { BookingChangedEvent, MentorChangedEvent, QuestionChangedEvent, ReceiptChangedEvent, SessionChangedEvent } from '../ama/events.ts';
import { visitorMessageSchemas } from './visitor-realtime.ts';
import { PollVotedEvent } from '../catalog/events.ts';
import { REALTIME_REPLAY_MAX_MS } from './realtime-limits.ts';

export { REALTIME_REPLAY_MAX_MS };

/** Data of each message type the gateway pushes to every browser. */
export const publicMessageSchemas = {
  /** identity.profile.created */
  member_joined: z.object({ username: z.string(), created_at: z.number() }),
  /** forum.post.created: the post summary. */
  new_post: PostSummary,
  /** forum.post.updated (the post summary) or forum.post.deleted ({id, at}). */
  post_updated: z.union([PostSummary, PostDeletedEvent]),
  /** forum.comment.created: the comment. */
  new_comment: Comment,
  /** forum.post.upvoted: {post_id, upvotes}. */
  upvote: PostUpvotedEvent,
  /** jobs.job.approved: the job now listed (the /jobs list refreshes). */
  job_approved: Job,
  /** jobs.job.submitted: {id, flagged, created_at}, so the admin jobs badge refreshes. */
  job_submitted: JobSubmittedEvent,
  /** catalog.poll.voted: {poll_id, total_votes, options: [{id, votes, percentage}]}. */
  poll_updated: PollVotedEvent,
  /** ama.session.*: which session changed (list and detail refetch; no personal data). */
  ama_session_changed: SessionChangedEvent,
  /** ama.booking.*: a booking of a session changed (occupancy, admin bookings tab). */
  ama_booking_changed: BookingChangedEvent,
  /** ama.receipt.*: a receipt was uploaded or validated (admin bookings tab). */
  ama_receipt_changed: ReceiptChangedEvent,
  /** ama.question.*: a question was asked, answered, upvoted or deleted (session page). */
  ama_question_changed: QuestionChangedEvent,
  /** ama.mentor.*: a mentor application was made, decided, suspended or deleted (directory, staff tab badge). */
  mentor_changed: MentorChangedEvent,
} as const satisfies Record<string, z.ZodType>;
export type PublicMessageType = keyof typeof publicMessageSchemas;

/** Bus subjects pushed to browsers over /ws, and the message type each becomes. */
export const realtimeMap: Partial<Record<EventSubject, PublicMessageType>> = {
  'identity.profile.created': 'member_joined',
  'forum.post.created': 'new_post',
  'forum.post.updated': 'post_updated',
  'forum.post.deleted': 'post_updated',
  'forum.comment.created': 'new_comment',
  'forum.post.upvoted': 'upvote',
  'jobs.job.approved': 'job_approved',
  'jobs.job.submitted': 'job_submitted',
  'catalog.poll.voted': 'poll_updated',
  'ama.session.created': 'ama_session_changed',
  'ama.session.updated': 'ama_session_changed',
  'ama.session.deleted': 'ama_session_changed',
  'ama.booking.created': 'ama_booking_changed',
  'ama.booking.status_changed': 'ama_booking_changed',
  'ama.booking.deleted': 'ama_booking_changed',
  'ama.receipt.uploaded': 'ama_receipt_changed',
  'ama.receipt.validated': 'ama_receipt_changed',
  'ama.question.created': 'ama_question_changed',
  'ama.question.answered': 'ama_question_changed',
  'ama.question.upvoted': 'ama_question_changed',
  'ama.question.deleted': 'ama_question_changed',
  'ama.mentor.applied': 'mentor_changed',
  'ama.mentor.status_changed': 'mentor_changed',
  'ama.mentor.deleted': 'mentor_changed',
};

/**
 * The gateway's answer to a client's hello: `visitor` is true when the token was one identity issued
 * and the socket now also gets the messages for that visitor, false when it stays a public socket.
 * `missed` is true when the hello asked for a replay (`replay_ms`) the replica could not make whole
 * (some of those messages are no longer kept, or came before it started): the page refetches.
 */
export const HelloResult = z.object({ visitor: z.boolean(), missed: z.boolean() });
export type HelloResult = z.infer<typeof HelloResult>;

/** Data of every message type a browser may receive over /ws: public, visitor-directed and hello. */
export const realtimeMessageSchemas = {
  ...publicMessageSchemas,
  ...visitorMessageSchemas,
  hello: HelloResult,
} as const;
export type RealtimeType = keyof typeof realtimeMessageSchemas;
export type RealtimeData<T extends RealtimeType> = z.infer<(typeof realtimeMessageSchemas)[T]>;

type RealtimeVariant<T extends RealtimeType> = z.ZodObject<{
  type: z.ZodLiteral<T>;
  data: (typeof realtimeMessageSchemas)[T];
}>;

const realtimeVariants = Object.entries(realtimeMessageSchemas).map(([type, data]) =>
  z.object({ type: z.literal(type), data }),
) as unknown as [{ [T in RealtimeType]: RealtimeVariant<T> }[RealtimeType]];

/** A server-to-browser message `{type, data}`, discriminated by `type`. */
export const RealtimeMessage = z.discriminatedUnion('type', realtimeVariants);
export type RealtimeMessage = z.infer<typeof RealtimeMessage>;

/** Most bytes a browser may send in one websocket message (the gateway closes the socket beyond). */
export const REALTIME_CLIENT_MAX_BYTES = 1024;

/**
 * Browser-to-gateway messages. `hello` identifies the socket's visitor with their token (sent in a
 * message, never in the URL, so it does not land in access logs; empty for none); the gateway
 * answers `hello`. `replay_ms` asks, once per socket, for the public messages broadcast that many
 * milliseconds before the socket opened: a page's first socket asks for those since the page was
 * loaded, which its data (perhaps rendered on the server) may not show.
 */
export const RealtimeClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    anon_token: z.string().max(256),
    replay_ms: z.number().int().nonnegative().max(REALTIME_REPLAY_MAX_MS).optional(),
  }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;
