import { z } from 'zod';
import { SERVICES, type ServiceName } from './services.ts';

/**
 * "Your data" (issue 26 item 6): a visitor downloads everything tied to their token and deletes all
 * their content in one action. Each service answers for its own schema on two internal routes (the
 * kit's visitorDataRoutes); the gateway asks every service at once and answers the public calls.
 */
export const VISITOR_DATA_PATH = '/internal/visitor-data';
export const VISITOR_DATA_ERASE_PATH = '/internal/visitor-data/erase';
export const MY_DATA_PATH = '/api/me/data';
export const MY_DATA_ERASE_PATH = '/api/me/data/erase';

/**
 * Every kind of record a service exports, with the label the web app shows and whether "Delete all
 * my content" removes it. Kinds that stay (votes, bookings' history, the profile) are listed too, so
 * the confirmation can say what is kept.
 */
export const VISITOR_DATA_KINDS = {
  profile: { service: 'identity', label: 'Profile', erased: false },
  posts: { service: 'forum', label: 'Posts', erased: true },
  comments: { service: 'forum', label: 'Comments', erased: true },
  post_upvotes: { service: 'forum', label: 'Post upvotes', erased: false },
  tools: { service: 'catalog', label: 'Tools', erased: true },
  templates: { service: 'catalog', label: 'Templates', erased: true },
  polls: { service: 'catalog', label: 'Polls', erased: true },
  tool_votes: { service: 'catalog', label: 'Tool votes', erased: false },
  poll_votes: { service: 'catalog', label: 'Poll votes', erased: false },
  bookings: { service: 'ama-booking', label: 'AMA bookings', erased: false },
  waitlist: { service: 'ama-booking', label: 'AMA waitlist places', erased: false },
  questions: { service: 'ama-booking', label: 'AMA questions', erased: true },
  question_upvotes: { service: 'ama-booking', label: 'AMA question upvotes', erased: false },
  mentor_application: { service: 'ama-booking', label: 'Mentor application', erased: true },
  mentor_requests: { service: 'ama-booking', label: 'Mentor requests and threads', erased: false },
  job_posts: { service: 'jobs', label: 'Job posts', erased: true },
} as const satisfies Record<string, { service: ServiceName; label: string; erased: boolean }>;
export type VisitorDataKind = keyof typeof VISITOR_DATA_KINDS;

/**
 * The services holding visitor data, each asked by the gateway (admin holds staff data only; help
 * tickets and reports carry a typed name, no visitor hash, so nothing ties them to a token).
 */
export const VISITOR_DATA_SERVICES: readonly ServiceName[] = [...new Set(Object.values(VISITOR_DATA_KINDS).map((k) => k.service))];

/** One exported record: plain JSON fields of the visitor's own row (never another visitor's data or staff-only fields). */
export const VisitorDataRecord = z.record(z.string(), z.unknown());

/** One service's answer on GET /internal/visitor-data. */
export const ServiceVisitorData = z.object({ records: z.record(z.string(), z.array(VisitorDataRecord)) });
export type ServiceVisitorData = z.infer<typeof ServiceVisitorData>;

/** One service's answer on POST /internal/visitor-data/erase: what it removed (or cancelled) per kind. */
export const ServiceVisitorErase = z.object({ erased: z.record(z.string(), z.number().int().nonnegative()) });
export type ServiceVisitorErase = z.infer<typeof ServiceVisitorErase>;

const SERVICE_NAMES = SERVICES.map((s) => s.name) as [ServiceName, ...ServiceName[]];

/** GET /api/me/data: the whole download (saved by the web app as wfm-my-data-<date>.json). */
export const MyDataExport = z.object({
  exported_at: z.number().int(),
  /** Records per kind (the confirmation of "Delete all my content" shows these). */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /** Every service's records, by service then kind. */
  services: z.partialRecord(z.enum(SERVICE_NAMES), z.record(z.string(), z.array(VisitorDataRecord))),
});
export type MyDataExport = z.infer<typeof MyDataExport>;

/** POST /api/me/data/erase: what was removed per kind (zeros on a second call: erasing is idempotent). */
export const MyDataEraseResponse = z.object({ erased: z.record(z.string(), z.number().int().nonnegative()) });
export type MyDataEraseResponse = z.infer<typeof MyDataEraseResponse>;

export const MY_DATA_MESSAGES = {
  exportUnavailable: 'Your data could not be gathered from every part of the site, so nothing was sent. Please try again in a minute.',
  eraseUnavailable: 'Not every part of the site could delete your content. What was deleted stays deleted; please try again in a minute.',
} as const;
