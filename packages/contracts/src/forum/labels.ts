// What the web app shows for the forum's values; no call answers with these texts.
import type { PostType, ReportReason, SuggestionPriority } from './api.ts';

/** What the /new page and the home buttons call each type. */
export const POST_TYPE_LABELS: Record<PostType, string> = {
  Question: 'Ask for Help',
  Idea: 'Share an Idea',
  Tool: 'Recommend Tool',
};

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  abusive: 'Abusive content',
  'off-topic': 'Off-topic',
  inappropriate: 'Inappropriate',
  other: 'Other',
};

export const SUGGESTION_PRIORITY_LABELS: Record<SuggestionPriority, string> = {
  Low: 'Low - Nice to have',
  Medium: 'Medium - Would be helpful',
  High: 'High - Really need this',
};
