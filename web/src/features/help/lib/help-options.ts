import type { HelpPriority } from '@wfm/contracts/forum/reports';

/** The eight help categories of spec 2 §9, with the words shown for each. */
export const HELP_CATEGORIES = [
  { value: 'technical', label: 'Technical Issue' },
  { value: 'account', label: 'Account & Profile' },
  { value: 'username', label: 'Username' },
  { value: 'mentorship', label: 'Mentorship' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'bug', label: 'Bug Report' },
  { value: 'general', label: 'General Question' },
  { value: 'content', label: 'Content & Moderation' },
] as const;

/** Stated response times per priority (spec 2 §9). */
export const HELP_RESPONSE_TIMES: Record<HelpPriority, string> = {
  Low: '3-5 days',
  Medium: '1-2 days',
  High: '4-8 hours',
  Urgent: '1-2 hours',
};

export const HELP_DESCRIPTION_MIN = 10;
export const HELP_DESCRIPTION_MAX = 1000;

export const HELP_TOASTS = {
  failed: { title: 'Failed to submit request', fallback: 'Please try again later.' },
  submitted: { title: 'Request submitted!', description: 'We will get back to you soon.' },
} as const;
