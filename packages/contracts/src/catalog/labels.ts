// What the web apps show for the catalog's values; no call answers with these texts.
import type { PollCategory, PollSort, ProfileQuestion } from './polls.ts';
import type { TemplateSort } from './templates.ts';
import type { ToolSort } from './tools.ts';

export const POLL_CATEGORY_LABELS: Record<PollCategory, string> = {
  general: 'General',
  scheduling: 'Scheduling',
  tools: 'Tools & Software',
  metrics: 'Metrics & KPIs',
  strategy: 'Strategy',
};

export const TOOL_SORT_LABELS: Record<ToolSort, string> = { latest: 'Latest', votes: 'Most Voted', name: 'Name A-Z' };
export const TEMPLATE_SORT_LABELS: Record<TemplateSort, string> = {
  latest: 'Latest',
  downloads: 'Most Downloaded',
  name: 'Name A-Z',
};
export const POLL_SORT_LABELS: Record<PollSort, string> = { newest: 'Newest', popular: 'Most Popular', ending: 'Ending Soon' };

export const POLL_STATUS_LABELS = { open: 'Open', active: 'Active', closed: 'Closed' } as const;

export const PROFILE_QUESTION_LABELS: Record<ProfileQuestion, string> = {
  region: 'Region',
  size: 'Contact-centre size',
  channel: 'Main channel',
};

export const PROFILE_ANSWER_LABELS = {
  region: {
    'north-america': 'North America',
    'latin-america': 'Latin America',
    europe: 'Europe',
    'middle-east-africa': 'Middle East & Africa',
    'asia-pacific': 'Asia Pacific',
  },
  size: { 'under-50': 'Under 50 agents', '50-249': '50-249 agents', '250-999': '250-999 agents', '1000-plus': '1,000+ agents' },
  channel: { voice: 'Voice', digital: 'Digital (chat, email, social)', blended: 'Blended' },
} as const;

/** Tool CSV export (document 2 §9): the columns in order, and the file name (not given by the spec). */
export const TOOL_CSV_COLUMNS = ['Name', 'Category', 'URL', 'Description', 'Votes', 'Submitted By'] as const;
export const TOOL_CSV_FILE_NAME = 'wfm-tools.csv';

/** Toasts of document 2 §8: [title, description]. */
export const CATALOG_TOASTS = {
  templateDownloaded: (name: string) => ['Download tracked!', `${name} has been downloaded.`] as const,
  templateDownloadFailed: ['Download failed'] as const,
  templateCreated: ['Template created!', 'Your template has been added to the library.'] as const,
  templateCreateFailed: ['Creation failed', 'Upload failed'] as const,
  toolVoted: ['Vote recorded!', 'Thanks for your feedback.'] as const,
  toolVoteFailed: ['Failed to vote'] as const,
  toolSubmitted: ['Tool submitted!', 'Your tool recommendation has been added to the directory.'] as const,
  toolSubmitFailed: ['Failed to submit tool'] as const,
  pollVoted: ['Vote recorded!', 'Thanks for participating in the poll.'] as const,
  pollAlreadyVoted: ['Already voted', 'You have already voted on this poll.'] as const,
  pollVoteFailed: ['Failed to vote', 'Please try again'] as const,
  pollCreated: ['Poll created!', 'Your poll has been published and is now live.'] as const,
  pollCreateFailed: ['Failed to create poll'] as const,
} as const;

/** Skeleton cards while loading, search debounce (document 2 §9). */
export const CATALOG_UI = { toolSkeletons: 9, pollSkeletons: 4, searchDebounceMs: 300, toolStaleMs: 60_000, pollStaleMs: 30_000 } as const;
