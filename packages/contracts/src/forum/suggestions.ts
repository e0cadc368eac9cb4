import { z } from 'zod';
import { ANONYMOUS } from '../shared/common.ts';

export const SUGGESTION_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type SuggestionPriority = (typeof SUGGESTION_PRIORITIES)[number];
export const SUGGESTION_LIMITS = { title: 100, description: 1000, contact: 200, authorName: 50 } as const;
export const SUGGESTION_MESSAGES = {
  missingHeader: 'Please provide both a title and description for your suggestion.',
  missingSidebar: 'Please fill in both title and description.',
  titleTooLong: 'Title must be 100 characters or less',
  descriptionTooLong: 'Description must be 1000 characters or less',
  contactTooLong: 'Contact must be 200 characters or less',
  badEmail: 'Please enter a valid email address',
} as const;

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, message).optional(),
  );

/**
 * POST /api/feature-suggestions from either dialog: the header one sends contact_method, the
 * sidebar one email and isAnonymous. author_name defaults to ANONYMOUS.
 */
export const FeatureSuggestionBody = z.object({
  title: z
    .string(SUGGESTION_MESSAGES.missingHeader)
    .trim()
    .min(1, SUGGESTION_MESSAGES.missingHeader)
    .max(SUGGESTION_LIMITS.title, SUGGESTION_MESSAGES.titleTooLong),
  description: z
    .string(SUGGESTION_MESSAGES.missingHeader)
    .trim()
    .min(1, SUGGESTION_MESSAGES.missingHeader)
    .max(SUGGESTION_LIMITS.description, SUGGESTION_MESSAGES.descriptionTooLong),
  author_name: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? ANONYMOUS : v),
    z.string().trim().max(SUGGESTION_LIMITS.authorName, 'Name must be 50 characters or less'),
  ),
  priority: z.enum(SUGGESTION_PRIORITIES, 'Priority must be Low, Medium or High').default('Medium'),
  contact_method: optionalText(SUGGESTION_LIMITS.contact, SUGGESTION_MESSAGES.contactTooLong),
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.email(SUGGESTION_MESSAGES.badEmail).max(SUGGESTION_LIMITS.contact, SUGGESTION_MESSAGES.badEmail).optional(),
  ),
  isAnonymous: z.boolean().optional().default(false),
});
export type FeatureSuggestionBody = z.input<typeof FeatureSuggestionBody>;

/** Answers 201 with e.g. FS-8H2KQ. */
export const FeatureSuggestionResponse = z.object({ reference_number: z.string() });
export type FeatureSuggestionResponse = z.infer<typeof FeatureSuggestionResponse>;
