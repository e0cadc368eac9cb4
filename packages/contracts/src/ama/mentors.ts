// Mentors (spec 3 §3-§7): applications, the public directory, requests to a mentor and the private
// message thread of an accepted request. They live in the ama-booking service beside AMA hosts.
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { isHttpUrl } from './api.ts';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** Application states (§4); suspended comes from the wider data model. */
export const MENTOR_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type MentorStatus = (typeof MENTOR_STATUSES)[number];

export const MENTOR_STATUS_LABELS: Readonly<Record<MentorStatus, string>> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

export const MENTOR_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type MentorRequestStatus = (typeof MENTOR_REQUEST_STATUSES)[number];

/** Tags the application form offers; applicants may type others. */
export const MENTOR_EXPERTISE_SUGGESTIONS = [
  'Forecasting',
  'Scheduling',
  'Real-time management',
  'Capacity planning',
  'Erlang & staffing models',
  'WFM software',
  'Reporting & analytics',
  'Leadership',
  'Career growth',
] as const;

/** Bounds of §5 "Mentor (schema)" and of what the spec leaves open (docs/decisions.md, Mentors). */
export const MENTOR_LIMITS = {
  name: 100,
  bio: 1000,
  timezone: 50,
  yearsMin: 0,
  yearsMax: 50,
  tagsMin: 1,
  tagsMax: 10,
  tag: 40,
  availability: 200,
  contactInfo: 200,
  linkedinUrl: 300,
  requesterName: 100,
  requesterContact: 200,
  requestMessage: 1000,
  goals: 500,
  message: 2000,
  /** Characters of a bio or request shown in the staff list. */
  preview: 100,
  /** Messages a thread answer carries (the newest ones, oldest first). */
  threadMessages: 500,
} as const;

/** Every text the service answers with about mentors. */
export const MENTOR_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be 100 characters or less',
  bioRequired: 'Bio is required',
  bioTooLong: 'Bio must be 1000 characters or less',
  timezoneRequired: 'Timezone is required',
  timezoneTooLong: 'Timezone must be 50 characters or less',
  yearsRange: 'Years of experience must be between 0 and 50',
  tagsRequired: 'Add at least one expertise tag',
  tagsTooMany: 'Add at most 10 expertise tags',
  tagTooLong: 'Each expertise tag must be 40 characters or less',
  availabilityTooLong: 'Availability must be 200 characters or less',
  contactTooLong: 'Contact info must be 200 characters or less',
  linkedinInvalid: 'LinkedIn URL must be a valid URL',
  usernameRequired: 'Choose a username before applying to be a mentor',
  alreadyApplied: 'You have already applied to be a mentor',
  suspended: 'Your mentor profile is suspended',
  mentorNotFound: 'Mentor not found',
  invalidMentorId: 'Invalid mentor ID',
  requesterNameRequired: 'Your name is required',
  requesterNameTooLong: 'Your name must be 100 characters or less',
  requesterContactRequired: 'Contact details are required',
  requesterContactTooLong: 'Contact details must be 200 characters or less',
  requestMessageRequired: 'Message is required',
  requestMessageTooLong: 'Message must be 1000 characters or less',
  goalsRequired: 'Goals are required',
  goalsTooLong: 'Goals must be 500 characters or less',
  ownMentor: 'You cannot request mentoring from yourself',
  openRequest: 'You already have an open request with this mentor',
  requestNotFound: 'Mentor request not found',
  invalidRequestId: 'Invalid request ID',
  requestDecided: (status: string) => `This request is already ${status}`,
  badRequestStatus: 'Status must be accepted or declined',
  notAccepted: 'Messages can be sent once the mentor accepts the request',
  mentorOnly: 'Only the mentor can answer this request',
  mentorUnavailable: 'This mentor is not available right now',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be 2000 characters or less',
  badStatus: 'Status must be pending, approved, rejected or suspended',
  badTransition: (from: string, to: string) => `A ${from} mentor application cannot be ${to}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const idParam = (message: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .transform(Number);

export const MentorIdParams = z.object({ id: idParam(MENTOR_MESSAGES.invalidMentorId) });
export const MentorRequestIdParams = z.object({ id: idParam(MENTOR_MESSAGES.invalidRequestId) });

const text = (required: string, max: number, tooLong: string) =>
  z.string(required).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string(tooLong).trim().max(max, tooLong));

/** Expertise tags: a list, or the JSON list text of the spec's data model; trimmed, de-duplicated regardless of case. */
export const ExpertiseTags = z
  .preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: MENTOR_MESSAGES.tagsRequired });
      return z.NEVER;
    }
  }, z.array(z.string(MENTOR_MESSAGES.tagsRequired).trim().max(MENTOR_LIMITS.tag, MENTOR_MESSAGES.tagTooLong), MENTOR_MESSAGES.tagsRequired).max(50, MENTOR_MESSAGES.tagsTooMany))
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => t !== '' && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  })
  .pipe(z.array(z.string()).min(MENTOR_LIMITS.tagsMin, MENTOR_MESSAGES.tagsRequired).max(MENTOR_LIMITS.tagsMax, MENTOR_MESSAGES.tagsTooMany));

// ---------------------------------------------------------------------------------------------
// Applications and the directory
// ---------------------------------------------------------------------------------------------

/** POST /api/mentors: a visitor with a username applies; submitted_by is the server's. */
export const MentorApplicationBody = z.object({
  name: text(MENTOR_MESSAGES.nameRequired, MENTOR_LIMITS.name, MENTOR_MESSAGES.nameTooLong),
  years_experience: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number(MENTOR_MESSAGES.yearsRange)
      .int(MENTOR_MESSAGES.yearsRange)
      .min(MENTOR_LIMITS.yearsMin, MENTOR_MESSAGES.yearsRange)
      .max(MENTOR_LIMITS.yearsMax, MENTOR_MESSAGES.yearsRange),
  ),
  bio: text(MENTOR_MESSAGES.bioRequired, MENTOR_LIMITS.bio, MENTOR_MESSAGES.bioTooLong),
  expertise_tags: ExpertiseTags,
  timezone: text(MENTOR_MESSAGES.timezoneRequired, MENTOR_LIMITS.timezone, MENTOR_MESSAGES.timezoneTooLong),
  availability_hours: optionalText(MENTOR_LIMITS.availability, MENTOR_MESSAGES.availabilityTooLong),
  contact_info: optionalText(MENTOR_LIMITS.contactInfo, MENTOR_MESSAGES.contactTooLong),
  /** A valid URL or empty. */
  linkedin_url: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string(MENTOR_MESSAGES.linkedinInvalid)
      .trim()
      .max(MENTOR_LIMITS.linkedinUrl, MENTOR_MESSAGES.linkedinInvalid)
      .refine(isHttpUrl, MENTOR_MESSAGES.linkedinInvalid)
      .nullable(),
  ),
});
export type MentorApplicationBody = z.input<typeof MentorApplicationBody>;

/** A mentor as everyone sees them (approved only): never contact details. */
export const PublicMentor = z.object({
  id: z.number().int(),
  name: z.string(),
  years_experience: z.number().int(),
  bio: z.string(),
  expertise_tags: z.array(z.string()),
  timezone: z.string(),
  availability_hours: z.string(),
  created_at: z.number(),
});
export type PublicMentor = z.infer<typeof PublicMentor>;

/** The applicant's own application: every field they sent, the status and the server's name. */
export const MentorApplication = PublicMentor.extend({
  status: z.enum(MENTOR_STATUSES),
  contact_info: z.string(),
  linkedin_url: z.string().nullable(),
  submitted_by: z.string(),
  updated_at: z.number(),
});
export type MentorApplication = z.infer<typeof MentorApplication>;

/** GET /api/mentors/me: the visitor's application, or null. */
export const MyMentorApplicationResponse = z.object({ application: MentorApplication.nullable() });
export type MyMentorApplicationResponse = z.infer<typeof MyMentorApplicationResponse>;

/** GET /api/mentors?tag&limit&offset. */
export const MentorsQuery = z.object({
  tag: z.preprocess(emptyAsUndefined, z.string().trim().max(MENTOR_LIMITS.tag).optional()),
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(50)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0)),
});
export const MentorTagCount = z.object({ tag: z.string(), count: z.number().int() });
export const MentorsResponse = z.object({
  mentors: z.array(PublicMentor),
  total: z.number().int(),
  /** Every tag of an approved mentor, most used first (the filter's choices). */
  tags: z.array(MentorTagCount),
});
export type MentorsResponse = z.infer<typeof MentorsResponse>;

// ---------------------------------------------------------------------------------------------
// Requests and messages
// ---------------------------------------------------------------------------------------------

/** POST /api/mentors/{id}/requests. */
export const MentorRequestBody = z.object({
  requester_name: text(MENTOR_MESSAGES.requesterNameRequired, MENTOR_LIMITS.requesterName, MENTOR_MESSAGES.requesterNameTooLong),
  requester_contact: text(MENTOR_MESSAGES.requesterContactRequired, MENTOR_LIMITS.requesterContact, MENTOR_MESSAGES.requesterContactTooLong),
  message: text(MENTOR_MESSAGES.requestMessageRequired, MENTOR_LIMITS.requestMessage, MENTOR_MESSAGES.requestMessageTooLong),
  goals: text(MENTOR_MESSAGES.goalsRequired, MENTOR_LIMITS.goals, MENTOR_MESSAGES.goalsTooLong),
});
export type MentorRequestBody = z.input<typeof MentorRequestBody>;

/** A request as its two visitors (and staff) see it; `role` is the caller's side ("staff" for staff). */
export const MentorRequest = z.object({
  id: z.number().int(),
  mentor_id: z.number().int(),
  mentor_name: z.string(),
  requester_name: z.string(),
  requester_contact: z.string(),
  message: z.string(),
  goals: z.string(),
  status: z.enum(MENTOR_REQUEST_STATUSES),
  message_count: z.number().int(),
  created_at: z.number(),
  updated_at: z.number(),
  role: z.enum(['mentor', 'requester', 'staff']),
});
export type MentorRequest = z.infer<typeof MentorRequest>;

/** GET /api/mentors/requests: requests the visitor received as a mentor and sent as a requester. */
export const MyMentorRequestsResponse = z.object({ received: z.array(MentorRequest), sent: z.array(MentorRequest) });
export type MyMentorRequestsResponse = z.infer<typeof MyMentorRequestsResponse>;

/** PUT /api/mentors/requests/{id}/status: the mentor answers a pending request. */
export const MentorRequestStatusBody = z.object({
  status: z.enum(['accepted', 'declined'], MENTOR_MESSAGES.badRequestStatus),
});

/** POST /api/mentors/requests/{id}/messages. */
export const MentorMessageBody = z.object({
  message: text(MENTOR_MESSAGES.messageRequired, MENTOR_LIMITS.message, MENTOR_MESSAGES.messageTooLong),
  isAnonymous: z.boolean().default(false),
});
export type MentorMessageBody = z.input<typeof MentorMessageBody>;

export const MentorMessage = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  /** Which side wrote it. */
  sender: z.enum(['mentor', 'requester']),
  /** The mentor's or requester's name, or "Anonymous". */
  sender_name: z.string(),
  message: z.string(),
  isAnonymous: z.boolean(),
  created_at: z.number(),
});
export type MentorMessage = z.infer<typeof MentorMessage>;

/** GET /api/mentors/requests/{id} (and the staff view): the request and its newest messages, oldest first. */
export const MentorThread = z.object({ request: MentorRequest, messages: z.array(MentorMessage) });
export type MentorThread = z.infer<typeof MentorThread>;

// ---------------------------------------------------------------------------------------------
// Staff calls (right "mentors": Moderator and up)
// ---------------------------------------------------------------------------------------------

/** A row of GET /api/admin/mentors: the whole application and how many requests it has. */
export const StaffMentor = MentorApplication.extend({ request_count: z.number().int() });
export type StaffMentor = z.infer<typeof StaffMentor>;
export const StaffMentorsQuery = z.object({
  status: z.preprocess(emptyAsUndefined, z.enum(MENTOR_STATUSES, MENTOR_MESSAGES.badStatus).optional()),
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(500)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0)),
});
export const StaffMentorsResponse = z.array(StaffMentor);
export type StaffMentorsResponse = z.infer<typeof StaffMentorsResponse>;

/**
 * PUT /api/admin/mentors/{id}/status: pending -> approved | rejected; approved -> suspended;
 * suspended -> approved (reinstated). Anything else is a 409.
 */
export const MentorStatusBody = z.object({ status: z.enum(MENTOR_STATUSES, MENTOR_MESSAGES.badStatus) });
export type MentorStatusBody = z.infer<typeof MentorStatusBody>;
export const MENTOR_TRANSITIONS: Readonly<Record<MentorStatus, readonly MentorStatus[]>> = {
  pending: ['approved', 'rejected'],
  approved: ['suspended'],
  suspended: ['approved'],
  rejected: [],
};

export const StaffMentorRequestsResponse = z.array(MentorRequest);
export const DeleteMentorResponse = z.object({ success: z.literal(true), id: z.number().int() });
export type DeleteMentorResponse = z.infer<typeof DeleteMentorResponse>;

/** The first `MENTOR_LIMITS.preview` characters, with an ellipsis when cut. */
export function mentorPreview(value: string, chars: number = MENTOR_LIMITS.preview): string {
  return value.length > chars ? `${value.slice(0, chars)}…` : value;
}
