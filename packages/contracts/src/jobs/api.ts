// Public calls of the jobs service: GET/POST /api/jobs, the poster's own posts and withdrawal.
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';

/** Job types offered by the public and edit forms (spec 3 §9); the API takes any of 1-50 characters (§5). */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Temporary'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** Job categories offered by the public and edit forms (spec 3 §9); the API takes any of 1-50 characters (§5). */
export const JOB_CATEGORIES = [
  'Workforce Management',
  'Analytics & Reporting',
  'Contact Center Operations',
  'Management',
  'Quality Assurance',
] as const;
export type JobCategory = (typeof JOB_CATEGORIES)[number];

export const JOB_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Field bounds of a job posting (spec 3 §5, §9). */
export const JOB_LIMITS = {
  title: 150,
  company: 100,
  location: 100,
  jobType: 50,
  category: 50,
  description: 5000,
  requirements: 2000,
  salaryRange: 100,
  applyUrl: 2000,
  tags: 20,
  tag: 50,
  /** Longest search text. */
  query: 200,
} as const;

export const JOB_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be ${JOB_LIMITS.title} characters or less`,
  companyRequired: 'Company is required',
  companyTooLong: `Company must be ${JOB_LIMITS.company} characters or less`,
  locationRequired: 'Location is required',
  locationTooLong: `Location must be ${JOB_LIMITS.location} characters or less`,
  jobTypeRequired: 'Job type is required',
  jobTypeTooLong: `Job type must be ${JOB_LIMITS.jobType} characters or less`,
  categoryRequired: 'Category is required',
  categoryTooLong: `Category must be ${JOB_LIMITS.category} characters or less`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be ${JOB_LIMITS.description} characters or less`,
  requirementsRequired: 'Requirements are required',
  requirementsTooLong: `Requirements must be ${JOB_LIMITS.requirements} characters or less`,
  salaryTooLong: `Salary range must be ${JOB_LIMITS.salaryRange} characters or less`,
  applyUrl: 'Application URL must be a valid http(s) URL',
  tags: `Tags must be a JSON list of at most ${JOB_LIMITS.tags} texts of up to ${JOB_LIMITS.tag} characters`,
  invalidId: 'Invalid job id',
  notFound: 'Job not found',
  notYours: 'You can only withdraw your own job posts',
  queryTooLong: `Search must be ${JOB_LIMITS.query} characters or less`,
  /** Spec 3 §8. */
  posted: 'Job posted successfully!',
  submissionFailed: 'Submission failed',
  unexpected: 'An unexpected error occurred',
} as const;

const trimmed = (max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(1, required).max(max, tooLong);

/** http(s) only: a javascript: or data: link must never become an Apply button. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const ApplyUrl = z
  .string(JOB_MESSAGES.applyUrl)
  .trim()
  .max(JOB_LIMITS.applyUrl, JOB_MESSAGES.applyUrl)
  .refine(isHttpUrl, JOB_MESSAGES.applyUrl);

/** Tags: a list of texts or its JSON text (the spec's entity stores JSON text); absent means []. */
export const JobTags = z.preprocess(
  (value, ctx) => {
    if (value === undefined || value === null || value === '') return [];
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: JOB_MESSAGES.tags });
      return z.NEVER;
    }
  },
  z
    .array(z.string(JOB_MESSAGES.tags).trim().min(1, JOB_MESSAGES.tags).max(JOB_LIMITS.tag, JOB_MESSAGES.tags), JOB_MESSAGES.tags)
    .max(JOB_LIMITS.tags, JOB_MESSAGES.tags),
);

/** An optional salary range: blank means not stated. */
const SalaryRange = z
  .string(JOB_MESSAGES.salaryTooLong)
  .trim()
  .max(JOB_LIMITS.salaryRange, JOB_MESSAGES.salaryTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

/** The fields of a posting a visitor sends and staff edit (spec 3 §5). */
export const JobFields = z.object({
  title: trimmed(JOB_LIMITS.title, JOB_MESSAGES.titleRequired, JOB_MESSAGES.titleTooLong),
  company: trimmed(JOB_LIMITS.company, JOB_MESSAGES.companyRequired, JOB_MESSAGES.companyTooLong),
  location: trimmed(JOB_LIMITS.location, JOB_MESSAGES.locationRequired, JOB_MESSAGES.locationTooLong),
  // Spec 3 §5: 1-50 characters each; the forms offer only JOB_TYPES and JOB_CATEGORIES.
  job_type: trimmed(JOB_LIMITS.jobType, JOB_MESSAGES.jobTypeRequired, JOB_MESSAGES.jobTypeTooLong),
  category: trimmed(JOB_LIMITS.category, JOB_MESSAGES.categoryRequired, JOB_MESSAGES.categoryTooLong),
  description: trimmed(JOB_LIMITS.description, JOB_MESSAGES.descriptionRequired, JOB_MESSAGES.descriptionTooLong),
  requirements: trimmed(JOB_LIMITS.requirements, JOB_MESSAGES.requirementsRequired, JOB_MESSAGES.requirementsTooLong),
  salary_range: SalaryRange,
  apply_url: ApplyUrl,
  tags: JobTags,
});

/**
 * POST /api/jobs. `submitted_by` is accepted for the spec's clients and ignored: the server sets it
 * from the visitor's username (or "Anonymous"); `status` is never the client's to choose.
 */
export const CreateJobBody = JobFields.extend({
  submitted_by: z.unknown().optional(),
});
export type CreateJobBody = z.input<typeof CreateJobBody>;
export type JobInput = z.output<typeof JobFields>;

/** A job as the public list shows it (only approved ones are listed). */
export const Job = z.object({
  id: z.number().int(),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  job_type: z.string(),
  category: z.string(),
  description: z.string(),
  requirements: z.string(),
  salary_range: z.string().nullable(),
  apply_url: z.string(),
  tags: z.array(z.string()),
  submitted_by: z.string(),
  status: z.enum(JOB_STATUSES),
  created_at: z.number(),
});
export type Job = z.infer<typeof Job>;

export const JobIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, JOB_MESSAGES.invalidId)
    .transform(Number),
});

const boolFlag = z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()).transform((v) => v === 'true');

/** A list filter on a 1-50 character field: "All", empty or blank means no filter. */
const textFilter = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (v === 'All' || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string(tooLong).trim().max(max, tooLong).optional(),
  );

/** GET /api/jobs: approved jobs, newest first; "All" (or nothing) means no filter. */
export const ListJobsQuery = z.object({
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(JOB_LIMITS.query, JOB_MESSAGES.queryTooLong).optional()),
  category: textFilter(JOB_LIMITS.category, JOB_MESSAGES.categoryTooLong),
  job_type: textFilter(JOB_LIMITS.jobType, JOB_MESSAGES.jobTypeTooLong),
  /** Pay transparency: only jobs that state a salary range. */
  shows_pay: boolFlag,
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(200).default(100)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100_000).default(0)),
});
export type ListJobsQuery = z.input<typeof ListJobsQuery>;
export type JobListFilters = z.output<typeof ListJobsQuery>;

export const ListJobsResponse = z.array(Job);
export type ListJobsResponse = z.infer<typeof ListJobsResponse>;

/** GET /api/jobs/mine: the verified visitor's own postings, every status, newest first. */
export const MyJobsResponse = z.array(Job);
export type MyJobsResponse = z.infer<typeof MyJobsResponse>;

/** DELETE /api/jobs/{id}: the poster withdraws their own posting. */
export const WithdrawJobResponse = z.object({ success: z.literal(true), id: z.number().int() });
export type WithdrawJobResponse = z.infer<typeof WithdrawJobResponse>;
